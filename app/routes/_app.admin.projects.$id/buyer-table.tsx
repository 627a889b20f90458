import type { ResolvedPreferences } from "~/lib/table-preferences";
import { Form, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { DataGrid } from "~/components/data-grid";
import { FormErrors } from "~/components/forms";
import { StaticHtml, type Markup } from "~/components/static-html";
import type { ActionResult } from "~/lib/action-result";
import type { MatchReason } from "~/lib/match-score";

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
export const INVITE_FORM = "invite-buyers";

/**
 * The admin's buyer table on a project (spec §3's buyer columns): the matched
 * companies best first, the admin's own columns and sort, and "Invite to view" for
 * the ticked ones.
 */
export function BuyerTable({
  body,
  count,
  pager,
  view,
  canInvite,
  result,
}: {
  /** The page's rows as the server drew them (buyer-rows.server.tsx), and how many there are. */
  body: Markup;
  count: number;
  /** "1–25 of 60 matched buyers" and its links, drawn on the server with the rows. */
  pager: Markup;
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
      {canInvite && count ? (
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
        body={body}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
      />
      <StaticHtml markup={pager} />
    </section>
  );
}
