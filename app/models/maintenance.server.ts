import type { Database } from "~/.server/db";
import { refreshPlannerStatistics } from "~/.server/db/planner-statistics";
import type { Env } from "~/.server/env";
import { pruneAccountUnlocks } from "./account-unlocks.server";
import { pruneApiTokens } from "./api-tokens.server";
import { drainImportJobs } from "./listing-imports.server";
import { drainOutbox, purgeOutbox } from "./outbox.server";
import { prunePasswordResets } from "./password-resets.server";
import { pruneDailyLooks } from "./project-looks.server";
import { pruneRateLimits } from "./rate-limits.server";
import { sendDueDigests } from "./saved-search-digests.server";
import { recomputeResponsivenessIfDue } from "./responsiveness.server";
import { pruneSessions } from "./sessions.server";

/**
 * Housekeeping, run by the cron trigger on Workers and a timer on Node: send what the
 * outbox holds (the saved-search digests that are due among it), and drop what can no longer be used (ended sessions, expired tokens,
 * spent rate-limit windows) so that no stale secret stays in the database.
 */
export async function runMaintenance(db: Database, env: Env, now = Date.now()) {
  // the saved-search digests first, so this run delivers them; a failure there must not stop the rest
  await sendDueDigests(db, env, { now }).catch((error) => console.error("saved-search digests failed:", error));
  const sent = await drainOutbox(db, env);
  // bulk uploads a restart (or a request's end on Workers) left half drained
  await drainImportJobs(db, now).catch((error) => console.error("import jobs failed:", error));
  await purgeOutbox(db, now);
  await pruneSessions(db, now);
  await pruneApiTokens(db, now);
  await prunePasswordResets(db, now);
  await pruneRateLimits(db, now);
  await pruneDailyLooks(db, now);
  await pruneAccountUnlocks(db, now);
  // nightly: the 90-day window moves on even when nothing happens
  await recomputeResponsivenessIfDue(db, now);
  // as the tables grow, the planner's picture of them follows (an hour at a time)
  await refreshPlannerStatistics(db, { now }).catch((error) => console.error("planner statistics failed:", error));
  return { sent };
}
