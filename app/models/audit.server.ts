import { asc, desc, gt, lt } from "drizzle-orm";
import { sha256Hex } from "~/.server/crypto";
import type { Database } from "~/.server/db";
import { auditLog, type AuditRow } from "~/.server/db/schema";

/** The "previous hash" of the first row. */
export const GENESIS_HASH = "0".repeat(64);
const MAX_APPEND_TRIES = 50;

export type AuditEntry = {
  /** Who acted; null for the system itself. */
  actor: { id: number; name: string; email: string } | null;
  /** What they did, e.g. "project.publish", "nda.approve", "user.lock". */
  action: string;
  /** The kind of record it was done to ("project", "contract", "user") and its id. */
  subjectType: string;
  subjectId: number | string;
  /** Anything a reader needs to understand it (a reason, the new roles). */
  detail?: string;
  /** The client address the request came from. */
  address?: string;
};

type Content = Omit<AuditRow, "prevHash" | "hash">;

/** The exact text the hash covers: every column but the hashes, in a fixed order. */
export function canonicalContent(row: Content) {
  return JSON.stringify([
    row.id,
    row.at.getTime(),
    row.actorId,
    row.actorName,
    row.actorEmail,
    row.action,
    row.subjectType,
    row.subjectId,
    row.detail,
    row.address,
  ]);
}

export const chainHash = (prevHash: string, row: Content) => sha256Hex(`${prevHash}\n${canonicalContent(row)}`);

/**
 * Appends one entry. The new row takes the id after the newest row and names that
 * row's hash as its previous one; both are unique, so when two appends race for the
 * same place exactly one insert lands and the other reads the new head and tries
 * again. One statement per try: it works the same on libsql and on D1, which has no
 * interactive transactions.
 */
export async function recordAudit(db: Database, entry: AuditEntry, now = Date.now()): Promise<AuditRow> {
  for (let attempt = 0; attempt < MAX_APPEND_TRIES; attempt++) {
    const [head] = await db
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const content: Content = {
      id: (head?.id ?? 0) + 1,
      at: new Date(now),
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? "System",
      actorEmail: entry.actor?.email ?? "",
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: String(entry.subjectId),
      detail: (entry.detail ?? "").slice(0, 2000),
      address: (entry.address ?? "").slice(0, 100),
    };
    const prevHash = head?.hash ?? GENESIS_HASH;
    const row = { ...content, prevHash, hash: await chainHash(prevHash, content) };
    const inserted = await db.insert(auditLog).values(row).onConflictDoNothing().returning({ id: auditLog.id });
    if (inserted.length) return row;
    // another append took this place: back off a little so racing writers spread out
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
  }
  throw new Error("The audit log is too busy to append to; the action was not recorded.");
}

export type ChainCheck =
  | { intact: true; rows: number; head: { id: number; hash: string } | null }
  | { intact: false; rows: number; brokenAt: number; problem: string };

/**
 * Walks the whole chain oldest first, a page at a time, and names the first row that
 * does not follow from the one before: a changed row fails its own hash, a deleted
 * row leaves the next one pointing at a hash that is no longer there.
 */
export async function verifyAuditChain(db: Database, { pageSize = 500 } = {}): Promise<ChainCheck> {
  let prev: { id: number; hash: string } | null = null;
  let rows = 0;
  for (;;) {
    const page: AuditRow[] = await db
      .select()
      .from(auditLog)
      .where(prev ? gt(auditLog.id, prev.id) : undefined)
      .orderBy(asc(auditLog.id))
      .limit(pageSize);
    for (const row of page) {
      rows++;
      const expectedPrev: string = prev?.hash ?? GENESIS_HASH;
      const expectedId: number = (prev?.id ?? 0) + 1;
      if (row.id !== expectedId || row.prevHash !== expectedPrev) {
        const missing = row.id !== expectedId ? `row ${expectedId} is missing` : `row ${prev?.id ?? "before it"} was changed`;
        return { intact: false, rows, brokenAt: row.id, problem: `Row ${row.id} does not follow the row before it: ${missing}.` };
      }
      if ((await chainHash(row.prevHash, row)) !== row.hash) {
        return { intact: false, rows, brokenAt: row.id, problem: `Row ${row.id} was changed after it was written: its content does not match its hash.` };
      }
      prev = { id: row.id, hash: row.hash };
    }
    if (page.length < pageSize) return { intact: true, rows, head: prev };
  }
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first; `before` is the id the previous page ended at. */
export async function listAudit(db: Database, { before, pageSize = AUDIT_PAGE_SIZE }: { before?: number; pageSize?: number } = {}) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(before ? lt(auditLog.id, before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(pageSize + 1);
  return { rows: rows.slice(0, pageSize), olderBefore: rows.length > pageSize ? rows[pageSize - 1]!.id : null };
}
