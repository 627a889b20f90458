import { SimpleTable } from "./data-table";
import { formatCurrency } from "~/lib/format";
import { formatPercent } from "~/lib/format-figures";
import type { LoanTapeRow } from "~/lib/loan-tape";

type Loan = LoanTapeRow & { id: number };

/** A loan pool's tape, one row per loan (the first 500; `count` tells how many there are). */
export function LoanTapeTable({ loans, count }: { loans: Loan[]; count: number }) {
  return (
    // codes, dates and figures, one line each: in a table wider than a phone they broke at their
    // hyphens ("LN-0012-001" over three lines, a maturity date over two); the box scrolls instead
    <section aria-label="Loan tape" className="[&_td]:whitespace-nowrap">
      <h2 className="mb-2 font-semibold">Loan tape ({count} loans)</h2>
      <SimpleTable caption="Loan tape" count={count} empty="No loans imported." headers={["Line", "Loan", "Balance", "Rate", "Maturity", "Property", "State", "Status", "LTV"]}>
        {loans.slice(0, 500).map((l) => (
          <tr key={l.id}>
            <td>{l.line}</td>
            <td>{l.loanNumber}</td>
            <td>{formatCurrency(l.balance)}</td>
            <td>{formatPercent(l.interestRate)}</td>
            <td>{l.maturityDate}</td>
            <td>{l.propertyType || "—"}</td>
            <td>{l.state || "—"}</td>
            <td>{l.status}</td>
            <td>{l.ltv === null ? "—" : formatPercent(l.ltv)}</td>
          </tr>
        ))}
      </SimpleTable>
    </section>
  );
}
