import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { offers, type Project } from "~/.server/db/schema";
import { canSee, projectWithId, type Viewer } from "./projects.server";

/** Whether the buyer's offer on the project is the accepted one: on a sold listing, the one that bought it. */
export async function boughtIt(db: Database, { projectId, buyerId }: { projectId: number; buyerId: number }) {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.buyerId, buyerId), eq(offers.status, "accepted")))
    .limit(1);
  return Boolean(row);
}

/** What a member reads of a deal: the project, and when the sale went to them (null for any other). */
export type DealProject = { project: Project; soldToViewerAt: Date | null };

/**
 * The project of a deal `viewer` may read (decision 092): one they may see (canSee), or a sold one
 * whose accepted offer is theirs, which its buyer keeps reading (the workspace, the data room, the
 * NDA, the letters, the thread) though it takes no new step. Null for anyone else: callers answer 404,
 * as they do to every other buyer of a sold listing.
 */
export async function findDealProject(db: Database, viewer: Viewer, id: number): Promise<DealProject | null> {
  const project = await projectWithId(db, id);
  if (!project) return null;
  if (canSee(viewer, project)) return { project, soldToViewerAt: null };
  if (viewer.role === null || project.status !== "sold" || !(await boughtIt(db, { projectId: id, buyerId: viewer.id }))) return null;
  // every sold listing has its date, written with the sale or by migration 0078
  return { project, soldToViewerAt: project.soldAt ?? project.updatedAt };
}
