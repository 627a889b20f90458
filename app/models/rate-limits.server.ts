import { eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
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
) {
  const windowStart = now - (now % windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart} then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`${windowStart}`,
      },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000),
  };
}

/** How many hits the key has in its current window, without adding one. */
export async function rateLimitCount(db: Database, key: string, windowMs: number, now = Date.now()) {
  const windowStart = now - (now % windowMs);
  const row = await db.query.rateLimits.findFirst({ where: eq(rateLimits.key, key) });
  return row && row.windowStart === windowStart ? row.count : 0;
}
