import { Link, useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { DateTime, SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import { titleMeta } from "~/lib/meta";
import { KIND_LABELS } from "~/lib/project-kinds";
import { STEPS } from "~/lib/listing-steps";
import { Pager } from "~/components/pager";
import { listSellerDraftPage } from "~/models/projects.server";
import { sellerReachOf } from "~/models/seller-permissions.server";
import { pageNumber } from "~/lib/query-params";

export const meta = () => titleMeta("Drafts");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"));
  // a colleague's drafts too, where this seller may edit the listing
  const { rows, ...paging } = await listSellerDraftPage(services.db, user.id, { page, reach: await sellerReachOf(services.db, user, "edit") });
  return { drafts: rows, ...paging };
}

/** Drafts and listings our team returned: each can be resumed where the seller left it. */
export default function DraftsPage() {
  const { drafts, page, pageSize, total } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Drafts">
        <Link to="/projects/create" className="btn-primary">
          List a project
        </Link>
      </PageHeader>
      <SimpleTable caption="Drafts" count={drafts.length} empty="No drafts." headers={["Project", "Kind", "Status", "Progress", "Saved", ""]}>
        {drafts.map((d) => (
          <tr key={d.id} data-testid={`draft-${d.id}`}>
            <td>
              {d.projectName || "Untitled draft"}
              {d.rejectionReason ? <p className="mt-1 text-xs text-amber-800">Returned: {d.rejectionReason}</p> : null}
            </td>
            <td>{KIND_LABELS[d.kind]}</td>
            <td>
              <StatusBadge status={d.status} />
            </td>
            <td>
              Step {Math.min(d.draftStep + 1, STEPS.length)} of {STEPS.length}
            </td>
            <td><DateTime at={d.updatedAt} /></td>
            <td>
              <Link to={`/projects/create?draft=${d.id}&step=${Math.min(d.draftStep + 1, STEPS.length)}`} className="link">
                Resume
              </Link>
              <Link to={`/sellers/myprojects/${d.id}#likely-bidders`} className="link ml-3">
                Buyers likely to bid
              </Link>
            </td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={pageSize} total={total} noun="drafts" testId="drafts-count" />
    </>
  );
}
