import { Form, Link, useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { DateTime, SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { LIST_CHANNEL_LABELS } from "~/lib/marketing";
import { titleMeta } from "~/lib/meta";
import { projectChoices } from "~/models/campaigns.server";
import { listRecipientLists } from "~/models/recipient-lists.server";
import { pageNumber } from "~/lib/query-params";
import { keepWithinPages } from "~/models/list-query.server";

export const meta = () => titleMeta("Recipient lists");

const PAGE_SIZE = 25;
const KIND_LABELS = { selection: "Selected customers", filters: "Customer filters", project: "Matched buyers of a project" } as const;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"), 10_000);
  const [lists, projects] = await Promise.all([listRecipientLists(services.db, { page, pageSize: PAGE_SIZE }), projectChoices(services.db)]);
  keepWithinPages(args.request, { page, pageSize: PAGE_SIZE, total: lists.total });
  return { ...lists, page, projects };
}

/** Saved lists; new ones come from /admin/customers (a selection or its filters) or from a project's matched buyers. */
export default function ListsPage() {
  const { rows, total, page, projects } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Recipient lists">
        <Link to="/admin/marketing/bulk-email" className="link">
          Bulk e-mail
        </Link>
        <Link to="/admin/marketing/bulk-sms" className="link">
          Bulk SMS
        </Link>
      </PageHeader>
      <p className="mb-4 text-sm text-slate-600">
        Save a list from the <Link to="/admin/customers" className="link">customers table</Link> (selected rows or the current filters), or from the buyers a project matches:
      </p>
      <Form method="get" action="/admin/marketing/lists/new" className="mb-6 flex flex-wrap items-end gap-3">
        <input type="hidden" name="kind" value="project" />
        <label className="text-sm">
          <span className="label">Project</span>
          <select name="projectId" className="input" required>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name || `Project ${p.id}`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          List its matched buyers
        </button>
      </Form>
      <SimpleTable caption="Recipient lists" headers={["Name", "For", "Members from", "Saved", "By"]} count={rows.length} empty="No lists yet.">
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <Link to={`/admin/marketing/lists/${r.id}`} className="link font-medium">
                {r.name}
              </Link>
            </td>
            <td>{LIST_CHANNEL_LABELS[r.channel]}</td>
            <td>{KIND_LABELS[r.kind]}</td>
            <td><DateTime at={r.createdAt} /></td>
            <td>{r.createdBy ?? "—"}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} noun="lists" />
    </>
  );
}
