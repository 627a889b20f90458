import { and, eq, inArray, sql } from "drizzle-orm";
import { projects } from "~/.server/db/schema";
import { OPEN_OFFER_STATUSES } from "~/lib/deal";
import type { DealServices } from "./notifications.server";
import { closeOpenOffers, closePendingNdas, tellClosedBuyers } from "./closing-offers.server";
import { WITHDRAWABLE } from "./projects.server";

/** Why an offer or NDA request closed without anyone answering it: the history and the desk say so. */
export const WITHDRAWN_NOTE = "Closed: the listing was withdrawn";

/**
 * Withdraws a listing for good (decision 089), by its seller (`sellerId`: theirs alone) or an admin:
 * in one batch with the status, its open offers (and an under-offer listing's accepted one, whose sale
 * will not happen: decision 091) are rejected with a history entry that says why and its pending NDA
 * requests are rejected with that reason; then each buyer so closed is told once.
 * False when the listing is not one that may be withdrawn (or not the seller's), and nothing is written.
 */
export async function withdrawProject(services: DealServices, { projectId, actorId, sellerId }: { projectId: number; actorId: number; sellerId?: number }) {
  const { db } = services;
  const now = new Date();
  // the statements after the first act only when the first withdrew the listing: an offer accepted a
  // moment before is no open one, and one accepted a moment after finds the listing closed
  const withdrawnNow = sql`exists (select 1 from ${projects} p where p.id = ${projectId} and p.status = 'withdrawn' and p.updated_at = ${now.getTime()})`;
  const [withdrawn, , closedOffers, closedNdas] = await db.batch([
    db
      .update(projects)
      .set({ status: "withdrawn", updatedAt: now })
      .where(and(eq(projects.id, projectId), inArray(projects.status, [...WITHDRAWABLE]), sellerId === undefined ? undefined : eq(projects.sellerId, sellerId)))
      .returning({ projectName: projects.projectName }),
    ...closeOpenOffers(db, { projectId, actorId, note: WITHDRAWN_NOTE, now, when: withdrawnNow, statuses: [...OPEN_OFFER_STATUSES, "accepted"] }),
    closePendingNdas(db, { projectId, actorId, note: WITHDRAWN_NOTE, now, when: withdrawnNow }),
  ]);
  const [project] = withdrawn;
  if (!project) return false;
  const by = sellerId === undefined ? "by the marketplace" : "by its seller";
  const message = (closed: string) => `${project.projectName} was withdrawn ${by}: your ${closed} is closed.`;
  await tellClosedBuyers(services, { projectId, projectName: project.projectName, message }, closedOffers, closedNdas);
  return true;
}
