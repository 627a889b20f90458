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
