import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useState } from "react";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";
import { SimpleTable } from "~/components/data-table";
import { CampaignCells } from "~/components/campaign-cells";
import { FormErrors, SelectField, TextAreaField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { SmsCount } from "~/components/sms-count";
import { MERGE_FIELDS } from "~/lib/merge-fields";
import { titleMeta } from "~/lib/meta";
import { SMS_MAX_LENGTH } from "~/lib/sms";
import { smsDraftSchema } from "~/lib/schemas/index.server";
import { createDraftOnce, draftProblem } from "~/models/campaigns.server";
import { composePage } from "~/models/campaign-page.server";
import { parseWithZod } from "~/lib/schemas/index.server";
import { randomToken } from "~/.server/crypto";
import { submissionKeyOf } from "~/.server/replies";


export const meta = () => titleMeta("Bulk SMS");

const PAGE_SIZE = 25;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  // the form's one-time key (decision 083): sent twice (a double click, a resend), it writes one draft
  return { ...(await composePage(services.db, { channel: "sms", request: args.request, pageSize: PAGE_SIZE })), submissionKey: randomToken(16) };
}

/** Writes a draft; its page previews it per recipient, sends a test and sends it (so a double submit here sends nothing). */
export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const form = await readForm(args.request);
  const submission = parseWithZod(form, { schema: smsDraftSchema() });
  if (submission.status !== "success") return invalid(submission);
  const { listId, body, projectId } = submission.value;
  const problem = await draftProblem(services.db, { channel: "sms", listId, projectId });
  if (problem) return json({ result: submission.reply({ fieldErrors: problem }) }, { status: 400 });
  const { id, created } = await createDraftOnce(services.db, { channel: "sms", draft: { listId, subject: "", body, projectId: projectId ?? null }, actor: user, submissionKey: submissionKeyOf(form) });
  return redirectWithNotification(services, args.request, `/admin/marketing/bulk-sms/${id}`, created ? "The text is ready: check the preview, then send it." : "The text is ready, once: the form was sent twice. Check the preview, then send it.");
}

export default function BulkSmsPage() {
  const { lists, projects, listId, campaigns, total, page, submissionKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "sms-campaign",
    lastResult: data?.result,
    defaultValue: { listId },
    schema: () => import("~/lib/schemas/marketing").then((m) => m.smsDraftSchema()),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // without JavaScript the count is the server's, for the text it was last sent
  const [text, setText] = useState(String(fields.body.initialValue ?? ""));
  return (
    <>
      <PageHeader title="Bulk SMS">
        <Link to="/admin/marketing/lists" className="link">
          Recipient lists
        </Link>
      </PageHeader>
      <Form method="post" className="card mb-8 max-w-3xl space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="key" value={submissionKey} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField meta={fields.listId} label="List" options={lists} placeholder="Choose a list" />
        <SelectField meta={fields.projectId} label="Project (optional)" options={projects} placeholder="No project" />
        <TextAreaField
          meta={fields.body}
          label="Text"
          rows={5}
          maxLength={SMS_MAX_LENGTH}
          onInput={(event) => setText(event.currentTarget.value)}
          hint={`Merge fields: ${MERGE_FIELDS.map((f) => `{{${f}}}`).join(", ")}. “Reply STOP to opt out” is added at the end.`}
        />
        <SmsCount text={text} />
        <button type="submit" className="btn-primary">
          Preview
        </button>
      </Form>
      <h2 className="mb-2 text-lg font-semibold">Texts</h2>
      <SimpleTable caption="Texts" headers={["Text", "List", "Status", "Members", "Created"]} count={campaigns.length} empty="No texts yet.">
        {campaigns.map((c) => (
          <tr key={c.id}>
            <td>
              <Link to={`/admin/marketing/bulk-sms/${c.id}`} className="link font-medium">
                {c.body.length > 60 ? `${c.body.slice(0, 60)}…` : c.body}
              </Link>
            </td>
            <CampaignCells campaign={c} />
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} noun="texts" />
    </>
  );
}
