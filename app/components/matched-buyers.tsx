import type { MatchReason } from "~/lib/match-score";
import { formatCompactCurrency } from "~/lib/format-figures";
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
  // the points' colour is the list's, not each span's: 25 rows of five or six reasons at a time; a
  // width of its own: in a table wider than a phone its column shrank to its longest word, each
  // reason on three lines and a row a screen tall
  <ul className="min-w-52 text-xs text-slate-600 [&_span]:text-slate-500">
    {reasons.map((r) => (
      <li key={r.reason}>
        {/* one text node each: a reason's parts joined by React cost a comment marker apiece */}
        {`${r.reason} `}
        <span>{`+${r.points}`}</span>
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
        <div className="scroll-shadows overflow-x-auto" role="group" aria-labelledby={`${id}-heading`} tabIndex={0}>
          {/* the cells' padding is the table's: 25 rows of six cells each naming it were 3 KB of a project page;
              the buyer's column stays in view while the rest scrolls on a phone, as in the other tables */}
          <table className="w-full text-left text-sm [&_td]:py-2 [&_td]:pr-3 [&_th]:py-2 [&_th]:pr-3 [&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:bg-white" data-testid={id}>
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th>Buyer</th>
                <th>Company type</th>
                <th>Size</th>
                <th>Score</th>
                <th>Reasons</th>
                <th>Responsiveness</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {rows.map((r, i) => (
                <tr key={`${r.label}-${i}`}>
                  <td className="whitespace-nowrap font-medium">{r.label}</td>
                  <td>{r.businessType || "—"}</td>
                  <td>{formatCompactCurrency(r.customerSize)}</td>
                  <td className="font-semibold">{r.score}</td>
                  <td>
                    <MatchReasons reasons={r.reasons} />
                  </td>
                  <td>
                    <span className="font-semibold">{r.responsivenessScore ?? "—"}</span>
                    <span className="block min-w-40 text-xs text-slate-600">{r.responsivenessReason}</span>
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
