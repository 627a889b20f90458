import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { feedback, offers, users, type Project, type User } from "~/.server/db/schema";
import { OPEN_OFFER_STATUSES } from "~/lib/deal";
import { notify, type DealServices } from "./notifications.server";
import { buyerPseudonym, ndaSignedOn } from "./buyer-identity.server";

export type PassProblem = "offer-accepted" | "offer-open";

/** Why a pass was refused, as the buyer reads it. */
export const PASS_PROBLEMS: Record<PassProblem, string> = {
  "offer-accepted": "The seller accepted your offer on this project: it is no longer yours to pass on.",
  "offer-open": "You have an open offer on this project: withdraw it before you pass.",
};

/**
 * A buyer passes on a project; giving feedback again replaces the earlier one. Not while their
 * offer on it is open or accepted: the seller would read a pass beside a live letter of intent
 * (and the pipeline would show the buyer who won the project as passed).
 */
export async function savePass(
  services: DealServices,
  project: Project,
  buyer: Pick<User, "id" | "name" | "company">,
  input: { reasons: string[]; comment: string },
): Promise<PassProblem | undefined> {
  const [live] = await services.db
    .select({ status: offers.status })
    .from(offers)
    .where(and(eq(offers.projectId, project.id), eq(offers.buyerId, buyer.id), inArray(offers.status, ["accepted", ...OPEN_OFFER_STATUSES])))
    .orderBy(desc(offers.id))
    .limit(1);
  if (live) return live.status === "accepted" ? "offer-accepted" : "offer-open";
  // the first pass is the insert that wrote a row: a pass sent twice at once (a double click) both
  // found none when they looked first, and the seller was told twice
  const [first] = await services.db.insert(feedback).values({ projectId: project.id, buyerId: buyer.id, ...input }).onConflictDoNothing().returning({ id: feedback.id });
  if (!first) {
    await services.db
      .update(feedback)
      .set({ ...input, createdAt: new Date() })
      .where(and(eq(feedback.projectId, project.id), eq(feedback.buyerId, buyer.id)));
    return;
  }
  // a buyer who passes before signing the NDA stays the desk's pseudonym (buyer-identity.server.ts)
  const signed = await services.db.query.contracts.findFirst({
    where: (c, { and, isNotNull }) => and(eq(c.projectId, project.id), eq(c.buyerId, buyer.id), isNotNull(c.signedAt)),
    columns: { id: true },
  });
  const who = signed ? `${buyer.name} (${buyer.company})` : await buyerPseudonym(services.env.SESSION_SECRET, { projectId: project.id, buyerId: buyer.id });
  await notify(services, project.sellerId, {
    kind: "feedback",
    message: `${who} passed on ${project.projectName}: ${input.reasons.join(", ")}.`,
    link: `/sellers/myprojects/${project.id}`,
    email: {
      subject: `Feedback on ${project.projectName}`,
      body: `${who} passed on ${project.projectName}.\nReasons: ${input.reasons.join(", ")}\n${input.comment}`,
    },
  });
}

// the teaser reads it on every visit: built once
const passOfBuyer = preparedQuery((db) =>
  db
    .select()
    .from(feedback)
    .where(and(eq(feedback.projectId, sql.placeholder("projectId")), eq(feedback.buyerId, sql.placeholder("buyerId"))))
    .limit(1)
    .prepare(),
);

export async function findPass(db: Database, { projectId, buyerId }: { projectId: number; buyerId: number }) {
  const [pass] = await passOfBuyer(db).all({ projectId, buyerId });
  return pass ?? null;
}

// the deal desk reads it on every visit: built once
const feedbackOfProject = preparedQuery((db) =>
  db
    .select({
      buyerId: feedback.buyerId,
      reasons: feedback.reasons,
      comment: feedback.comment,
      createdAt: feedback.createdAt,
      buyerName: users.name,
      buyerCompany: users.company,
      // whether the desk names the buyer: read for each pass shown, not from the desk's page of NDAs
      ndaSigned: ndaSignedOn(feedback.projectId, feedback.buyerId),
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.buyerId))
    .where(eq(feedback.projectId, sql.placeholder("projectId")))
    .orderBy(desc(feedback.createdAt))
    .prepare(),
);

export async function projectFeedback(db: Database, projectId: number) {
  return feedbackOfProject(db).all({ projectId });
}
