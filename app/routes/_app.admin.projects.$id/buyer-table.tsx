import type { ResolvedPreferences } from "~/lib/table-preferences";
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { DataGrid } from "~/components/data-grid";
import { FormErrors } from "~/components/forms";
import { MatchReasons } from "~/components/matched-buyers";
import { Pager } from "~/components/pager";
import type { ActionResult } from "~/lib/action-result";
import { formatCompactCurrency, formatDateTime, formatNumber } from "~/lib/format";
import type { MatchReason } from "~/lib/match-score";
import type { ProjectBuyerColumn } from "~/lib/project-buyers";

export type BuyerRow = {
  customerId: number | null;
  label: string | null;
  score: number;
  reasons: MatchReason[];
  responsivenessScore: number | null;
  responsivenessReason: string;
  viewedThisProject: boolean;
  ndaStatus: string | null;
  offerStatus: string | null;
  offerPrice: number | null;
  impression: number;
  invitedAt: string | null;
  lastLogin: string | null;
};

/** The form the row checkboxes belong to (form="invite-buyers"): it works without JavaScript. */
const INVITE_FORM = "invite-buyers";

const CELLS: Record<ProjectBuyerColumn, (r: BuyerRow) => ReactNode> = {
  select: (r) => <input type="checkbox" name="customerId" value={r.customerId ?? ""} form={INVITE_FORM} aria-label={`Select ${r.label}`} />,
  customerName: (r) => (
    <Link to={`/admin/customers/${r.customerId}`} className="link font-medium">
      {r.label}
    </Link>
  ),
  score: (r) => <span className="font-semibold">{r.score}</span>,
  reasons: (r) => <MatchReasons reasons={r.reasons} />,
  responsivenessScore: (r) => r.responsivenessScore ?? "—",
  responsivenessReason: (r) => <span className="text-xs text-slate-600">{r.responsivenessReason}</span>,
  viewedThisProject: (r) => (r.viewedThisProject ? "Yes" : "No"),
  ndaStatus: (r) => r.ndaStatus ?? "—",
  offer: (r) => (r.offerStatus ? `${r.offerStatus} ${formatCompactCurrency(r.offerPrice)}` : "—"),
  impression: (r) => formatNumber(r.impression),
  invitedAt: (r) => formatDateTime(r.invitedAt),
  lastLogin: (r) => formatDateTime(r.lastLogin),
};

/**
 * The admin's buyer table on a project (spec §3's buyer columns): the matched
 * companies best first, the admin's own columns and sort, and "Invite to view" for
 * the ticked ones.
 */
export function BuyerTable({
  rows,
  page,
  pageSize,
  total,
  view,
  canInvite,
  result,
}: {
  rows: BuyerRow[];
  page: number;
  pageSize: number;
  total: number;
  view: Pick<ResolvedPreferences, "headers" | "visible" | "sortBy" | "sortDesc">;
  canInvite: boolean;
  result: ActionResult | undefined;
}) {
  // the server checks the selection (projectBuyersIntentSchema) and its answer is shown as sent: the
  // ticked boxes sit outside the form element, and a box nobody ticked sends nothing to name an error on
  const errors = [...(result?.error?.[""] ?? []), ...(result?.error?.customerId ?? [])];
  // after each answer the boxes start unticked, as a page loaded without JavaScript does
  const { key } = useLocation();
  useEffect(() => {
    (document.getElementById(INVITE_FORM) as HTMLFormElement | null)?.reset();
  }, [key]);
  return (
    <section className="card space-y-3" aria-labelledby="matched-buyers">
      <h2 id="matched-buyers" className="text-lg font-semibold">
        Matched buyers
      </h2>
      {canInvite && rows.length ? (
        <Form method="post" id={INVITE_FORM} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="invite" />
          <button type="submit" className="btn-primary">
            Invite to view
          </button>
          <span className="text-sm text-slate-600">E-mails the teaser to the members of each selected company.</span>
          <FormErrors errors={errors} />
        </Form>
      ) : null}
      <DataGrid<BuyerRow>
        tableKey="projectBuyers"
        caption="Matched buyers"
        headers={view.headers}
        visible={view.visible}
        rows={rows}
        rowKey={(r) => r.customerId ?? r.label ?? ""}
        rowTestId={(r) => `buyer-${r.customerId}`}
        cells={CELLS}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
        empty="No buyer's criteria match this project yet."
      />
      <Pager page={page} pageSize={pageSize} total={total} noun="matched buyers" testId="buyers-count" />
    </section>
  );
}
