import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import type { RateLimitHitsRow } from "~/.server/services";
import { rateLimits } from "~/.server/db/schema";

/**
 * A fixed-window counter in one atomic upsert, so it holds across Node
 * processes and Worker isolates alike (KV would be eventually consistent).
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
  now = Date.now(),
  hits = 1,
) {
  const windowStart = now - (now % windowMs);
  const [row] = await addHits(db, { key, windowStart, hits }).returning({ count: rateLimits.count });
  const count = row?.count ?? hits;
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000),
  };
}

/**
 * One key's hits in one window, as an upsert: added to the stored count in the same window, or
 * starting a later one. Hits for a window older than the stored one change nothing (another
 * process's clock, or hits stored late): that window's count no longer matters.
 */
function addHits(db: Database, { key, windowStart, hits }: RateLimitHitsRow) {
  return db
    .insert(rateLimits)
    .values({ key, windowStart, count: hits })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // SQLite computes every SET expression from the row as it was
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + excluded.count when ${rateLimits.windowStart} > excluded.window_start then ${rateLimits.count} else excluded.count end`,
        windowStart: sql`max(${rateLimits.windowStart}, excluded.window_start)`,
      },
    });
}

/** How many hits the key has in its current window, without adding one. */
export async function rateLimitCount(db: Database, key: string, windowMs: number, now = Date.now()) {
  return (await rateLimitWindow(db, key, windowMs, now)).count;
}

/** The count of the current window and when it ends, read without adding to it. */
export async function rateLimitWindow(db: Database, key: string, windowMs: number, now = Date.now()) {
  const windowStart = now - (now % windowMs);
  const row = await db.query.rateLimits.findFirst({ columns: { windowStart: true, count: true }, where: eq(rateLimits.key, key) });
  return {
    count: row && row.windowStart === windowStart ? row.count : 0,
    retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000),
  };
}

/** The longest window in use: a row older than this counts nothing any more. */
const RETENTION_MS = 60 * 60_000;

export async function pruneRateLimits(db: Database, now = Date.now()) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - RETENTION_MS));
}

/**
 * Hits counted in memory first (the beacon's budget) and stored later, many at once: one upsert per
 * key and window, in one batch. A key's later window replaces its earlier one, and hits that arrive
 * for a window already passed are dropped, as its count no longer matters.
 */
export async function addRateLimitHits(db: Database, rows: readonly RateLimitHitsRow[]) {
  const merged = new Map<string, RateLimitHitsRow>();
  for (const row of rows) {
    const at = `${row.windowStart} ${row.key}`;
    const known = merged.get(at);
    if (known) known.hits += row.hits;
    else merged.set(at, { ...row });
  }
  // in any order: an earlier window's hits never replace a later one's
  const statements = [...merged.values()].map((row) => addHits(db, row));
  if (statements.length) await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}
