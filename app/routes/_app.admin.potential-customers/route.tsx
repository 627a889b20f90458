import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound } from "~/.server/http";
import { readForm } from "~/.server/body";
import { invalid, refuse } from "~/.server/replies";
import { formErrorsOf } from "~/lib/action-result";
import { SimpleTable, cell, formatDateTime } from "~/components/data-table";
import { FormErrors } from "~/components/forms";
import { Pager, StatusFilter } from "~/components/inbound-list";
import { PageHeader } from "~/components/page-header";
import { INBOUND_PAGE_SIZE, LEAD_CSV_COLUMNS, LEAD_SOURCE_LABELS, LEAD_STATUSES, type LeadStatus } from "~/lib/inbound";
import { titleMeta } from "~/lib/meta";
import { leadAdminSchema } from "~/lib/schemas/inbound";
import { recordAudit } from "~/models/audit.server";
import { inviteMember } from "~/models/invitations.server";
import { convertLead, dismissLead, importLeads, listLeads, type LeadImportError } from "~/models/leads.server";

export const meta = () => titleMeta("Potential customers");

const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const CSV_MAX_BYTES = 1024 * 1024;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const url = new URL(args.request.url);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const wanted = url.searchParams.get("status");
  const status = (LEAD_STATUSES as readonly string[]).includes(wanted ?? "") ? (wanted as LeadStatus) : null;
  const { rows, total } = await listLeads(services.db, { status, page });
  return json({ rows, total, page, status, pageSize: INBOUND_PAGE_SIZE });
}

/** Every answer names the import's line errors (none unless an import was refused). */
const NO_EXTRA: { importErrors: LeadImportError[] | null } = { importErrors: null };

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const form = await readForm(args.request, "upload");
  const submission = parseWithZod(form, { schema: leadAdminSchema });
  if (submission.status !== "success") return invalid(submission, { extra: NO_EXTRA });
  const address = clientAddress(args.request);
  const url = new URL(args.request.url);
  const back = url.pathname + url.search;
  const change = submission.value;
  if (change.intent === "import") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return refuse(submission, "Choose a CSV file.", 400, { extra: NO_EXTRA });
    }
    if (file.size > CSV_MAX_BYTES) {
      return refuse(submission, "The file is larger than 1 MB.", 400, { extra: NO_EXTRA });
    }
    const { imported, errors } = await importLeads(services.db, { text: await file.text() });
    if (errors.length) {
      const message = "Nothing was imported: correct these lines and upload the file again.";
      return refuse(submission, message, 400, { extra: { importErrors: errors.slice(0, 100) } });
    }
    await recordAudit(services.db, { actor: user, action: "lead.import", subjectType: "lead", subjectId: "csv", detail: `${imported} lines`, address });
    return redirectWithNotification(services, args.request, back, `${imported} potential customers imported.`);
  }
  if (change.intent === "dismiss") {
    if (!(await dismissLead(services.db, { id: change.id }))) throw notFound();
    await recordAudit(services.db, { actor: user, action: "lead.dismiss", subjectType: "lead", subjectId: change.id, address });
    return redirectWithNotification(services, args.request, back, "Dismissed.");
  }
  const done = await convertLead(services.db, { id: change.id });
  if (!done) throw notFound();
  if (!done.ok) {
    const message =
      done.reason === "domain-taken" ? "A customer with this website already exists." : "This potential customer is no longer open.";
    return refuse(submission, message, 409, { extra: NO_EXTRA });
  }
  await recordAudit(services.db, {
    actor: user,
    action: "lead.convert",
    subjectType: "lead",
    subjectId: change.id,
    detail: `customer ${done.customerId}`,
    address,
  });
  // the same step invites the lead's contact as the customer's first member
  const invited = await inviteMember(services, {
    customerId: done.customerId,
    name: done.lead.name,
    email: done.lead.email,
    roles: [done.customerType === "broker" ? "ROLE_BROKER" : "ROLE_BUYER"],
    actor: user,
    address,
  });
  if (!invited.ok) {
    return redirectWithNotification(services, args.request, back, `The customer is created; ${done.lead.email} was not invited: ${invited.message}`, "error");
  }
  return redirectWithNotification(services, args.request, back, `The customer is created and ${done.lead.email} is invited.`);
}

export default function PotentialCustomersPage() {
  const { rows, total, page, status, pageSize } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <>
      <PageHeader title="Potential customers" />
      <FormErrors errors={formErrorsOf(actionData?.result)} />
      {actionData?.importErrors?.length ? (
        <ul className="mb-4 list-disc pl-6 text-sm text-red-700" data-testid="import-errors">
          {actionData.importErrors.map((e, i) => (
            <li key={i}>
              Line {e.line}: {e.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <StatusFilter status={status} options={STATUS_OPTIONS} />
        <Form method="post" encType="multipart/form-data" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="import" />
          <div>
            <label htmlFor="lead-csv" className="block text-sm font-medium text-slate-700">
              Import a CSV <span className="font-normal text-slate-500">({LEAD_CSV_COLUMNS.join(", ")})</span>
            </label>
            <input id="lead-csv" name="file" type="file" accept=".csv,text/csv" className="text-sm" />
          </div>
          <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
            Import
          </button>
        </Form>
      </div>
      <SimpleTable caption="Potential customers" count={rows.length} empty="No potential customers yet." headers={["Received", "Source", "Contact", "Company", "Notes", "Status", ""]}>
        {rows.map(({ lead, customerName }) => (
          <tr key={lead.id} data-testid={`lead-${lead.email}`}>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(lead.createdAt)}</td>
            <td className={cell}>{LEAD_SOURCE_LABELS[lead.source]}</td>
            <td className={cell}>
              {lead.name}
              <br />
              <a className="link" href={`mailto:${lead.email}`}>
                {lead.email}
              </a>
              {lead.phone ? (
                <>
                  <br />
                  {lead.phone}
                </>
              ) : null}
            </td>
            <td className={cell}>
              {lead.company}
              {lead.website ? (
                <>
                  <br />
                  {lead.website}
                </>
              ) : null}
            </td>
            <td className={`${cell} max-w-sm whitespace-pre-line`}>{lead.notes}</td>
            <td className={cell}>
              {lead.status === "converted" ? <>Converted: {customerName ?? `customer ${lead.customerId}`}</> : lead.status === "dismissed" ? "Dismissed" : "Open"}
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              {lead.status === "open" ? (
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="id" value={lead.id} />
                  <button name="intent" value="convert" className="btn-primary px-2 py-1">
                    Convert
                  </button>
                  <button name="intent" value="dismiss" className="btn-secondary px-2 py-1">
                    Dismiss
                  </button>
                </Form>
              ) : null}
            </td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={pageSize} total={total} params={{ status }} />
    </>
  );
}
