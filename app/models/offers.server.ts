import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { preparedQuery } from "~/.server/db/prepared";
import type { Database } from "~/.server/db";
import { offerEvents, offers, projects, users, type Offer, type Project, type User } from "~/.server/db/schema";
import { randomToken, sha256Hex } from "~/.server/crypto";
import { loiPdf, type LoiTerms } from "~/.server/documents/loi";
import { storeWithRecord } from "~/.server/files/store";
import { VISIBLE_TO_BUYERS } from "~/lib/project-kinds";
import { marketToday } from "~/lib/days";
import { OPEN_OFFER_STATUSES, workspacePath, type OfferAction, type OfferStatus } from "~/lib/deal";
import { notify, type DealServices } from "./notifications.server";
import { recomputeLater } from "./responsiveness.server";
import { sellerCompanyOf } from "./projects.server";
import { pageCarryingTotal } from "./list-query.server";
import { closeOpenOffers, tellClosedBuyers } from "./closing-offers.server";

export async function findOffer(db: Database, { projectId, offerId }: { projectId: number; offerId: number }) {
  if (!Number.isSafeInteger(offerId) || offerId <= 0) return null;
  return (await db.query.offers.findFirst({ where: and(eq(offers.id, offerId), eq(offers.projectId, projectId)) })) ?? null;
}

/**
 * The offers a page of a project's desk shows, each with its history and, when open, a counter form:
 * ten, not twenty (the busiest project's desk drew 74 KB of offers, a third of its markup and of its time).
 */
export const DESK_OFFERS_PAGE_SIZE = 10;

/**
 * The offers a read covers: one buyer's on the project (their workspace), or a page of the
 * project's, newest first (the desk), chosen from the project's index before anything is read whole.
 */
const offersWithin = (db: Database, scope: "buyer" | "page") => {
  const projectId = sql.placeholder("projectId");
  if (scope === "buyer") return and(eq(offers.projectId, projectId), eq(offers.buyerId, sql.placeholder("buyerId")));
  const chosen = db.select({ id: offers.id }).from(offers).where(eq(offers.projectId, projectId)).orderBy(desc(offers.id)).limit(DESK_OFFERS_PAGE_SIZE).offset(sql.placeholder("offset"));
  return inArray(offers.id, chosen);
};

// one buyer's offers on a project, and a page of the project's, each row of which carries the count
// of all (from the project's index): each built once
const offersOfBuyer = preparedQuery((db) =>
  db
    .select({ offer: offers, buyerName: users.name, buyerCompany: users.company })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(offersWithin(db, "buyer"))
    .orderBy(desc(offers.id))
    .prepare(),
);
const offersOnPage = preparedQuery((db) =>
  db
    .select({
      offer: offers,
      buyerName: users.name,
      buyerCompany: users.company,
      total: sql<number>`(select count(*) from ${offers} where ${offers.projectId} = ${sql.placeholder("projectId")})`,
    })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(offersWithin(db, "page"))
    .orderBy(desc(offers.id))
    .prepare(),
);
// their events, found through the same offers, so that both reads start together (on D1, one call):
// a page's events are read for the page's offers alone
const eventsOf = (scope: "buyer" | "page") =>
  preparedQuery((db) =>
    db
      .select({ event: offerEvents, actorName: users.name })
      .from(offerEvents)
      .innerJoin(offers, eq(offers.id, offerEvents.offerId))
      .leftJoin(users, eq(users.id, offerEvents.actorId))
      .where(offersWithin(db, scope))
      .orderBy(asc(offerEvents.id))
      .prepare(),
  );
const eventsOfBuyer = eventsOf("buyer");
const eventsOnPage = eventsOf("page");

type OfferRow = { offer: Offer; buyerName: string; buyerCompany: string };
type EventRow = { event: { offerId: number } };

/** Each offer with its events, and whether it is open but past its expiry date. */
function withEvents<O extends OfferRow, E extends EventRow>(rows: O[], events: E[]) {
  return rows.map((r) => ({
    ...r,
    expired: OPEN_OFFER_STATUSES.includes(r.offer.status) && isExpired(r.offer),
    events: events.filter((e) => e.event.offerId === r.offer.id),
  }));
}

/** One buyer's offers on a project, newest first, each with its history. */
export async function offersOnProject(db: Database, { projectId, buyerId }: { projectId: number; buyerId: number }) {
  const [rows, events] = await Promise.all([offersOfBuyer(db).all({ projectId, buyerId }), eventsOfBuyer(db).all({ projectId, buyerId })]);
  return withEvents(rows, events);
}

