import { staticMarkupOf } from "~/components/static-html.server";
import { OFFER_STATUS_LABELS, type OfferStatus } from "~/lib/deal";
import { DateTime, Day } from "~/components/data-table";
import type { Closing } from "~/models/buyer-deals.server";

/** What a deal's row shows, no more: the buyer's own name and company, every stage's date are not. */
export type DealRow = {
  projectId: number;
  projectName: string;
  ndaStatus: string | null;
  offerStatus: string | null;
  /** closed by the marketplace (the listing withdrawn, another offer accepted): the reason the buyer was told, not who */
  closed: Closing | null;
  since: number | null;
  lastActivity: number;
  /** none where the buyer can no longer open the listing (withdrawn, sold to another): its pages answer 404 */
  href: string | null;
};

/**
 * A stage's page of deals drawn here: as props they went into the page twice (its markup and the
 * handoff for hydration), and each row's link resolved its path through the router on every visit
 * (a buyer of the survey's market: seven stages of 25, 42 KB of handoff). Its links navigate
 * within the app all the same (StaticHtml).
 */
export function dealRowsBody(rows: readonly DealRow[]) {
  return staticMarkupOf(["deal-rows", rows], () => (
    <>
      {rows.map((d) => (
        <tr key={d.projectId} data-project-id={d.projectId}>
          {/* the column kept in view on a phone: wide enough there to read the name in two lines (kept-name) */}
          <td>
            {d.href ? (
              <a href={d.href} className="link kept-name" title={d.projectName}>{d.projectName}</a>
            ) : (
              <span className="kept-name" title={d.projectName}>{d.projectName}</span>
            )}
          </td>
          <td>{d.closed?.of === "nda" ? d.closed.reason : (d.ndaStatus ?? "—")}</td>
          <td>{d.closed?.of === "offer" ? d.closed.reason : d.offerStatus ? OFFER_STATUS_LABELS[d.offerStatus as OfferStatus] : "—"}</td>
          <td><Day at={d.since} /></td>
          <td><DateTime at={d.lastActivity} /></td>
        </tr>
      ))}
    </>
  ));
}
