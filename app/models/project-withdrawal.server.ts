import { and, eq, inArray, sql } from "drizzle-orm";
import { contracts, offerEvents, offers, projects, users } from "~/.server/db/schema";
import { dealsPath, OPEN_OFFER_STATUSES, type NdaStatus } from "~/lib/deal";
import { inList } from "~/.server/db/in-list";
import { notify, type DealServices } from "./notifications.server";
import { recomputeLater } from "./responsiveness.server";
import { WITHDRAWABLE } from "./projects.server";

/** Why an offer or NDA request closed without anyone answering it: the history and the desk say so. */
export const WITHDRAWN_NOTE = "Closed: the listing was withdrawn";
/** NDA requests still waiting (to be signed, or for the seller): approved ones keep their data room rules. */
const PENDING_NDA: NdaStatus[] = ["Requested", "Signed"];

/**
 * Withdraws a listing for good (decision 089), by its seller (`sellerId`: theirs alone) or an admin:
 * in one batch with the status, its open offers are rejected with a history entry that says why and
 * its pending NDA requests are rejected with that reason; then each buyer so closed is told once.
 * False when the listing is not one that may be withdrawn (or not the seller's), and nothing is written.
 */
export async function withdrawProject(services: DealServices, { projectId, actorId, sellerId }: { projectId: number; actorId: number; sellerId?: number }) {
  const { db } = services;
  const now = new Date();
  // the statements after the first act only when the first withdrew the listing: an offer accepted a
  // moment before is no open one, and one accepted a moment after finds the listing closed
  const withdrawnNow = sql`exists (select 1 from ${projects} p where p.id = ${projectId} and p.status = 'withdrawn' and p.updated_at = ${now.getTime()})`;
  const openOffers = and(eq(offers.projectId, projectId), inArray(offers.status, [...OPEN_OFFER_STATUSES]), withdrawnNow);
  const [withdrawn, , closedOffers, closedNdas] = await db.batch([
    db
      .update(projects)
      .set({ status: "withdrawn", updatedAt: now })
      .where(and(eq(projects.id, projectId), inArray(projects.status, [...WITHDRAWABLE]), sellerId === undefined ? undefined : eq(projects.sellerId, sellerId)))
      .returning({ projectName: projects.projectName }),
    db.insert(offerEvents).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          offerId: offers.id,
          actorId: sql<number>`${actorId}`.as("actor_id"),
          action: sql<string>`'rejected'`.as("action"),
          terms: sql`null`.as("terms"),
          note: sql<string>`${WITHDRAWN_NOTE}`.as("note"),
          revision: offers.revision,
          pdfKey: sql`null`.as("pdf_key"),
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
        })
        .from(offers)
        .where(openOffers),
    ),
    db.update(offers).set({ status: "rejected", updatedAt: now }).where(openOffers).returning({ buyerId: offers.buyerId }),
    db
      .update(contracts)
      .set({ ndaStatus: "Rejected", decidedAt: now, decidedBy: actorId, rejectionReason: WITHDRAWN_NOTE })
      .where(and(eq(contracts.projectId, projectId), inArray(contracts.ndaStatus, PENDING_NDA), withdrawnNow))
      .returning({ buyerId: contracts.buyerId }),
  ]);
  const [project] = withdrawn;
  if (!project) return false;
  await tellBuyers(services, { projectId, projectName: project.projectName, bySeller: sellerId !== undefined }, closedOffers, closedNdas);
  return true;
}

async function tellBuyers(
  services: DealServices,
  { projectId, projectName, bySeller }: { projectId: number; projectName: string; bySeller: boolean },
  closedOffers: Array<{ buyerId: number }>,
  closedNdas: Array<{ buyerId: number }>,
) {
  // one notice a buyer: an offer closed is the news, whatever else closed beside it
  const offerBuyers = new Set(closedOffers.map((o) => o.buyerId));
  const ndaBuyers = new Set(closedNdas.map((c) => c.buyerId).filter((id) => !offerBuyers.has(id)));
  const everyone = [...offerBuyers, ...ndaBuyers];
  if (!everyone.length) return;
  const roles = new Map(
    (await services.db.select({ id: users.id, roles: users.roles }).from(users).where(inList(users.id, everyone))).map((u) => [u.id, u.roles]),
  );
  const by = bySeller ? "by its seller" : "by the marketplace";
  for (const buyerId of everyone) {
    const offer = offerBuyers.has(buyerId);
    const message = `${projectName} was withdrawn ${by}: your ${offer ? "offer" : "NDA request"} is closed.`;
    recomputeLater(services, { projectId, buyerId });
    // the listing's own pages are missing to buyers now: the deals page still shows the deal, closed
    await notify(services, buyerId, {
      kind: offer ? "offer_rejected" : "nda_rejected",
      message,
      link: dealsPath(roles.get(buyerId) ?? []),
      email: { subject: `${offer ? "Offer" : "NDA request"} closed: ${projectName}`, body: message },
    });
  }
}
