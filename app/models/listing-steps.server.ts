import type { Database } from "~/.server/db";
import { eq } from "drizzle-orm";
import { projects, type Project, type User } from "~/.server/db/schema";
import { recordAudit } from "./audit.server";
import { recomputeProjectMatches } from "./matches.server";

type ProjectStatus = Project["status"];

/** A change of a listing's standing, as the audit log names it. */
export type ListingStep = "project.publish" | "project.return" | "project.withdraw" | "project.sold" | "project.reopen";

/**
 * What follows every change of a listing's standing, whoever made it (its seller or an admin): buyers
 * who may now see it are scored against it, and a listing they no longer see keeps no matches; then the
 * step is audited. After the step's own batch, so that a refused step leaves neither.
 */
export async function afterListingStep(
  db: Database,
  { actor, projectId, step, detail, address, from }: { actor: User; projectId: number; step: ListingStep; detail: string; address?: string; from: ProjectStatus },
) {
  await recomputeProjectMatches(db, { projectId });
  // `from` is the status the step was taken from (the page's read, which the step's own write required)
  const [now] = await db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
  const changes = now && now.status !== from ? [{ field: "status", from, to: now.status }] : [];
  await recordAudit(db, { actor, action: step, subjectType: "project", subjectId: projectId, detail, address, changes });
}

/** A listing's standing as a refusal says it. */
const STANDING: Record<ProjectStatus, string> = {
  draft: "a draft",
  submitted: "submitted for review",
  rejected: "returned to its seller",
  published: "published",
  under_offer: "under offer",
  sold: "sold",
  withdrawn: "withdrawn",
  importing: "still importing",
};

/** Where each of the review's and the withdrawal's steps leaves a listing, and the step as a refusal names it. */
const STEPS = {
  publish: { to: "published", verb: "published" },
  reject: { to: "rejected", verb: "returned to the seller" },
  withdraw: { to: "withdrawn", verb: "withdrawn" },
} as const satisfies Record<string, { to: ProjectStatus; verb: string }>;

/**
 * Why a listing step was refused, read after the refusal: the listing changed since the page was
 * opened (another admin's step, its seller's withdrawal, the same button pressed twice). The page
 * showed the step as possible, so "not in a state that allows this" left the person guessing.
 */
export async function listingStepRefusal(db: Database, projectId: number, step: keyof typeof STEPS) {
  const [now] = await db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
  if (!now) return "This project no longer exists.";
  const { to, verb } = STEPS[step];
  if (now.status === to) return `This project is ${STANDING[now.status]} already: nothing more was done.`;
  return `This project is ${STANDING[now.status]} now (it changed since the page was opened), so it was not ${verb}.`;
}
