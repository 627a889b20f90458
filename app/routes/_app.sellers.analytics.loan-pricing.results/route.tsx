import { Link, useLoaderData } from "@remix-run/react";
import { json, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { LoanForm, PoolForm } from "~/components/loan-pricing-form";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { StaticHtml } from "~/components/static-html";
import { Demand, PoolLoans, Sensitivity, Summary } from "./result-view";
import { resultsPage } from "./results.server";

export const meta = () => titleMeta("Loan pricing results");

/** A result is a link: its query parameters are the form's inputs, so it can be shared and reloaded. Wrong inputs: the form again, 400. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const page = await resultsPage(services, { sellerId: user.id, url: new URL(args.request.url) });
  return json(page, { status: page.ok ? 200 : 400 });
}

export default function LoanPricingResultsPage() {
  const page = useLoaderData<typeof loader>();
  if (!page.ok) {
    return (
      <div className="max-w-5xl space-y-6">
        <PageHeader title="Loan pricing" />
        {page.form === "pool" ? (
          <PoolForm pools={page.pools} lastResult={page.reply} defaults={page.defaults} />
        ) : (
          <LoanForm options={page.options} lastResult={page.reply} defaults={page.defaults} />
        )}
      </div>
    );
  }
  const { result, chart, query } = page;
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={result.kind === "pool" ? `Loan pricing: ${result.project.name}` : "Loan pricing"}>
        <div className="flex flex-wrap gap-3">
          <Link to={`/sellers/analytics/loan-pricing?${query}`} className="btn-secondary">
            Change the inputs
          </Link>
          <a href={`/sellers/analytics/loan-pricing/results.csv?${query}`} className="btn-secondary" download>
            Export CSV
          </a>
        </div>
      </PageHeader>
      <Summary result={result} />
      <div className="grid gap-6 md:grid-cols-2">
        <Sensitivity rows={result.kind === "pool" ? result.sensitivity : result.pricing.sensitivity} />
        <Demand demand={result.demand} pool={result.kind === "pool"} />
      </div>
      <StaticHtml markup={chart} />
      {result.kind === "pool" ? <PoolLoans loans={result.loans} page={result.page} total={result.loanCount} /> : null}
    </div>
  );
}
