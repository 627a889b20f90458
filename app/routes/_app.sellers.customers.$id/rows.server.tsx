import { staticMarkupOf } from "~/components/static-html.server";
import { DateTime, Day } from "~/components/data-table";
import { formatDuration } from "~/lib/format";
import type { buyerCompanyForSeller } from "~/models/buyer-company-view.server";

type ProjectRow = NonNullable<Awaited<ReturnType<typeof buyerCompanyForSeller>>>["projects"]["rows"][number];

/**
 * A page of the company's activity on the seller's projects, drawn here: as props the rows went into
 * the page twice (its markup and the handoff for hydration), and each row's link resolved its path
 * through the router on every visit. Its links navigate within the app all the same (StaticHtml).
 */
export function projectRowsBody(rows: readonly ProjectRow[]) {
  return staticMarkupOf(["buyer-company-projects", rows], () => (
    <>
      {rows.map((p) => (
        <tr key={`${p.projectId}-${p.signerName}`} data-testid="buyer-project-row">
          <td>
            <a href={`/sellers/myprojects/${p.projectId}`} className="link">{p.projectName || `Project ${p.projectId}`}</a>
          </td>
          <td>{p.ndaStatus}</td>
          <td><Day at={p.signedAt} />{p.signerName ? ` by ${p.signerName}` : ""}</td>
          <td>{p.visits}</td>
          <td>{formatDuration(p.totalTime)}</td>
          <td>{formatDuration(p.activeTime)}</td>
          <td>{p.documentsOpened}</td>
          <td>{p.messages}</td>
          <td>{p.offers ? `${p.offers} (${p.lastOfferStatus})` : "0"}</td>
          <td><DateTime at={p.lastVisit} /></td>
        </tr>
      ))}
    </>
  ));
}
