import type { MatchReason } from "~/lib/match-score";
import { formatCompactCurrency, formatDateTime } from "~/lib/format";
import { Pager } from "./pager";

export type MatchedBuyer = {
  label: string | null;
  businessType: string;
  customerSize: number | null;
  score: number;
  reasons: MatchReason[];
  responsivenessScore: number | null;
  responsivenessReason: string;
  viewedThisProject: boolean;
  ndaStatus: string | null;
  offerStatus: string | null;
  offerPrice: number | null;
  lastLogin: string | null;
};

const Reasons = ({ reasons }: { reasons: MatchReason[] }) => (
  <ul className="text-xs text-slate-600">
    {reasons.map((r) => (
      <li key={r.reason}>
        {r.reason} <span className="text-slate-400">+{r.points}</span>
      </li>
    ))}
  </ul>
);

/**
 * A project's matched buyers, best first, a page at a time: the admin's table
 * (names, where each stands on the project) or the seller's ("Buyer #n" until the NDA).
 */
export function MatchedBuyers({
  rows,
  page,
  pageSize,
  total,
  admin,
}: {
  rows: MatchedBuyer[];
  page: number;
  pageSize: number;
  total: number;
  admin: boolean;
}) {
  return (
    <section className="card space-y-3" aria-labelledby="matched-buyers">
      <h2 id="matched-buyers" className="text-lg font-semibold">
        Matched buyers
      </h2>
      {rows.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="matched-buyers">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-3">{admin ? "Customer" : "Buyer"}</th>
                {admin ? null : <th className="py-2 pr-3">Company type</th>}
                {admin ? null : <th className="py-2 pr-3">Size</th>}
                <th className="py-2 pr-3">Score</th>
                <th className="py-2 pr-3">Reasons</th>
                <th className="py-2 pr-3">Responsiveness</th>
                {admin ? (
                  <>
                    <th className="py-2 pr-3">Viewed</th>
                    <th className="py-2 pr-3">NDA</th>
                    <th className="py-2 pr-3">Offer</th>
                    <th className="py-2 pr-3">Last login</th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r, i) => (
                <tr key={`${r.label}-${i}`} className="align-top">
                  <td className="py-2 pr-3 font-medium">{r.label}</td>
                  {admin ? null : <td className="py-2 pr-3">{r.businessType || "—"}</td>}
                  {admin ? null : <td className="py-2 pr-3">{formatCompactCurrency(r.customerSize)}</td>}
                  <td className="py-2 pr-3 font-semibold">{r.score}</td>
                  <td className="py-2 pr-3">
                    <Reasons reasons={r.reasons} />
                  </td>
                  <td className="py-2 pr-3">
                    <span className="font-semibold">{r.responsivenessScore ?? "—"}</span>
                    <span className="block text-xs text-slate-600">{r.responsivenessReason}</span>
                  </td>
                  {admin ? (
                    <>
                      <td className="py-2 pr-3">{r.viewedThisProject ? "Yes" : "No"}</td>
                      <td className="py-2 pr-3">{r.ndaStatus ?? "—"}</td>
                      <td className="py-2 pr-3">{r.offerStatus ? `${r.offerStatus} ${formatCompactCurrency(r.offerPrice)}` : "—"}</td>
                      <td className="py-2 pr-3">{r.lastLogin ? formatDateTime(r.lastLogin) : "—"}</td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-500">No buyer's criteria match this project yet.</p>
      )}
      {total > pageSize ? <Pager page={page} pageSize={pageSize} total={total} noun="matched buyers" /> : null}
    </section>
  );
}
