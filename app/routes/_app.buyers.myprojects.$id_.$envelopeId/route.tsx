import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { ndaBlockedReason } from "~/models/customer-accounts.server";
import { requireUser, type GuardArgs } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { defaultNdaParagraphs } from "~/.server/documents/nda";
import { clientAddress, notFound, idParam } from "~/.server/http";
import { invalid, refuse } from "~/.server/replies";
import { NDA_APPROVED, workspacePath } from "~/lib/deal";
import { dealSectionOf } from "~/lib/deal-section.server";
import { signNdaSchema } from "~/lib/schemas/index.server";
import { findContractByEnvelope, ndaHasTemplate, ndaSettingsOf, signNda } from "~/models/contracts.server";
import { dealServices } from "~/models/notifications.server";
import { sellerCompanyOf } from "~/models/projects.server";
import { findDealProject } from "~/models/buyer-deal.server";
import { readForm } from "~/.server/body";
import type { Services } from "~/.server/services";
import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FieldErrors, FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { formatDateTime } from "~/lib/format";
import type { MetaFunction } from "@remix-run/react";
import { pageTitle } from "~/lib/meta";
import { errorMeta } from "~/components/error-boundary";
import { parseWithZod } from "~/lib/schemas/index.server";

export const meta: MetaFunction<typeof loader> = ({ error }) => (error ? errorMeta(error) : [{ title: pageTitle("Sign the NDA") }]);

/** The envelope of the signed-in member, on the project the URL names (a sold one, its buyer's: decision 092); anything else is not found. */
async function requireEnvelope(args: GuardArgs) {
  const { services, user, role } = await requireUser(args, { role: dealSectionOf(args.request) === "brokers" ? "broker" : ["buyer", "seller"] });
  const contract = await findContractByEnvelope(services.db, args.params?.envelopeId ?? "");
  if (!contract || contract.buyerId !== user.id || contract.projectId !== idParam(args.params)) throw notFound();
  const deal = await findDealProject(services.db, { id: user.id, role }, contract.projectId);
  if (!deal) throw notFound();
  return { services, user, contract, project: deal.project };
}

/** The signing page of an NDA envelope, /{buyers|brokers}/myprojects/{id}/{envelopeId} (and where a signing provider returns to): the NDA, and the signature form while it is unsigned. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, contract, project } = await requireEnvelope(args);
  const [settings, sellerCompany] = await Promise.all([ndaSettingsOf(services.db, project.id), sellerCompanyOf(services.db, project)]);
  return {
    project: { id: project.id, projectName: project.projectName },
    envelope: {
      id: contract.envelopeId,
      status: contract.ndaStatus,
      signedAt: contract.signedAt,
      signerName: contract.signerName,
      signedSha256: contract.signedSha256,
    },
    documentPath: `/projects/more-details/${project.id}/nda/${contract.envelopeId}`,
    workspacePath: workspacePath(user.roles, project.id),
    // an uploaded template is read as its PDF; the default one is shown here as text too
    paragraphs: (await ndaHasTemplate(services.db, settings)) ? null : defaultNdaParagraphs({ projectName: project.projectName, sellerCompany }),
    suggestedName: user.name,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, contract, project } = await requireEnvelope(args);
  const submission = parseWithZod(await readForm(args.request), { schema: signNdaSchema() });
  if (submission.status !== "success") return invalid(submission);
  if (contract.ndaStatus === "Rejected") return refuse(submission, closedNda(contract), 409);
  // the same signature sent twice (a double click, a resend after a slow answer): it lands where the first did
  if (contract.ndaStatus !== "Requested" && contract.signerName === submission.value.signerName) return signedAnswer(services, args.request, user, project, contract);
  if (contract.ndaStatus !== "Requested") return refuse(submission, "This NDA is signed already.", 409);
  // the rule the request met is met again at the signature: a company that is not verified signs no NDA,
  // whenever its member opened the envelope (before having a company, say)
  const blocked = await ndaBlockedReason(services.db, { customerId: user.customerId });
  if (blocked) return refuse(submission, blocked, 403);
  const signed = await signNda(dealServices(services), contract, project, user, {
    signerName: submission.value.signerName,
    ipAddress: clientAddress(args.request),
    userAgent: args.request.headers.get("User-Agent") ?? "",
  });
  // closed while the buyer signed (the listing withdrawn at that moment): their signature was not taken
  if (signed.ndaStatus === "Rejected") return refuse(submission, closedNda(signed), 409);
  return signedAnswer(services, args.request, user, project, signed);
}

/** Where a signature lands: the workspace when the NDA is approved (at once, or since), the teaser while it waits for the seller. */
function signedAnswer(services: Services, request: Request, user: { roles: readonly string[] }, project: { id: number }, contract: { ndaStatus: string }) {
  const approved = contract.ndaStatus === NDA_APPROVED;
  return redirectWithNotification(
    services,
    request,
    approved ? workspacePath(user.roles, project.id) : `/projects/more-details/${project.id}`,
    approved ? "NDA signed and approved: the workspace is open." : "NDA signed. The seller will review it.",
  );
}


const closedNda = (contract: { rejectionReason: string | null }) => `This NDA request is closed${contract.rejectionReason ? `: ${contract.rejectionReason.replace(/^Closed: /, "")}` : ""}.`;

/** Read the NDA, type your name, agree: the built-in signer. */
export default function SigningPage() {
  const { project, envelope, documentPath, paragraphs, suggestedName, workspacePath } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: "sign-nda",
    lastResult,
    defaultValue: { signerName: suggestedName },
    schema: () => import("~/lib/schemas/deal").then((m) => m.signNdaSchema()),
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
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      {/* the text scrolls in its box: focusable, so a keyboard can scroll it too; never taller than most of the window
          (a 1280 × 800 screen at 200 % zoom is 400 px high), so the whole box and its end can be seen */}
      {paragraphs ? (
        <article tabIndex={0} className="card max-h-[min(28rem,70vh)] space-y-3 overflow-y-auto text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-primary" aria-label="The NDA">
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </article>
      ) : (
        <p className="card text-sm">The seller provided its own NDA: read the PDF above before you sign.</p>
      )}
      {/* above the form, not in it: a refusal of a signature (signed meanwhile, closed) is read on a page that no longer draws it */}
      <FormErrors id={form.errorId} errors={form.errors} />
      {envelope.status === "Requested" ? (
        <Form method="post" className="card space-y-4" {...getFormProps(form)}>
          <h2 className="font-semibold">Sign</h2>
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

export { DealErrorBoundary as ErrorBoundary } from "~/components/deal-error-boundary";
