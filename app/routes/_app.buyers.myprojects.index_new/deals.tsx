import { Link, useLoaderData } from "@remix-run/react";
import type { dealsLoader } from "~/routes/_app.buyers.myprojects.index_new/queries.server";
import { SimpleTable, cell } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { OFFER_STATUS_LABELS, PIPELINE_STAGES, STAGE_LABELS, type OfferStatus, type PipelineStage } from "~/lib/deal";
import { formatDate, formatDateTime } from "~/lib/format";

/** The buyer's deals by stage: what they looked at, signed, negotiate and offered on. */
export function DealsPage() {
  const { deals } = useLoaderData<typeof dealsLoader>();
  const stages = [...PIPELINE_STAGES].reverse().filter((s) => deals.some((d) => d.stage === s));
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader title="My deals" />
      {deals.length === 0 ? (
        <p className="text-sm text-slate-600">
          No deals yet: open a project from the search and sign its NDA to start one.
        </p>
      ) : null}
      {stages.map((stage) => {
        const rows = deals.filter((d) => d.stage === stage);
        return (
          <section key={stage} aria-label={STAGE_LABELS[stage]} data-testid={`stage-${stage}`}>
            <h2 className="mb-2 font-semibold">
              {STAGE_LABELS[stage as PipelineStage]} ({rows.length})
            </h2>
            <SimpleTable caption={STAGE_LABELS[stage]} count={rows.length} empty="" headers={["Project", "NDA", "Offer", "Since", "Last activity"]}>
              {rows.map((d) => (
                <tr key={d.projectId}>
                  <td className={cell}>
                    <Link to={d.href} className="link">{d.projectName}</Link>
                  </td>
                  <td className={cell}>{d.ndaStatus ?? "—"}</td>
                  <td className={cell}>{d.offerStatus ? OFFER_STATUS_LABELS[d.offerStatus as OfferStatus] : "—"}</td>
                  <td className={cell}>{formatDate(d.dates[stage] ?? null)}</td>
                  <td className={cell}>{formatDateTime(d.lastActivity)}</td>
                </tr>
              ))}
            </SimpleTable>
          </section>
        );
      })}
    </div>
  );
}