/**
 * A page of a project's offers for its desk (`?offers=`), newest first, each with its history, and
 * how many there are: a busy project's 149 with their histories and counter forms were 525 KB.
 */
export async function projectOffersPage(db: Database, { projectId, page = 1 }: { projectId: number; page?: number }) {
  return pageCarryingTotal(
    async (offset) => {
      const [rows, events] = await Promise.all([offersOnPage(db).all({ projectId, offset }), eventsOnPage(db).all({ projectId, offset })]);
      return withEvents(rows, events);
    },
    { page, pageSize: DESK_OFFERS_PAGE_SIZE },
  );
}

type Parties = { project: Project; buyer: User; sellerCompany: string };

/** Who an LOI is between: the buyer and the project's seller (its company names the letter). */
export async function offerParties(db: Database, project: Project, buyer: User): Promise<Parties> {
  return { project, buyer, sellerCompany: await sellerCompanyOf(db, project) };
}

/** A letter of intent, not yet stored: `storeWithRecord` stores it with the write that names it (loiFile). */
async function writeLoi(parties: Parties, offerId: number, revision: number, version: string, terms: LoiTerms) {
  const pdf = await loiPdf({
    projectId: parties.project.id,
    projectName: parties.project.projectName,
    buyerName: parties.buyer.name,
    buyerCompany: parties.buyer.company,
    sellerCompany: parties.sellerCompany,
    issuedAt: new Date(),
    version,
    terms,
  });
  // a key of its own per letter: two counter-offers sent at once wrote the same revision's file, and the
  // loser's letter replaced the winner's (or, on disk, the second write failed: a 500)
  const key = `projects/${parties.project.id}/offers/${offerId}-r${revision}-${randomToken(6)}.pdf`;
  return { key, bytes: pdf, sha256: await sha256Hex(pdf) };
}
const loiFile = (letter: { key: string; bytes: Uint8Array }) => ({ key: letter.key, bytes: letter.bytes, contentType: "application/pdf" });

export type OfferProblem = "open-offer-exists" | "not-open" | "not-your-turn" | "project-closed" | "expired";

/**
 * The project is in one of these statuses when the statement runs: the project the request read may
 * have been withdrawn (or sold) since, by the seller in another tab or an admin.
 */
