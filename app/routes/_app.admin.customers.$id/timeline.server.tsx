import { staticMarkupOf } from "~/components/static-html.server";
import type { TimelineEvent } from "~/models/customer-accounts.server";
import { TimelineEvents } from "./timeline";

/**
 * The timeline's events as markup: as props they went into the page twice (its markup and the
 * handoff for hydration), and each of fifty links resolved its path through the router on every
 * visit. Null: no events.
 */
export function timelineMarkup(events: readonly TimelineEvent[]) {
  if (!events.length) return null;
  return staticMarkupOf({ of: "customer-timeline", events }, () => <TimelineEvents events={events} />);
}
