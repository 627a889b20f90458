import type { SubmissionResult } from "@conform-to/react";
import type { Services } from "~/.server/services";
import { notFound } from "~/.server/http";
import { cashFlowChart } from "~/lib/cash-flow-chart";
import { cashFlowMarkup } from "./cash-flow-figure.server";
import { pricingFromQuery, sellerPools } from "~/models/loan-pricing.server";
import { pageNumber } from "~/lib/query-params";

export const POOL_PAGE_SIZE = 25;

/**
 * A results link read: the priced loan or pool as the page shows it (a page of a
 * pool's loans, the chart drawn to markup), or the form to show again with its errors (400).
 */
export async function resultsPage(services: Services, { sellerId, url }: { sellerId: number; url: URL }) {
  const outcome = await pricingFromQuery(services, { sellerId, searchParams: url.searchParams });
  if (!outcome) throw notFound();
  const defaults = Object.fromEntries(url.searchParams);
  if (!outcome.ok) {
    const reply: SubmissionResult<string[]> = outcome.error ? outcome.submission.reply({ formErrors: [outcome.error] }) : outcome.submission.reply();
    const pools = outcome.form === "pool" ? await sellerPools(services.db, { sellerId }) : [];
    return { ok: false as const, form: outcome.form, reply, options: outcome.options, pools, defaults };
  }
  const { result } = outcome;
  const search = new URLSearchParams(url.searchParams);
  search.delete("page");
  const chart = cashFlowMarkup(cashFlowChart(result.years), result.years);
  if (result.kind === "loan") {
    const { flows: _flows, ...pricing } = result.pricing;
    return { ok: true as const, query: search.toString(), chart, result: { ...result, pricing } };
  }
  const page = Math.max(1, Math.min(Math.ceil(result.loans.length / POOL_PAGE_SIZE) || 1, pageNumber(url.searchParams.get("page"))));
  const { flows: _flows, loans, ...rest } = result;
  return {
    ok: true as const,
    query: search.toString(),
    chart,
    result: { ...rest, loanCount: loans.length, page, loans: loans.slice((page - 1) * POOL_PAGE_SIZE, page * POOL_PAGE_SIZE) },
  };
}
