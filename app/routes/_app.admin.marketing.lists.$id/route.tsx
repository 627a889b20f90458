import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { idParam, notFound } from "~/.server/http";
import { SimpleTable, formatDateTime } from "~/components/data-table";
import { ListReach } from "~/components/list-reach";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { hrefWith } from "~/lib/href-with";
import { LIST_CHANNEL_LABELS } from "~/lib/marketing";
import { titleMeta } from "~/lib/meta";
import { findRecipientList, recipientListPage } from "~/models/recipient-lists.server";
import { pageNumber } from "~/lib/query-params";
import { keepWithinPages } from "~/models/list-query.server";

export const meta = () => titleMeta("Recipient list");

const PAGE_SIZE = 50;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const list = await findRecipientList(services.db, { listId: idParam(args.params) });
  if (!list) throw notFound();
  const params = new URL(args.request.url).searchParams;
  const page = pageNumber(params.get("page"), 10_000);
  // the reach judges every member's addresses (50 ms for 20,000): counted when the admin asks (decision 094)
  const withReach = params.get("reach") === "1";
  const { size, leftOut, reach, members } = await recipientListPage(services.db, { list, page, pageSize: PAGE_SIZE, withReach });
  keepWithinPages(args.request, { page, pageSize: PAGE_SIZE, total: size });
  return {
    list: { id: list.id, name: list.name, channel: list.channel, kind: list.kind, createdAt: list.createdAt, createdBy: list.createdBy },
    size,
    leftOut,
    reach,
    members,
    page,
  };
}

/** A list as it resolves today: its size and who cannot be reached, before anything is sent. */
export default function ListPage() {
  const { list, size, leftOut, reach, members, page } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <PageHeader title={list.name} back={{ to: "/admin/marketing/lists", label: "All lists" }}>
        {list.channel !== "sms" ? (
          <Link to={`/admin/marketing/bulk-email?listId=${list.id}`} className="btn-primary">
            Write an e-mail to this list
          </Link>
        ) : null}
        {list.channel !== "email" ? (
          <Link to={`/admin/marketing/bulk-sms?listId=${list.id}`} className="btn-primary">
            Write a text to this list
          </Link>
        ) : null}
      </PageHeader>
      <p className="mb-4 text-sm text-slate-600">
        {LIST_CHANNEL_LABELS[list.channel]} list, saved {formatDateTime(list.createdAt)}
        {list.createdBy ? ` by ${list.createdBy}` : ""}.
      </p>
      <ListReach size={size} leftOut={leftOut} reach={reach} countHref={hrefWith(location, { reach: 1 })} />
      <h2 className="mb-2 mt-6 text-lg font-semibold">Members</h2>
      <SimpleTable caption="Members" headers={["Customer", "Contact", "E-mail", "Phone", "SMS allowance"]} count={members.length} empty="No customer is on this list now.">
        {members.map((m) => (
          <tr key={m.customerId}>
            <td>
              <Link to={`/admin/customers/${m.customerId}`} className="link">
                {m.customerName}
              </Link>
            </td>
            <td>{m.contactPerson || "—"}</td>
            <td>{m.attentionEmail || "—"}</td>
            <td>{m.attentionPhone || "—"}</td>
            <td>{m.smsAllowance}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={PAGE_SIZE} total={size} noun="members" />
    </>
  );
}
