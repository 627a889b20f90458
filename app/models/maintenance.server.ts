import { lt, or, isNotNull } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { apiTokens, passwordResets, rateLimits } from "~/.server/db/schema";
import type { Env } from "~/.server/env";
import { deliverDueMessages, purgeOutbox } from "./outbox.server";
import { pruneDailyLooks } from "./projects.server";
import { pruneSessions } from "./sessions.server";
import { pruneAccountUnlocks } from "./account-unlocks.server";

/** The longest rate-limit window in use: a row older than this counts nothing any more. */
const RATE_LIMIT_RETENTION_MS = 60 * 60_000;

/**
 * Housekeeping, run by the cron trigger on Workers and a timer on Node: send what the
 * outbox holds, and drop what can no longer be used (ended sessions, expired tokens,
 * spent rate-limit windows) so that no stale secret stays in the database.
 */
export async function runMaintenance(db: Database, env: Env, now = Date.now()) {
  const sent = await deliverDueMessages(db, env, { now, limit: 100 });
  await purgeOutbox(db, now);
  await pruneSessions(db, now);
  await db.delete(apiTokens).where(lt(apiTokens.expiresAt, new Date(now)));
  await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, new Date(now)), isNotNull(passwordResets.usedAt)));
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - RATE_LIMIT_RETENTION_MS));
  await pruneDailyLooks(db, now);
  await pruneAccountUnlocks(db, now);
  return { sent };
}
