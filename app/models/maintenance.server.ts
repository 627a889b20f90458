import type { Database } from "~/.server/db";
import { refreshPlannerStatistics } from "~/.server/db/planner-statistics";
import type { Env } from "~/.server/env";
import { pruneAccountUnlocks } from "./account-unlocks.server";
import { pruneApiTokens } from "./api-tokens.server";
import { pruneLeadImports } from "./leads.server";
import { pruneFormSubmissions } from "./customer-accounts.server";
import { finishStalledCampaigns } from "./campaigns.server";
import { drainImportJobs } from "./listing-imports.server";
import { drainMatchQueue } from "./match-rescoring.server";
import { drainOutbox, purgeOutbox } from "./outbox.server";
import { prunePasswordResets } from "./password-resets.server";
import { pruneDailyLooks } from "./project-looks.server";
import { pruneRateLimits } from "./rate-limits.server";
import { fanOutDueDigests, sendDueDigests } from "./saved-search-digests.server";
import { recomputeResponsivenessIfDue } from "./responsiveness.server";
import { pruneSessions } from "./sessions.server";

/**
 * Housekeeping, run by the cron trigger on Workers and a timer on Node: send what the
 * outbox holds (the saved-search digests that are due among it, or on Workers handed to their queue), and drop what can no longer be used (ended sessions, expired tokens,
 * spent rate-limit windows) so that no stale secret stays in the database.
 */
export async function runMaintenance(db: Database, env: Env, now = Date.now(), { queueDigests }: { queueDigests?: (userIds: number[]) => Promise<void> } = {}) {
  // a step that fails (a lost connection to D1) must not stop the rest: each is logged, and the
  // run fails at its end with the first failure, so the cron's run is reported as failed
  const failures: unknown[] = [];
  const step = <T>(name: string, run: () => Promise<T>) =>
    run().catch((error: unknown) => {
      console.error(`housekeeping: ${name} failed:`, error);
      failures.push(error);
      return undefined;
    });
  // the saved-search digests first, so this run delivers them; a failure there must not stop the rest.
  // With a queue (the Worker's DIGESTS), this run only hands the due members to it, a page at a time,
  // and the queue's consumer writes the digests a bounded batch an invocation
  await (queueDigests ? fanOutDueDigests(db, { now, deliver: queueDigests }) : sendDueDigests(db, env, { now })).catch((error) =>
    console.error("saved-search digests failed:", error),
  );
  // campaigns whose queueing a restart cut off part-way: the rest of the list is written before this run delivers
  await step("campaign queueing", () => finishStalledCampaigns({ db, env, waitUntil: () => {} }, now));
  const sent = (await step("outbox delivery", () => drainOutbox(db, env))) ?? 0;
  // bulk uploads a restart (or a request's end on Workers) left half drained
  await drainImportJobs(db, now).catch((error) => console.error("import jobs failed:", error));
  // listings waiting to be scored again (new weights, a published upload), 20 seconds a run
  await step("match rescoring", () => drainMatchQueue(db, { budgetMs: 20_000 }));
  await step("outbox purge", () => purgeOutbox(db, now));
  await step("sessions", () => pruneSessions(db, now));
  await step("API tokens", () => pruneApiTokens(db, now));
  await step("password resets", () => prunePasswordResets(db, now));
  await step("rate limits", () => pruneRateLimits(db, now));
  await step("daily looks", () => pruneDailyLooks(db, now));
  await step("account unlocks", () => pruneAccountUnlocks(db, now));
  // the leads import's one-time keys, a week after their form was sent
  await step("lead import keys", () => pruneLeadImports(db, now));
  // and the admin's create forms' (new customer, new user), likewise
  await step("create form keys", () => pruneFormSubmissions(db, now));
  // nightly: the 90-day window moves on even when nothing happens
  await step("responsiveness", () => recomputeResponsivenessIfDue(db, now));
  // as the tables grow, the planner's picture of them follows (an hour at a time)
  await refreshPlannerStatistics(db, { now }).catch((error) => console.error("planner statistics failed:", error));
  if (failures.length) throw failures[0];
  return { sent };
}
