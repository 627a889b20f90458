import { DateTime, SimpleTable } from "~/components/data-table";
import { Pager } from "~/components/pager";
import { formatNumber } from "~/lib/format";

export type CampaignOutcomesData = {
  windowDays: number;
  reached: number;
  viewed: number;
  signed: number;
  offered: number;
  total: number;
  page: number;
  pageSize: number;
  rows: Array<{ customerId: number; customerName: string; sentAt: number; viewedAt: number | null; signedAt: number | null; offeredAt: number | null }>;
};

const when = (at: number | null) => <DateTime at={at} />;

/** What followed a campaign: the recipients who then looked, signed or offered within 14 days (our own records). */
export function CampaignOutcomes({ outcomes }: { outcomes: CampaignOutcomesData }) {
  const steps: Array<[string, number]> = [
    ["Reached", outcomes.reached],
    ["Looked at the project", outcomes.viewed],
    ["Signed the NDA", outcomes.signed],
    ["Made an offer", outcomes.offered],
  ];
  return (
    <section className="card mb-6" aria-labelledby="outcomes-heading" data-testid="campaign-outcomes">
      <h2 id="outcomes-heading" className="mb-1 text-lg font-semibold">
        What followed
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Recipients whose members then took a step within {outcomes.windowDays} days of their message, from our own records: no open tracking.
      </p>
      <dl className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {steps.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-xl font-semibold">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <SimpleTable caption="Recipients who took a step" headers={["Customer", "Sent", "Looked", "NDA signed", "Offer"]} count={outcomes.rows.length} empty="No recipient has taken a step yet.">
        {outcomes.rows.map((r) => (
          <tr key={r.customerId}>
            <td>{r.customerName}</td>
            <td><DateTime at={r.sentAt} /></td>
            <td>{when(r.viewedAt)}</td>
            <td>{when(r.signedAt)}</td>
            <td>{when(r.offeredAt)}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={outcomes.page} pageSize={outcomes.pageSize} total={outcomes.total} noun="recipients who took a step" param="followed" label="Pages of what followed" />
    </section>
  );
}
