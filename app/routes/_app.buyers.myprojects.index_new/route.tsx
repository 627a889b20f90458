import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { NDA_APPROVED, workspacePath } from "~/lib/deal";
import { VISIBLE_TO_BUYERS, type ProjectStatus } from "~/lib/project-kinds";
import { dealSectionOf } from "~/lib/deal-section.server";
import { buyerDealsPage, marketClosings } from "~/models/buyer-deals.server";
import type { PipelineEntry } from "~/models/pipeline.server";
import { useLoaderData, useLocation, type MetaFunction } from "@remix-run/react";
import { SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { PIPELINE_STAGES, STAGE_LABELS } from "~/lib/deal";
import { titleMeta } from "~/lib/meta";
import { errorMeta } from "~/components/error-boundary";
import { StaticHtml } from "~/components/static-html";
import { StaticPager } from "~/components/pager";
import { CHARTED_DEALS, dealStagesChart } from "./charts.server";
import { dealRowsBody, type DealRow } from "./rows.server";

export const meta: MetaFunction = ({ error }) => (error ? errorMeta(error) : titleMeta("My deals"));

/** Deals a stage's table shows at once: a buyer who looked at thousands of projects pages through them. */
const DEALS_PAGE_SIZE = 25;

/**
 * A buyer's deals (a broker's at /brokers/myprojects/index_new), each at its stage, newest activity
 * first; each stage's table a page at a time (`?viewed=2`: the stage's name pages it).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: dealSectionOf(args.request) === "brokers" ? "broker" : ["buyer", "seller"] });
  const asked = new URL(args.request.url).searchParams;
  const [{ stages, latest, total }, closingOf] = await Promise.all([
    buyerDealsPage(services.db, {
      buyerId: user.id,
      pages: Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, Number(asked.get(stage) ?? 1)])),
      pageSize: DEALS_PAGE_SIZE,
      latest: CHARTED_DEALS,
    }),
    marketClosings(services.db, user.id),
  ]);
  // what a row shows, no more: the buyer's own name and company, every stage's date are not
  const rowOf = (e: PipelineEntry): DealRow => ({
    projectId: e.projectId,
    projectName: e.projectName,
    ndaStatus: e.ndaStatus,
    offerStatus: e.offerStatus,
    closed: closingOf(e),
    since: e.dates[e.stage] ?? null,
    lastActivity: e.lastActivity,
    href: !opensFor(e) ? null : e.ndaStatus === NDA_APPROVED ? workspacePath(user.roles, e.projectId) : `/projects/more-details/${e.projectId}`,
  });
  return {
    chart: total ? dealStagesChart(latest, total) : null,
    stages: stages.map(({ stage, total, page, shown }) => ({ stage, total, page, body: dealRowsBody(shown.map(rowOf)) })),
    pageSize: DEALS_PAGE_SIZE,
  };
}

/** Whether the buyer still opens the deal's listing: one buyers see, or a sold one they bought (decision 092). */
const opensFor = (e: { projectStatus: string; offerStatus: string | null }) =>
  VISIBLE_TO_BUYERS.includes(e.projectStatus as ProjectStatus) || (e.projectStatus === "sold" && e.offerStatus === "accepted");

/** The buyer's deals by stage: what they looked at, signed, negotiate and offered on. */
export default function DealsPage() {
  const { chart, stages, pageSize } = useLoaderData<typeof loader>();
  const at = useLocation();
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader title="My deals" />
      {stages.length === 0 ? (
        <p className="text-sm text-slate-600">
          No deals yet: open a project from the search and sign its NDA to start one.
        </p>
      ) : null}
      {chart ? <StaticHtml markup={chart} /> : null}
      {stages.map(({ stage, total, page, body }) => (
        <section key={stage} aria-label={STAGE_LABELS[stage]} data-testid={`stage-${stage}`}>
          <h2 className="mb-2 font-semibold">
            {STAGE_LABELS[stage]} ({total})
          </h2>
          <SimpleTable caption={STAGE_LABELS[stage]} headers={["Project", "NDA", "Offer", "Since", "Last activity"]} body={body} />
          {total > pageSize ? (
            <StaticPager page={page} pageSize={pageSize} total={total} noun="deals" param={stage} label={`Pages of ${STAGE_LABELS[stage].toLowerCase()}`} at={at} />
          ) : null}
        </section>
      ))}
    </div>
  );
}

export { DealErrorBoundary as ErrorBoundary } from "~/components/deal-error-boundary";