const projectStillIn = (projectId: number, statuses: readonly string[]) =>
  sql`exists (select 1 from ${projects} p where p.id = ${projectId} and p.status in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

async function projectLeft(db: Database, projectId: number, statuses: readonly string[]) {
  const [row] = await db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
  return !row || !statuses.includes(row.status);
}

/** An offer past its expiry date can no longer be accepted or countered, only closed. */
const BUYER_PROBLEMS: Record<OfferProblem, string> = {
  "open-offer-exists": "You already have an open offer on this project.",
  "not-open": "This offer is closed.",
  "not-your-turn": "The offer has changed in the meantime; see its current state below.",
  "project-closed": "The project is no longer open for offers.",
  // a buyer meets it accepting an expired counter-offer: revised terms (a new expiry date) go through as well
  expired: "This counter-offer has expired and can no longer be accepted: answer with revised terms and a new expiry date, or withdraw the offer.",
};
const SELLER_PROBLEMS: Partial<Record<OfferProblem, string>> = {
  "not-open": "This offer is closed.",
  "project-closed": "The project is no longer open for offers.",
  expired: "This offer has expired.",
};

/** Why an offer step was refused, as the side that tried it reads it. */
export function offerProblemMessage(problem: OfferProblem, side: "buyer" | "seller") {
  return side === "buyer" ? BUYER_PROBLEMS[problem] : (SELLER_PROBLEMS[problem] ?? "The offer has changed in the meantime.");
}

export function isExpired(offer: Pick<Offer, "expiresOn">, now = new Date()) {
  return offer.expiresOn < marketToday(now);
}

const sameTerms = (offer: Offer, terms: LoiTerms) =>
  offer.price === terms.price &&
  offer.structure === terms.structure &&
  offer.conditions === terms.conditions &&
  offer.dueDiligenceDays === terms.dueDiligenceDays &&
  offer.expiresOn === terms.expiresOn;

/**
 * A buyer's letter of intent; one open offer per buyer and project. The same letter sent again (a double
 * click, a resend after a slow answer) is answered with the offer the first made, marked `repeated`, and
 * nothing more is written or told: the buyer's open offer, on these very terms, not yet moved by anyone.
 */
export async function submitOffer(services: DealServices, parties: Parties, terms: LoiTerms): Promise<Offer | RepeatedStep | OfferProblem> {
  const { project, buyer } = parties;
  if (project.status !== "published") return "project-closed";
  const open = and(eq(offers.projectId, project.id), eq(offers.buyerId, buyer.id), inArray(offers.status, [...OPEN_OFFER_STATUSES]));
  // every column in the table's order, written only while the buyer has no open offer: the look
  // and the insert are one statement, so a letter sent twice at once makes one offer, not two
  const now = Date.now();
  const [offer] = await services.db
    .insert(offers)
    .select(
      sql`select null, ${project.id}, ${buyer.id}, 'submitted', ${terms.price}, ${terms.structure}, ${terms.conditions}, ${terms.dueDiligenceDays}, ${terms.expiresOn}, 1, '', '', ${now}, ${now}
        where not exists (select 1 from ${offers} where ${open}) and ${projectStillIn(project.id, ["published"])}`,
    )
    .returning();
  if (!offer) {
    if (await projectLeft(services.db, project.id, ["published"])) return "project-closed";
    const [standing] = await services.db.select().from(offers).where(open).orderBy(desc(offers.id)).limit(1);
    return standing && standing.status === "submitted" && standing.revision === 1 && sameTerms(standing, terms) ? { ...standing, repeated: true } : "open-offer-exists";
  }
  let stored: Offer[];
  try {
    const pdf = await writeLoi(parties, offer.id, 1, `Offer #${offer.id}, revision 1`, terms);
    // the letter goes too when the rows that name it cannot be written
    [stored] = await storeWithRecord(services.files, loiFile(pdf), () =>
      services.db.batch([
        services.db.update(offers).set({ pdfKey: pdf.key, pdfSha256: pdf.sha256 }).where(eq(offers.id, offer.id)).returning(),
        services.db.insert(offerEvents).values({ offerId: offer.id, actorId: buyer.id, action: "submitted", terms, revision: 1, pdfKey: pdf.key }),
      ]),
    );
  } catch (error) {
    // an open offer without its letter would refuse the buyer's next one: it goes with the failure
    await services.db.delete(offers).where(eq(offers.id, offer.id));
    throw error;
  }
  recomputeLater(services, { projectId: project.id, buyerId: buyer.id });
  await notify(services, project.sellerId, {
    kind: "offer_new",
    message: `${buyer.name} (${buyer.company}) made an offer on ${project.projectName}.`,
    link: `/sellers/myprojects/${project.id}`,
    email: { subject: `New offer: ${project.projectName}`, body: `${buyer.name} (${buyer.company}) submitted a letter of intent.` },
  });
  return stored[0]!;
}

type Step = Exclude<OfferAction, "submitted">;
type AcceptStep = ReturnType<ReturnType<ReturnType<ReturnType<Database["update"]>["set"]>["where"]>["returning"]>;

/** Whose move it is: the seller answers a submitted offer, the buyer answers a counter (or withdraws). */
const MOVES: Record<"seller" | "buyer", Partial<Record<Step, OfferStatus[]>>> = {
  seller: { countered: ["submitted"], accepted: ["submitted"], rejected: ["submitted"] },
  buyer: { revised: ["countered"], accepted: ["countered"], withdrawn: ["submitted", "countered"] },
};
const RESULT: Record<Step, OfferStatus> = {
  countered: "countered",
  revised: "submitted",
  accepted: "accepted",
  rejected: "rejected",
  withdrawn: "withdrawn",
};

export function canMove(side: "seller" | "buyer", action: Step, status: OfferStatus) {
  return MOVES[side][action]?.includes(status) ?? false;
}

/** An offer a step found already taken by its actor: the same form sent again (a double click, a resend after a slow answer). */
export type RepeatedStep = Offer & { repeated: true };

type StepInput = { terms?: LoiTerms; note?: string; seen?: number };

/**
 * A step on an offer by the seller's side or its buyer: the offer as it moved, a problem, or, when the
 * step was refused because this actor had just taken it (the form sent twice: the second post found
 * the offer accepted, the listing under offer, the revision moved on), the offer marked `repeated`,
 * for which nothing more is written or told.
 */
export async function actOnOffer(
  services: DealServices,
  parties: Parties,
  offer: Offer,
  actor: User,
  side: "seller" | "buyer",
  action: Step,
  input: StepInput = {},
): Promise<Offer | RepeatedStep | OfferProblem> {
  const outcome = await takeStep(services, parties, offer, actor, side, action, input);
  if (typeof outcome !== "string") return outcome;
  return (await sameStepTaken(services.db, offer.id, actor.id, action, input)) ?? outcome;
}

