import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { contracts, offerEvents, offers, users } from "~/.server/db/schema";
import { dealsPath, OPEN_OFFER_STATUSES, type NdaStatus, type OfferStatus } from "~/lib/deal";
import { inList } from "~/.server/db/in-list";
import { notify, type DealServices } from "./notifications.server";
import { recomputeLater } from "./responsiveness.server";

/**
 * The statements that close a listing's open offers without anyone answering them (decisions 089,
 * 090), or its accepted one when the sale ends otherwise (decision 091: `statuses`): each becomes
 * `rejected`, with a history entry by `actorId` whose note says why. They belong in the batch of the
 * step that closes them, and act only `when` that step happened in it; the second returns the closed
 * offers' buyers, for `tellClosedBuyers`.
 */
export function closeOpenOffers(
  db: Database,
  { projectId, actorId, note, now, when, statuses = OPEN_OFFER_STATUSES }: { projectId: number; actorId: number; note: string; now: Date; when: SQL; statuses?: readonly OfferStatus[] },
) {
  const open = and(eq(offers.projectId, projectId), inArray(offers.status, [...statuses]), when);
  return [
    db.insert(offerEvents).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          offerId: offers.id,
          actorId: sql<number>`${actorId}`.as("actor_id"),
          action: sql<string>`'rejected'`.as("action"),
          terms: sql`null`.as("terms"),
          note: sql<string>`${note}`.as("note"),
          revision: offers.revision,
          pdfKey: sql`null`.as("pdf_key"),
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
        })
        .from(offers)
        .where(open),
    ),
    db.update(offers).set({ status: "rejected", updatedAt: now }).where(open).returning({ buyerId: offers.buyerId }),
  ] as const;
}

/** NDA requests still waiting (to be signed, or for the seller): approved ones keep their data room rules. */
const PENDING_NDA: NdaStatus[] = ["Requested", "Signed"];

/**
 * The statement that closes a listing's pending NDA requests (decisions 089, 091) as `Rejected`, the
 * note their reason, `when` the step of its batch happened; it returns their buyers, for `tellClosedBuyers`.
 */
export function closePendingNdas(db: Database, { projectId, actorId, note, now, when }: { projectId: number; actorId: number; note: string; now: Date; when: SQL }) {
  return db
    .update(contracts)
    .set({ ndaStatus: "Rejected", decidedAt: now, decidedBy: actorId, rejectionReason: note })
    .where(and(eq(contracts.projectId, projectId), inArray(contracts.ndaStatus, PENDING_NDA), when))
    .returning({ buyerId: contracts.buyerId });
}

/** What a buyer reads of their offer (or NDA request) closed: the sentence says why. */
export type ClosedMessage = (closed: "offer" | "NDA request") => string;

/**
 * Tells each buyer whose offers or NDA requests closed once, in the app and by e-mail, an offer
 * taking precedence over an NDA request. The link is their deals page: a withdrawn listing's own
 * pages are missing to them, and there the deal shows closed either way.
 */
export async function tellClosedBuyers(
  services: DealServices,
  { projectId, projectName, message }: { projectId: number; projectName: string; message: ClosedMessage },
  closedOffers: Array<{ buyerId: number }>,
  closedNdas: Array<{ buyerId: number }> = [],
) {
  const offerBuyers = new Set(closedOffers.map((o) => o.buyerId));
  const ndaBuyers = new Set(closedNdas.map((c) => c.buyerId).filter((id) => !offerBuyers.has(id)));
  const everyone = [...offerBuyers, ...ndaBuyers];
  if (!everyone.length) return;
  const roles = new Map(
    (await services.db.select({ id: users.id, roles: users.roles }).from(users).where(inList(users.id, everyone))).map((u) => [u.id, u.roles]),
  );
  for (const buyerId of everyone) {
    const offer = offerBuyers.has(buyerId);
    const text = message(offer ? "offer" : "NDA request");
    recomputeLater(services, { projectId, buyerId });
    await notify(services, buyerId, {
      kind: offer ? "offer_rejected" : "nda_rejected",
      message: text,
      link: dealsPath(roles.get(buyerId) ?? []),
      email: { subject: `${offer ? "Offer" : "NDA request"} closed: ${projectName}`, body: text },
    });
  }
}
