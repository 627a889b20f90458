import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvDownload } from "~/.server/csv-download";
import { notFound } from "~/.server/http";
import { pricingFromQuery } from "~/models/loan-pricing.server";

const FLOW_COLUMNS = ["month", "balance", "interest", "scheduledPrincipal", "prepayment", "defaulted", "recovery", "loss", "cashFlow"] as const;
const money = (n: number) => Math.round(n * 100) / 100;

/**
 * A result as CSV, read from the same link as the page: the summary, then for a
 * pool every loan, then the monthly cash flows (a pool's summed).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const outcome = await pricingFromQuery(services, { sellerId: user.id, searchParams: new URL(args.request.url).searchParams });
  if (!outcome) throw notFound();
  if (!outcome.ok) return new Response("The inputs are not valid: open the link in the browser to see why.", { status: 400 });
  const { result } = outcome;
  const summary = result.kind === "pool" ? result.totals : result.pricing;
  const rows: Array<Array<string | number | null>> = [
    ["price", summary.price],
    ["yield", summary.yield],
    ["wal", summary.wal],
    ["modifiedDuration", summary.modifiedDuration],
    [],
  ];
  if (result.kind === "pool") {
    rows.push(["loanNumber", "balance", "noteRate", "termMonths", "loanStatus", "propertyType", "price", "yield", "wal", "modifiedDuration"]);
    for (const l of result.loans) {
      rows.push([l.loanNumber, l.balance, l.noteRate, l.termMonths, l.loanStatus, l.propertyType, l.pricing.price, l.pricing.yield, l.pricing.wal, l.pricing.modifiedDuration]);
    }
    rows.push([]);
  }
  const flows = result.kind === "pool" ? result.flows : result.pricing.flows;
  rows.push([...FLOW_COLUMNS]);
  for (const f of flows) rows.push(FLOW_COLUMNS.map((c) => (c === "month" ? f.month : money(f[c]))));
  return csvDownload(services.env, result.kind === "pool" ? `loan-pricing-project-${result.project.id}` : "loan-pricing", ["measure", "value"], rows);
}