/**
 * The offer, marked `repeated`, when it stands as this very step left it: new terms, the same as these,
 * one revision on from the page's; or the latest entry of its history this step, by this actor, with this
 * note, on the revision the page showed. Null for anything else (another's step, other terms, later moves).
 */
async function sameStepTaken(db: Database, offerId: number, actorId: number, action: Step, { terms, note = "", seen }: StepInput): Promise<RepeatedStep | null> {
  const [[now], [last]] = await Promise.all([
    db.select().from(offers).where(eq(offers.id, offerId)).limit(1),
    db.select().from(offerEvents).where(eq(offerEvents.offerId, offerId)).orderBy(desc(offerEvents.id)).limit(1),
  ]);
  if (!now || now.status !== RESULT[action]) return null;
  const same = terms
    ? now.revision > 1 && (seen === undefined || now.revision === seen + 1) && sameTerms(now, terms)
    : last?.action === action && last.actorId === actorId && last.note === note && last.revision === now.revision && (seen === undefined || seen === now.revision);
  return same ? { ...now, repeated: true } : null;
}

async function takeStep(
  services: DealServices,
  parties: Parties,
  offer: Offer,
  actor: User,
  side: "seller" | "buyer",
  action: Step,
  { terms, note = "", seen }: StepInput,
): Promise<Offer | OfferProblem> {
  const { project } = parties;
  // first, so that a step on a withdrawn listing's offer (closed with it, decision 089) is told why
  if (action === "accepted" && project.status !== "published") return "project-closed";
  // new terms on a project buyers no longer see (withdrawn, sold) are a letter nobody can answer: the
  // buyer's workspace is missing to them. Closing the offer (reject, withdraw) still goes through
  if ((action === "countered" || action === "revised") && !VISIBLE_TO_BUYERS.includes(project.status)) return "project-closed";
  if (!OPEN_OFFER_STATUSES.includes(offer.status)) return "not-open";
  if (!canMove(side, action, offer.status)) return "not-your-turn";
  // the page showed an earlier revision (another tab, a colleague, the other side moved since): its
  // actor would accept, counter or reject terms they never saw
  if (seen !== undefined && seen !== offer.revision) return "not-your-turn";
  if ((action === "accepted" || action === "countered") && isExpired(offer)) return "expired";

  const revision = terms ? offer.revision + 1 : offer.revision;
  const pdf = terms
    ? await writeLoi(parties, offer.id, revision, `Offer #${offer.id}, revision ${revision} (${action === "countered" ? "counter-offer by the seller" : "revised by the buyer"})`, terms)
    : null;
  const now = new Date();
  // an acceptance, only while no other offer on the project is accepted: in this statement, not before
  // it, so that two offers accepted at once do not both win (the project goes under offer after it)
  const acceptedOne = sql`select 1 from ${offers} o where o.project_id = ${project.id} and o.status = 'accepted'`;
  // and the project as it is then, not as the request read it: withdrawn a moment before, an acceptance
  // was an accepted offer on a withdrawn listing (and new terms a letter the buyer can no longer open)
  const needs = action === "accepted" ? ["published"] : terms ? VISIBLE_TO_BUYERS : null;
  const step = services.db
    .update(offers)
    .set({ status: RESULT[action], revision, updatedAt: now, ...(terms ?? {}), ...(pdf ? { pdfKey: pdf.key, pdfSha256: pdf.sha256 } : {}) })
    .where(
      and(
        eq(offers.id, offer.id),
        eq(offers.status, offer.status),
        eq(offers.revision, offer.revision),
        action === "accepted" ? sql`not exists (${acceptedOne})` : undefined,
        needs ? projectStillIn(project.id, needs) : undefined,
      ),
    )
    .returning();
  const write = async (): Promise<readonly [Offer | undefined, ReadonlyArray<{ buyerId: number }>]> =>
    action === "accepted"
      ? accept(services.db, { step, project, offer, actorId: actor.id, sellerActing: side === "seller", note, revision, now })
      : [(await step)[0], []];
  // a new letter is stored with the step that names it, and goes when that write fails
  const [updated, rivals] = await (pdf ? storeWithRecord(services.files, loiFile(pdf), write) : write());
  if (!updated) {
    // the letter written for this step names terms that were never put on the table
    if (pdf) await services.files.delete(pdf.key);
    if (action === "accepted" && (await services.db.all(acceptedOne)).length) {
      return "project-closed";
    }
    if (needs && (await projectLeft(services.db, project.id, needs))) return "project-closed";
    // someone else moved first: the caller shows the offer as it now is
    return "not-your-turn";
  }
  if (action !== "accepted") {
    await services.db.insert(offerEvents).values({ offerId: offer.id, actorId: actor.id, action, terms: terms ?? null, note, revision, pdfKey: pdf?.key ?? null });
  }
  recomputeLater(services, { projectId: project.id, buyerId: parties.buyer.id });
  await tellOtherSide(services, parties, side, action, note);
  const message = (closed: string) => `${project.projectName}: the seller accepted another offer; your ${closed} is closed.`;
  // a buyer's own older open offer (from before one open offer a buyer) closes too, but their news is the acceptance
  const others = rivals.filter((r) => r.buyerId !== parties.buyer.id);
  await tellClosedBuyers(services, { projectId: project.id, projectName: project.projectName, message }, others);
  return updated;
}

