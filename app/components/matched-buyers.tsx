import type { MatchReason } from "~/lib/match-score";
import { formatCompactCurrency } from "~/lib/format";
import { StaticPager } from "./pager";

export type MatchedBuyer = {
  label: string | null;
  businessType: string;
  customerSize: number | null;
  score: number;
  reasons: MatchReason[];
  responsivenessScore: number | null;
  responsivenessReason: string;
};

/** A match's reasons with their points. */
export const MatchReasons = ({ reasons }: { reasons: MatchReason[] }) => (
  <ul className="text-xs text-slate-600">
    {reasons.map((r) => (
      <li key={r.reason}>
        {/* one text node each: a reason's parts joined by React cost a comment marker apiece, 25 rows at a time */}
        {`${r.reason} `}
        <span className="text-slate-500">{`+${r.points}`}</span>
      </li>
    ))}
  </ul>
);

/**
 * A project's matched buyers as its seller sees them, best first, a page at a time:
 * "Buyer #n" until the company signs the NDA. (Admins have their own table on the
 * admin project page.) Drawn on the server (matched-buyers.server): `at` is the page's URL.
 */
export function MatchedBuyers({
  rows,
  page,
  pageSize,
  total,
  title = "Matched buyers",
  id = "matched-buyers",
  intro,
  at,
}: {
  at: { pathname: string; search: string };
  rows: MatchedBuyer[];
  page: number;
  pageSize: number;
  total: number;
  title?: string;
  id?: string;
  intro?: string;
}) {
  return (
    <section id={id} className="card space-y-3" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      {rows.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid={id}>
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-3">Buyer</th>
                <th className="py-2 pr-3">Company type</th>
                <th className="py-2 pr-3">Size</th>
                <th className="py-2 pr-3">Score</th>
                <th className="py-2 pr-3">Reasons</th>
                <th className="py-2 pr-3">Responsiveness</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r, i) => (
                <tr key={`${r.label}-${i}`} className="align-top">
                  <td className="py-2 pr-3 font-medium">{r.label}</td>
                  <td className="py-2 pr-3">{r.businessType || "—"}</td>
                  <td className="py-2 pr-3">{formatCompactCurrency(r.customerSize)}</td>
                  <td className="py-2 pr-3 font-semibold">{r.score}</td>
                  <td className="py-2 pr-3">
                    <MatchReasons reasons={r.reasons} />
                  </td>
                  <td className="py-2 pr-3">
                    <span className="font-semibold">{r.responsivenessScore ?? "—"}</span>
                    <span className="block text-xs text-slate-600">{r.responsivenessReason}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-500">No buyer's criteria match this project yet.</p>
      )}
      {total > pageSize ? <StaticPager page={page} pageSize={pageSize} total={total} noun="matched buyers" at={at} /> : null}
    </section>
  );
}
