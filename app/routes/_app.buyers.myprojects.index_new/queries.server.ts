import { json } from "@remix-run/server-runtime";
import { requireUser, type GuardArgs } from "~/auth/guards.server";
import { NDA_APPROVED, workspacePath } from "~/lib/deal";
import { pipeline } from "~/models/pipeline.server";

/** A buyer's (or broker's) deals, each at its stage, newest activity first. */
export async function dealsLoader(args: GuardArgs) {
  const { services, user } = await requireUser(args);
  const entries = await pipeline(services.db, { buyerId: user.id });
  return json({
    deals: entries.map((e) => ({
      ...e,
      href: e.ndaStatus === NDA_APPROVED ? workspacePath(user.roles, e.projectId) : `/projects/more-details/${e.projectId}`,
    })),
  });
}
