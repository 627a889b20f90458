import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { idParam, notFound } from "~/.server/http";
import { SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { formatNumber } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { pageNumber } from "~/lib/query-params";
import { buyerCompanyForSeller } from "~/models/buyer-company-view.server";
import { projectRowsBody } from "./rows.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.company.name ?? "Buyer") }];

/** A buyer company as the seller sees it: only after it signed an NDA on one of the seller's projects, and only its activity there. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"));
  const view = await buyerCompanyForSeller(services.db, { customerId: idParam(args.params), userId: user.id, page });
  if (!view) throw notFound();
  const { rows, ...paging } = view.projects;
  return { ...view, projects: { ...paging, body: projectRowsBody(rows) } };
}

export default function SellerBuyerCompanyPage() {
  const { company, criteria, responsiveness, projects } = useLoaderData<typeof loader>();
  const facts: [string, string][] = [
    ["Business type", company.businessType || "—"],
    ["Buyer type", company.buyerType || "—"],
    ["Headquarters", company.headquarters || "—"],
    ["Website", company.website || "—"],
    ["Size (USD)", company.size === null ? "—" : formatNumber(company.size)],
    ["Responsiveness", responsiveness.score === null ? responsiveness.reason : `${responsiveness.score} / 100 · ${responsiveness.reason}`],
  ];
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={company.name} back={{ to: "/sellers/myprojects", label: "My projects" }} />
      <dl className="card grid gap-3 text-sm sm:grid-cols-3" data-testid="buyer-profile">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {criteria ? (
        <section aria-labelledby="criteria-heading" className="card space-y-1 text-sm">
          <h2 id="criteria-heading" className="text-lg font-semibold">What they look for</h2>
          <p>Industries: {criteria.industryPreferences.join(", ") || "—"}</p>
          <p>States: {criteria.statePreferences.join(", ") || "—"}</p>
          <p>Transaction sizes: {criteria.transactionScalePreferences.join(", ") || "—"}</p>
          <p>Loans: {criteria.performingLoanPreference || "—"}</p>
        </section>
      ) : null}
      <section aria-labelledby="deals-heading">
        <h2 id="deals-heading" className="mb-2 text-lg font-semibold">On your projects</h2>
        <SimpleTable
          caption="Activity on your projects"
          headers={["Project", "NDA", "Signed", "Visits", "Time on the pages", "Active time", "Documents opened", "Messages", "Offers", "Last visit"]}
          body={projects.body}
        />
        {projects.total > projects.pageSize ? <Pager page={projects.page} pageSize={projects.pageSize} total={projects.total} noun="projects" label="Pages of projects" /> : null}
      </section>
    </div>
  );
}
