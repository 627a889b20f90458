import { formatDateTime } from "~/components/data-table";
import { Pager } from "~/components/pager";
import type { CommissionStatus } from "~/lib/affiliates";

type Referred = { id: number; memberName: string; joinedAt: string | Date; ndasSigned: number; offersAccepted: number; commissionStatus: CommissionStatus };

export type Partner = {
  code: string;
  link: string;
  status: string;
  commissionPercent: number;
  referrals: number;
  ndasSigned: number;
  offersAccepted: number;
  pending: number;
  approved: number;
  paid: number;
  referred: { rows: Referred[]; page: number; pageSize: number; total: number };
};

/** An approved partner's own account: their code and link, what the link brought, and their commissions (as the admin counts them). */
export function PartnerStatement({ partner }: { partner: Partner }) {
  const { rows, ...paging } = partner.referred;
  const figures: [string, number][] = [
    ["Members referred", partner.referrals],
    ["NDAs signed", partner.ndasSigned],
    ["Offers accepted", partner.offersAccepted],
    ["Commissions pending", partner.pending],
    ["Commissions approved", partner.approved],
    ["Commissions paid", partner.paid],
  ];
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 pb-12" aria-labelledby="partner-heading" data-testid="partner-statement">
      <h2 id="partner-heading" className="text-2xl font-bold">Your partner account</h2>
      <div className="card space-y-3">
        <p className="text-sm">
          Partner code <strong data-testid="partner-code">{partner.code}</strong> · {partner.commissionPercent}% commission
          {partner.status === "active" ? null : <> · <strong>inactive</strong>: your link no longer credits new sign-ups; the members it brought stay yours</>}
        </p>
        <label className="block text-sm">
          <span className="label">Your referral link</span>
          {/* read-only and selectable: copied the same way with or without JavaScript */}
          <input readOnly value={partner.link} className="input w-full font-mono" data-testid="referral-link" onFocus={(e) => e.currentTarget.select()} />
        </label>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="card">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="table-scroll" role="group" aria-label="Members you referred" tabIndex={0}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="mb-2 text-left text-lg font-semibold">Members you referred</caption>
          <thead className="bg-slate-50">
            <tr>
              {["Member", "Joined", "NDAs signed", "Offers accepted", "Commission"].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length ? (
              rows.map((r) => (
                <tr key={r.id}>
                  <td className="px-3 py-2">{r.memberName}</td>
                  <td className="px-3 py-2">{formatDateTime(r.joinedAt)}</td>
                  <td className="px-3 py-2">{r.ndasSigned}</td>
                  <td className="px-3 py-2">{r.offersAccepted}</td>
                  <td className="px-3 py-2">{r.commissionStatus}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={5} className="px-3 py-4 text-slate-600">Nobody has joined through your link yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {paging.total > paging.pageSize ? <Pager {...paging} noun="members" label="Referred member pages" /> : null}
    </section>
  );
}
