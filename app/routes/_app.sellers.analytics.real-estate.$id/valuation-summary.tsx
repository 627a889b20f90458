import { formatCurrency } from "~/lib/format";
import type { Valuation, ValuationInputs } from "~/lib/real-estate-valuation";

function Fact({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className={strong ? "font-semibold" : undefined} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const times = (v: number | null) => (v === null ? "—" : `${v.toFixed(2)}×`);
const percent = (v: number | null) => (v === null ? "—" : `${v.toFixed(1)}%`);

/** NOI, the value range and the debt's cover, from the assumptions in force. */
export function ValuationSummary({ valuation: v, inputs, listedNoi }: { valuation: Valuation; inputs: ValuationInputs; listedNoi: number | null }) {
  const low = (inputs.capRate + inputs.spread / 100).toFixed(2);
  const high = Math.max(inputs.capRate - inputs.spread / 100, 0.25).toFixed(2);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <section className="card" aria-labelledby="noi-title">
        <h2 id="noi-title" className="mb-2 font-semibold">
          Net operating income
        </h2>
        <dl className="text-sm">
          <Fact label="Gross potential rent" value={formatCurrency(inputs.rent)} />
          <Fact label={`Less vacancy (${inputs.vacancy}%)`} value={formatCurrency(inputs.rent - v.effectiveGrossIncome)} />
          <Fact label="Effective gross income" value={formatCurrency(v.effectiveGrossIncome)} />
          <Fact label="Less operating expenses" value={formatCurrency(inputs.expenses)} />
          <Fact label="NOI" value={formatCurrency(v.noi)} testId="noi" strong />
          {listedNoi !== null ? <Fact label="NOI the listing states" value={formatCurrency(listedNoi)} /> : null}
        </dl>
      </section>
      <section className="card" aria-labelledby="value-title">
        <h2 id="value-title" className="mb-2 font-semibold">
          Value
        </h2>
        <dl className="text-sm">
          <Fact label={`Low (cap rate ${low}%)`} value={formatCurrency(v.value.low)} testId="value-low" />
          <Fact label={`Market (cap rate ${inputs.capRate.toFixed(2)}%)`} value={formatCurrency(v.value.mid)} testId="value-mid" strong />
          <Fact label={`High (cap rate ${high}%)`} value={formatCurrency(v.value.high)} testId="value-high" />
        </dl>
        {v.noi <= 0 ? <p className="mt-2 text-sm text-amber-800">No value without a positive NOI: enter the rent and expenses below.</p> : null}
      </section>
      <section className="card" aria-labelledby="debt-title">
        <h2 id="debt-title" className="mb-2 font-semibold">
          Debt
        </h2>
        <dl className="text-sm">
          <Fact label="Loan" value={formatCurrency(inputs.loan)} />
          <Fact label={`Debt service (${inputs.rate}%, ${inputs.amortization ? `${inputs.amortization} years` : "interest only"})`} value={formatCurrency(v.debtService)} />
          <Fact label="LTV (on the market value)" value={percent(v.ltv)} testId="ltv" strong />
          <Fact label="DSCR" value={times(v.dscr)} testId="dscr" strong />
        </dl>
      </section>
    </div>
  );
}
