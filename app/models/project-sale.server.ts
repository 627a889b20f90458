import { and, eq, sql } from "drizzle-orm";
import { offers, projects, users } from "~/.server/db/schema";
import { dealsPath } from "~/lib/deal";
import { notify, type DealServices } from "./notifications.server";
import { closeOpenOffers, closePendingNdas, tellClosedBuyers } from "./closing-offers.server";

/** Why a sold listing's waiting NDA requests (and any offer left open) closed (decision 091). */
export const SOLD_NOTE = "Closed: the listing was sold";
/** Why an accepted offer closed when its listing went back on the market (decision 091). */
export const FELL_THROUGH_NOTE = "Closed: the deal fell through";

/** Why a sale's step was refused: sold, back on the market or withdrawn since the page was read. */
export const NOT_UNDER_OFFER = "This project is no longer under offer.";

type Step = { projectId: number; actorId: number; sellerId?: number };

/**
 * A listing under offer becomes `to`, by its seller (`sellerId`: theirs alone) or an admin: the
 * statement first in a batch, and the condition the batch's other statements act on, that it did so
 * at this moment (a second post finds the listing moved on, and what it would close already closed).
 */
function leaveUnderOffer(services: DealServices, { projectId, sellerId }: Step, to: "sold" | "published", now: Date) {
  const step = services.db
    .update(projects)
    // the sale's date is its own column: the listing's last change can move after it
    .set({ status: to, updatedAt: now, soldAt: to === "sold" ? now : null })
    .where(and(eq(projects.id, projectId), eq(projects.status, "under_offer"), sellerId === undefined ? undefined : eq(projects.sellerId, sellerId)))
    .returning({ projectName: projects.projectName });
  const happened = sql`exists (select 1 from ${projects} p where p.id = ${projectId} and p.status = ${to} and p.updated_at = ${now.getTime()})`;
  return { step, happened };
}

const by = (step: Step) => (step.sellerId === undefined ? "by the marketplace" : "by its seller");

/**
 * The sale went through (decision 091): the listing is sold, its accepted offer stays accepted,
 * and, in the same batch, its waiting NDA requests (and any offer still open) close, for buyers no
 * longer see it. The accepted buyer is told the sale is done, the others that their request closed,
 * each once. False, and nothing written, when the listing is not under offer (or not the seller's).
 */
export async function markProjectSold(services: DealServices, at: Step) {
  const { db } = services;
  const now = new Date();
  const { step, happened } = leaveUnderOffer(services, at, "sold", now);
  const closing = { projectId: at.projectId, actorId: at.actorId, note: SOLD_NOTE, now, when: happened };
  const [sold, , closedOffers, closedNdas, buyers] = await db.batch([
    step,
    ...closeOpenOffers(db, closing),
    closePendingNdas(db, closing),
    db
      .select({ id: users.id, roles: users.roles })
      .from(offers)
      .innerJoin(users, eq(users.id, offers.buyerId))
      .where(and(eq(offers.projectId, at.projectId), eq(offers.status, "accepted"), happened)),
  ]);
  const [project] = sold;
  if (!project) return false;
  const { projectName } = project;
  for (const buyer of buyers) {
    const text = `${projectName} was marked sold ${by(at)}: your accepted offer closed the sale.`;
    await notify(services, buyer.id, { kind: "offer_accepted", message: text, link: dealsPath(buyer.roles), email: { subject: `Sold: ${projectName}`, body: text } });
  }
  const accepted = new Set(buyers.map((b) => b.id));
  const message = (closed: string) => `${projectName} was sold: your ${closed} is closed.`;
  const others = (rows: Array<{ buyerId: number }>) => rows.filter((r) => !accepted.has(r.buyerId));
  await tellClosedBuyers(services, { projectId: at.projectId, projectName, message }, others(closedOffers), others(closedNdas));
  return true;
}

/**
 * The deal fell through (decision 091): the listing is published again and, in the same batch, its
 * accepted offer is closed (`rejected`, with the history entry "Closed: the deal fell through");
 * its buyer is told once. False, and nothing written, when the listing is not under offer (or not
 * the seller's).
 */
export async function reopenProject(services: DealServices, at: Step) {
  const { db } = services;
  const now = new Date();
  const { step, happened } = leaveUnderOffer(services, at, "published", now);
  const [reopened, , closedOffers] = await db.batch([
    step,
    ...closeOpenOffers(db, { projectId: at.projectId, actorId: at.actorId, note: FELL_THROUGH_NOTE, now, when: happened, statuses: ["accepted"] }),
  ]);
  const [project] = reopened;
  if (!project) return false;
  const { projectName } = project;
  const message = (closed: string) => `${projectName}: the deal fell through; your ${closed} is closed.`;
  await tellClosedBuyers(services, { projectId: at.projectId, projectName, message }, closedOffers);
  return true;
}
