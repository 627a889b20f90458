import { SimpleTable, cell } from "./data-table";
import { formatCurrency, formatPercent } from "~/lib/format";
import type { LoanTapeRow } from "~/lib/loan-tape";

type Loan = LoanTapeRow & { id: number };

/** A loan pool's tape, one row per loan (the first 500; `count` tells how many there are). */
export function LoanTapeTable({ loans, count }: { loans: Loan[]; count: number }) {
  return (
    <section aria-label="Loan tape">
      <h2 className="mb-2 font-semibold">Loan tape ({count} loans)</h2>
      <SimpleTable caption="Loan tape" count={count} empty="No loans imported." headers={["Line", "Loan", "Balance", "Rate", "Maturity", "Property", "State", "Status", "LTV"]}>
        {loans.slice(0, 500).map((l) => (
          <tr key={l.id}>
            <td className={cell}>{l.line}</td>
            <td className={cell}>{l.loanNumber}</td>
            <td className={cell}>{formatCurrency(l.balance)}</td>
            <td className={cell}>{formatPercent(l.interestRate)}</td>
            <td className={cell}>{l.maturityDate}</td>
            <td className={cell}>{l.propertyType || "—"}</td>
            <td className={cell}>{l.state || "—"}</td>
            <td className={cell}>{l.status}</td>
            <td className={cell}>{l.ltv === null ? "—" : formatPercent(l.ltv)}</td>
          </tr>
        ))}
      </SimpleTable>
    </section>
  );
}
