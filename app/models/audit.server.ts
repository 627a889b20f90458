import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { sha256Hex } from "~/.server/crypto";
import type { Database } from "~/.server/db";
import { auditLog, users, type AuditRow } from "~/.server/db/schema";

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
  /** An edit's fields that changed, each with the value it replaced (build them with `changedFields`). */
  changes?: AuditChange[];
};

/** One field an edit changed: its value before and after, as text ("" for none). */
export type AuditChange = { field: string; from: string; to: string };

// a secret's value (or its hash) in the log would hand it to every admin and keep it there for good
const SECRET_FIELD = /password|secret|token|totp|hash|api.?key|salt|seal/i;
// a value past this is cut in the log; the list shortens it much sooner
const MAX_VALUE_LENGTH = 4000;

/** A field's value as the log keeps it: text, a list's items comma separated, nothing for null. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.every((v) => typeof v !== "object" || v === null) ? value.join(", ") : JSON.stringify(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * The fields of `after` (or only `fields`) whose value differs from `before`'s, each with both values;
 * secrets are never among them. `before` null (a record made) gives every field from "".
 */
export function changedFields<T extends object>(before: T | null | undefined, after: Partial<T>, fields?: readonly (keyof T & string)[]): AuditChange[] {
  const keys = fields ?? (Object.keys(after) as (keyof T & string)[]);
  const changes: AuditChange[] = [];
  for (const field of keys) {
    if (SECRET_FIELD.test(field) || !(field in after)) continue;
    const from = auditValue(before ? before[field] : null);
    const to = auditValue(after[field]);
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** The changes column's text: "" when there are none, so an entry without keeps the hash it had before the column. */
function changesText(changes: AuditChange[] | undefined) {
  const kept = (changes ?? [])
    .filter((c) => !SECRET_FIELD.test(c.field))
    .map((c) => ({ field: c.field.slice(0, 100), from: c.from.slice(0, MAX_VALUE_LENGTH), to: c.to.slice(0, MAX_VALUE_LENGTH) }));
  return kept.length ? JSON.stringify(kept) : "";
}

/** An entry's changes as written; entries older than the column, or without changes, have none. */
export function readChanges(text: string): AuditChange[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter((c): c is AuditChange => typeof c?.field === "string" && typeof c.from === "string" && typeof c.to === "string")
      : [];
  } catch {
    return [];
  }
}

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
    // only when there are some: the rows written before the column keep their hashes
    ...(row.changes ? [row.changes] : []),
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
      changes: changesText(entry.changes),
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
/**
 * What the audit log is narrowed to: one record (its kind and id: its history), and who acted (their e-mail, as
 * the log names them). Each is read from the index that holds it, newest first.
 */
export type AuditFilters = { subjectType?: string; subjectId?: string; actorEmail?: string };

/** A page of the log, newest first, from `before` (a row id), narrowed to `filters`. */
export async function listAudit(db: Database, { before, pageSize = AUDIT_PAGE_SIZE, filters = {} }: { before?: number; pageSize?: number; filters?: AuditFilters } = {}) {
  const { subjectType, subjectId, actorEmail } = filters;
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        before ? lt(auditLog.id, before) : undefined,
        subjectType ? eq(auditLog.subjectType, subjectType) : undefined,
        subjectType && subjectId ? eq(auditLog.subjectId, subjectId) : undefined,
        // by the account's id (the actor index): an entry keeps the e-mail it was written with, which a later change of address left behind
        actorEmail ? eq(auditLog.actorId, sql`(select ${users.id} from ${users} where ${users.email} = ${actorEmail.toLowerCase()})`) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(pageSize + 1);
  return {
    rows: rows.slice(0, pageSize).map((row) => ({ ...row, changes: readChanges(row.changes) })),
    olderBefore: rows.length > pageSize ? rows[pageSize - 1]!.id : null,
  };
}

/**
 * Who saved a record as it is, for a save refused because of it (null: not known, the demo's seed): the first entry
 * of its subject (the record's own, or an import's: `subjectIds`) at or after `at`, its save's, written just after the
 * write. Asked only on such a refusal: the log has no index on its subjects.
 */
export async function savedBy(db: Database, { subjectType, subjectIds, at }: { subjectType: string; subjectIds: string[]; at: Date }) {
  const [entry] = await db
    .select({ name: auditLog.actorName })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), inArray(auditLog.subjectId, subjectIds), gte(auditLog.at, at)))
    .orderBy(asc(auditLog.at))
    .limit(1);
  return entry?.name ?? null;
}

/**
 * Who deleted a record and when, for a form that names it after it went (an edit opened before another admin's
 * delete): its latest `action` entry, null when there is none (never there, or deleted before the log). Asked only
 * then: the log has no index on its subjects.
 */
export async function deletedBy(db: Database, { action, subjectType, subjectId }: { action: string; subjectType: string; subjectId: number | string }) {
  const [entry] = await db
    .select({ by: auditLog.actorName, at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(subjectId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry ? { by: entry.by, at: entry.at.getTime() } : null;
}
