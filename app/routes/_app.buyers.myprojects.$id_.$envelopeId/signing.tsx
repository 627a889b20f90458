import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { signingAction, signingLoader } from "~/routes/_app.buyers.myprojects.$id_.$envelopeId/queries.server";
import { FieldErrors, FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { formatDateTime } from "~/lib/format";
import { signNdaSchema } from "~/lib/schemas/deal";

/** Read the NDA, type your name, agree: the built-in signer. */
export function SigningPage() {
  const { project, envelope, documentPath, paragraphs, suggestedName, workspacePath } = useLoaderData<typeof signingLoader>();
  const lastResult = useActionData<typeof signingAction>();
  const [form, fields] = useForm({
    id: "sign-nda",
    lastResult,
    defaultValue: { signerName: suggestedName },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signNdaSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title={`NDA: ${project.projectName}`} />
      <p className="text-sm text-slate-600">
        Envelope <code data-testid="envelope-id">{envelope.id}</code> ·{" "}
        <a href={documentPath} className="link" target="_blank" rel="noreferrer">
          {envelope.status === "Requested" ? "The NDA as PDF" : "The signed NDA (PDF)"}
        </a>
      </p>
      {paragraphs ? (
        <article className="card max-h-[28rem] space-y-3 overflow-y-auto text-sm leading-relaxed" aria-label="The NDA">
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </article>
      ) : (
        <p className="card text-sm">The seller provided its own NDA: read the PDF above before you sign.</p>
      )}
      {envelope.status === "Requested" ? (
        <Form method="post" className="card space-y-4" {...getFormProps(form)}>
          <h2 className="font-semibold">Sign</h2>
          <FormErrors errors={form.errors} />
          <TextField meta={fields.signerName} label="Type your full name" autoComplete="name" />
          <div>
            <label className="flex items-start gap-2 text-sm">
              <input {...getInputProps(fields.agree, { type: "checkbox", ariaAttributes: true })} className="mt-1" />
              <span>I have read this NDA and agree to it on behalf of my company. Typing my name is my signature.</span>
            </label>
            <FieldErrors id={fields.agree.errorId} errors={fields.agree.errors} />
          </div>
          <p className="text-xs text-slate-500">
            We record the time, your IP address and your browser with the signature, on an audit page added to the PDF.
          </p>
          <button type="submit" className="btn-primary">
            Sign the NDA
          </button>
        </Form>
      ) : (
        <section className="card space-y-2 text-sm" role="status">
          <p>
            NDA status: <strong>{envelope.status}</strong>. Signed by {envelope.signerName} on {formatDateTime(envelope.signedAt)}.
          </p>
          <p className="break-all text-xs text-slate-500">SHA-256 of the signed PDF: {envelope.signedSha256}</p>
          {envelope.status === "NDA Approved" ? (
            <Link to={workspacePath} className="btn-primary">
              Open the workspace
            </Link>
          ) : (
            <Link to={`/projects/more-details/${project.id}`} className="link">
              Back to the project
            </Link>
          )}
        </section>
      )}
    </div>
  );
}
