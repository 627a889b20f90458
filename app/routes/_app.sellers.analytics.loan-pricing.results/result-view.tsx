import type { SerializeFrom } from "@remix-run/server-runtime";
import { SimpleTable } from "~/components/data-table";
import { Pager } from "~/components/pager";
import { formatCurrency, formatNumber } from "~/lib/format";
import { tenorLabel } from "~/lib/loan-pricing";
import type { resultsPage } from "./results.server";

type Page = Extract<SerializeFrom<Awaited<ReturnType<typeof resultsPage>>>, { ok: true }>;
type Result = Page["result"];
type Pool = Extract<Result, { kind: "pool" }>;

const pct = (n: number, places = 2) => `${n.toFixed(places)}%`;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="card">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="text-2xl font-semibold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** Price, yield, WAL and duration, and where the discount rate and the assumptions came from. */
export function Summary({ result }: { result: Result }) {
  const figures = result.kind === "pool" ? result.totals : result.pricing;
  return (
    <section aria-label="Price" className="space-y-3">
      <div className="grid gap-4 sm:grid-cols-4">
        <Figure label="Price (% of par)" value={figures.price.toFixed(2)} testId="price" />
        <Figure label="Yield" value={pct(figures.yield, 3)} testId="yield" />
        <Figure label="Weighted average life" value={`${figures.wal.toFixed(2)} years`} testId="wal" />
        <Figure label="Modified duration" value={figures.modifiedDuration.toFixed(2)} testId="duration" />
      </div>
      {result.kind === "pool" ? (
        <p className="text-sm text-slate-600">
          {formatNumber(result.loanCount)} loans, {formatCurrency(result.totals.balance)} in all; totals weighted by balance. Each loan pays level to
          its maturity, discounted at the benchmark curve{result.asOf ? ` of ${result.asOf}` : ""}{result.curveAside ? ` ${result.curveAside}` : ""} at its average life plus its spread unless a yield
          is given.
        </p>
      ) : (
        <p className="text-sm text-slate-600" data-testid="discount">
          {result.pricing.discount.given
            ? "Discounted at the yield given."
            : `Discounted at the benchmark curve of ${result.asOf}${result.curveAside ? ` ${result.curveAside}` : ""} at ${tenorLabel(result.pricing.discount.tenorMonths)} (the average life), ${pct(result.pricing.discount.curveRate, 3)}, plus a spread of ${result.pricing.discount.spreadBps} bp (${result.pricing.discount.parts.map((p) => `${p.band} ${p.value}`).join(", ") || "no coefficient applies"}).`}{" "}
          CPR {pct(result.pricing.assumptions.cpr)}, CDR {pct(result.pricing.assumptions.cdr)}, loss severity {pct(result.pricing.assumptions.severity)}.
        </p>
      )}
    </section>
  );
}

export function Sensitivity({ rows }: { rows: ReadonlyArray<{ label: string; price: number; change: number }> }) {
  return (
    <section aria-label="Sensitivity" className="space-y-2">
      <h2 className="text-lg font-semibold">Sensitivity</h2>
      <SimpleTable caption="Sensitivity" headers={["Scenario", "Price", "Change"]} count={rows.length} empty="—">
        {rows.map((r) => (
          <tr key={r.label}>
            <td>{r.label}</td>
            <td>{r.price.toFixed(2)}</td>
            <td>{`${r.change > 0 ? "+" : ""}${r.change.toFixed(2)}`}</td>
          </tr>
        ))}
      </SimpleTable>
    </section>
  );
}

export function Demand({ demand, pool }: { demand: Result["demand"]; pool: boolean }) {
  return (
    <section aria-label="Demand" className="card space-y-2">
      <h2 className="text-lg font-semibold">Demand</h2>
      <p className="text-3xl font-semibold" data-testid="matched-buyers">
        {formatNumber(demand.buyers)}
      </p>
      <p className="text-sm text-slate-600">
        {pool
          ? "buyer companies match this pool."
          : `buyer companies match the ${formatNumber(demand.projects)} listed project${demand.projects === 1 ? "" : "s"} like this loan (same status, half to twice its balance).`}
      </p>
      {demand.medianResponsiveness !== null ? (
        <p className="text-sm" data-testid="median-responsiveness">
          Their median responsiveness: <strong>{demand.medianResponsiveness}%</strong> of seller threads answered within 90 days.
        </p>
      ) : null}
    </section>
  );
}

export function PoolLoans({ loans, page, total }: { loans: Pool["loans"]; page: number; total: number }) {
  return (
    <section aria-label="Loans" className="space-y-2">
      <h2 className="text-lg font-semibold">Loans</h2>
      <SimpleTable caption="Loans" headers={["Loan", "Balance", "Rate", "Term", "Status", "Property", "Price", "Yield", "WAL", "Duration"]} count={loans.length} empty="No loans.">
        {loans.map((l) => (
          <tr key={l.loanNumber}>
            <td>{l.loanNumber}</td>
            <td>{formatCurrency(l.balance)}</td>
            <td>{pct(l.noteRate)}</td>
            <td>{l.termMonths} months</td>
            <td>{l.loanStatus}</td>
            <td>{l.propertyType ?? "—"}</td>
            <td>{l.pricing.price.toFixed(2)}</td>
            <td>{pct(l.pricing.yield, 3)}</td>
            <td>{l.pricing.wal.toFixed(2)}</td>
            <td>{l.pricing.modifiedDuration.toFixed(2)}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={25} total={total} noun="loans" />
    </section>
  );
}
