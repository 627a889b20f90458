import { STATUS_LABELS, type ProjectStatus } from "~/lib/project-kinds";

/** Why the wizard no longer takes a listing: submitted (in another tab, by a colleague) or further on. */
export function noLongerDraftMessage(status: ProjectStatus) {
  return status === "submitted"
    ? "This listing was submitted for review; it can no longer be edited here."
    : `This listing is no longer a draft (${STATUS_LABELS[status]}); it can no longer be edited here.`;
}

/*
 * A post refused because its listing is no longer a draft answers the step's own page (409) so that
 * what the seller typed stays in the fields. Without JavaScript that page is drawn by the loader in
 * the same request, and the loader sends anyone opening the wizard of such a listing to its page:
 * the action leaves word by the request's load context, which Remix hands the action and the
 * loaders after it alike, and every request afresh (so a plain page load never finds it).
 */
const refusedLate = new WeakMap<object, number>();

export function rememberLateRefusal(context: object, projectId: number) {
  refusedLate.set(context, projectId);
}

/** Whether this request's action refused a late post of this very listing (its seller's, checked by the action). */
export function refusedLateIn(context: object, projectId: number) {
  return refusedLate.get(context) === projectId;
}
