import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";
import { SimpleTable } from "~/components/data-table";
import { CampaignCells } from "~/components/campaign-cells";
import { FormErrors, SelectField, TextAreaField, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { MERGE_FIELDS } from "~/lib/merge-fields";
import { titleMeta } from "~/lib/meta";
import { campaignDraftSchema } from "~/lib/schemas/index.server";
import { createDraftOnce, draftProblem } from "~/models/campaigns.server";
import { composePage } from "~/models/campaign-page.server";
import { parseWithZod } from "~/lib/schemas/index.server";
import { randomToken } from "~/.server/crypto";
import { submissionKeyOf } from "~/.server/replies";


export const meta = () => titleMeta("Bulk e-mail");

const PAGE_SIZE = 25;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  // the form's one-time key (decision 083): sent twice (a double click, a resend), it writes one draft
  return { ...(await composePage(services.db, { channel: "email", request: args.request, pageSize: PAGE_SIZE })), submissionKey: randomToken(16) };
}

/** Writes a draft; its page previews it, sends a test and sends it (so a double submit here sends nothing). */
export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const form = await readForm(args.request);
  const submission = parseWithZod(form, { schema: campaignDraftSchema() });
  if (submission.status !== "success") return invalid(submission);
  const { listId, subject, body, projectId } = submission.value;
  const problem = await draftProblem(services.db, { channel: "email", listId, projectId });
  if (problem) return json({ result: submission.reply({ fieldErrors: problem }) }, { status: 400 });
  const { id: campaignId, created } = await createDraftOnce(services.db, { channel: "email", draft: { listId, subject, body, projectId: projectId ?? null }, actor: user, submissionKey: submissionKeyOf(form) });
  return redirectWithNotification(services, args.request, `/admin/marketing/bulk-email/${campaignId}`, created ? "The e-mail is ready: check the preview, then send it." : "The e-mail is ready, once: the form was sent twice. Check the preview, then send it.");
}

export default function BulkEmailPage() {
  const { lists, projects, listId, campaigns, total, page, submissionKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "campaign",
    lastResult: data?.result,
    defaultValue: { listId },
    schema: () => import("~/lib/schemas/marketing").then((m) => m.campaignDraftSchema()),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <PageHeader title="Bulk e-mail" back={{ to: "/admin/marketing/lists", label: "Recipient lists" }} />
      <Form method="post" className="card mb-8 max-w-3xl space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="key" value={submissionKey} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField meta={fields.listId} label="List" options={lists} placeholder="Choose a list" />
        <SelectField meta={fields.projectId} label="Project (optional)" options={projects} placeholder="No project" />
        <TextField meta={fields.subject} label="Subject" maxLength={200} />
        <TextAreaField
          meta={fields.body}
          label="Body"
          rows={12}
          // drawn as HTML on the server (render/email-markdown.ts), sent beside the text as typed
          hint={`Markdown: # Heading, **bold**, _italic_, ~~struck~~, - lists, > quotes, [links](https://…). Sent formatted, and as typed for mail apps that show text only. Merge fields: ${MERGE_FIELDS.map((f) => `{{${f}}}`).join(", ")}. An unsubscribe link is added at the foot.`}
        />
        <button type="submit" className="btn-primary">
          Preview
        </button>
      </Form>
      <h2 className="mb-2 text-lg font-semibold">Campaigns</h2>
      <SimpleTable caption="Campaigns" headers={["Subject", "List", "Status", "Members", "Created"]} count={campaigns.length} empty="No campaigns yet.">
        {campaigns.map((c) => (
          <tr key={c.id}>
            <td>
              <Link to={`/admin/marketing/bulk-email/${c.id}`} className="link font-medium">
                {c.subject}
              </Link>
            </td>
            <CampaignCells campaign={c} />
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} noun="campaigns" />
    </>
  );
}