/** Why the other buyers' offers closed when one was accepted (decision 090). */
export const ACCEPTED_ANOTHER_NOTE = "Closed: the seller accepted another offer";

/**
 * An acceptance (`step`), its history entry, the listing under offer and every other open offer on it
 * closed (decision 090), in one batch: the statements after the first act only when it accepted this
 * offer at this moment, so an acceptance refused (another won, the listing left) writes nothing else.
 * The accepted offer, if it was, and the buyers of the offers closed.
 */
async function accept(
  db: Database,
  { step, project, offer, actorId, sellerActing, note, revision, now }: { step: AcceptStep; project: Project; offer: Offer; actorId: number; sellerActing: boolean; note: string; revision: number; now: Date },
) {
  const acceptedNow = sql`exists (select 1 from ${offers} o where o.id = ${offer.id} and o.status = 'accepted' and o.updated_at = ${now.getTime()})`;
  // once per offer: a double click whose two writes share a millisecond would otherwise log it twice
  const notLogged = sql`not exists (select 1 from ${offerEvents} e where e.offer_id = ${offer.id} and e.action = 'accepted')`;
  const [accepted, , , , rivals] = await db.batch([
    step,
    db.insert(offerEvents).select(sql`select null, ${offer.id}, ${actorId}, 'accepted', null, ${note}, ${revision}, null, ${now.getTime()} where ${acceptedNow} and ${notLogged}`),
    db.update(projects).set({ status: "under_offer", updatedAt: now }).where(and(eq(projects.id, project.id), eq(projects.status, "published"), acceptedNow)),
    // closed in the seller's name, even when a buyer accepted the seller's counter: the history
    // other buyers read must not name a rival
    ...closeOpenOffers(db, { projectId: project.id, actorId: sellerActing ? actorId : project.sellerId, note: ACCEPTED_ANOTHER_NOTE, now, when: acceptedNow }),
  ]);
  return [accepted[0] as Offer | undefined, rivals] as const;
}

const SENTENCES: Record<Step, string> = {
  countered: "countered your offer on",
  revised: "revised their offer on",
  accepted: "accepted the offer on",
  rejected: "rejected your offer on",
  withdrawn: "withdrew their offer on",
};
const KINDS = { countered: "offer_countered", revised: "offer_new", accepted: "offer_accepted", rejected: "offer_rejected", withdrawn: "offer_withdrawn" } as const;

async function tellOtherSide(services: DealServices, { project, buyer }: Parties, side: "seller" | "buyer", action: Step, note: string) {
  const toBuyer = side === "seller";
  const who = toBuyer ? "The seller" : `${buyer.name} (${buyer.company})`;
  const message = `${who} ${SENTENCES[action]} ${project.projectName}.`;
  await notify(services, toBuyer ? buyer.id : project.sellerId, {
    kind: KINDS[action],
    message,
    link: toBuyer ? workspacePath(buyer.roles, project.id) : `/sellers/myprojects/${project.id}`,
    email: { subject: `Offer update: ${project.projectName}`, body: note ? `${message}\n\nNote: ${note}` : message },
  });
}

/** The stored LOI PDF of an offer at a revision (the current one, or an earlier one from its history). */
export async function loiPdfKey(db: Database, offer: Pick<Offer, "id" | "revision" | "pdfKey">, revision: number) {
  if (revision === offer.revision) return offer.pdfKey;
  const event = await db.query.offerEvents.findFirst({
    columns: { pdfKey: true },
    where: and(eq(offerEvents.offerId, offer.id), eq(offerEvents.revision, revision)),
  });
  return event?.pdfKey ?? null;
}
