import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { upsertMany } from "~/.server/db/bulk";
import { sicCodes, type SicCode } from "~/.server/db/schema";
import { changedFields, deletedBy, recordAudit, savedBy, type AuditEntry } from "~/models/audit.server";
import type { SavedMeanwhile } from "~/.server/replies";
import { pageOrLast, textMatch } from "~/models/list-query.server";
import { importCsv, type CsvLineError } from "~/lib/csv-import";
import { sicCodeSchema } from "~/lib/schemas/system-data";
import { SIC_CODE_COLUMNS, SYSTEM_DATA_MAX_ROWS, SYSTEM_DATA_PAGE_SIZE, repeatedKeys } from "~/lib/system-data";
import { DUPLICATE, unlessDuplicate } from "~/.server/db/errors";

export type SicCodeValues = Pick<SicCode, "code" | "title" | "division">;
type Change = { actor: NonNullable<AuditEntry["actor"]>; address?: string };

const describe = (v: SicCodeValues) => `${v.code} ${v.title} (division ${v.division})`;

function where({ q, division }: { q?: string; division?: string }): SQL | undefined {
  return and(textMatch(q, [sicCodes.code, sicCodes.title]), division ? eq(sicCodes.division, division) : undefined);
}

type Filters = { q?: string; division?: string };

/** One page of the table, by code. */
export function listSicCodes(db: Database, { page = 1, pageSize = SYSTEM_DATA_PAGE_SIZE, ...filters }: Filters & { page?: number; pageSize?: number }) {
  // a page past the last (a stale link after a filter narrowed the codes, a made-up ?page=) shows the last
  return pageOrLast((at) => sicCodesPage(db, { ...filters, page: at, pageSize }), page);
}

async function sicCodesPage(db: Database, { page, pageSize, ...filters }: Filters & { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sicCodes)
      .where(where(filters))
      .orderBy(asc(sicCodes.code))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ count: count() }).from(sicCodes).where(where(filters)),
  ]);
  return { rows, total: total?.count ?? 0, page: Math.max(1, page), pageSize };
}

/** Every code matching the filters, by code: the CSV export and the listing form's suggestions (about a thousand at most). */
export function allSicCodes(db: Database, filters: Filters = {}) {
  return db.select({ code: sicCodes.code, title: sicCodes.title, division: sicCodes.division }).from(sicCodes).where(where(filters)).orderBy(asc(sicCodes.code));
}

export async function findSicCode(db: Database, code: string) {
  return db.query.sicCodes.findFirst({ where: eq(sicCodes.code, code) });
}

export type SicOutcome = { ok: true } | { ok: false; reason: "duplicate" | "missing" } | ({ ok: false; reason: "meanwhile" } & SavedMeanwhile);

export async function createSicCode(db: Database, { values, actor, address }: { values: SicCodeValues } & Change): Promise<SicOutcome> {
  const [row] = await db.insert(sicCodes).values(values).onConflictDoNothing().returning({ code: sicCodes.code });
  if (!row) return { ok: false, reason: "duplicate" };
  await recordAudit(db, { actor, action: "sic-code.create", subjectType: "sic-code", subjectId: values.code, detail: describe(values), address });
  return { ok: true };
}

/** A change, the code itself included (`original` names the row changed). */
/**
 * A code changed. `opened`: when the code the edit form showed was saved; another admin's save (or an import) since
 * then is not overwritten unseen: refused with who and when. Without it (an older page) the code is written.
 */
export async function updateSicCode(
  db: Database,
  { original, values, actor, address, opened }: { original: string; values: SicCodeValues; opened?: number } & Change,
): Promise<SicOutcome> {
  if (values.code !== original && (await findSicCode(db, values.code))) return { ok: false, reason: "duplicate" };
  // the row as it was read in the write's own batch: the audit's "before" is what the update replaced
  const done = await unlessDuplicate(
    db.batch([
      db.select().from(sicCodes).where(eq(sicCodes.code, original)),
      db
        .update(sicCodes)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(sicCodes.code, original), opened === undefined ? undefined : eq(sicCodes.updatedAt, new Date(opened))))
        .returning({ code: sicCodes.code }),
    ]),
  );
  if (done === DUPLICATE) return { ok: false, reason: "duplicate" };
  const [[before], updated] = done;
  if (!before) return { ok: false, reason: "missing" };
  // the write only over the save the form was opened on (the look and the write are one statement)
  if (!updated.length) return { ok: false, reason: "meanwhile", savedAt: before.updatedAt.getTime(), by: await savedBy(db, { subjectType: "sic-code", subjectIds: [original, "import"], at: before.updatedAt }) };
  const renamed = values.code !== original ? `${original} → ` : "";
  const changes = changedFields(before, values);
  await recordAudit(db, { actor, action: "sic-code.update", subjectType: "sic-code", subjectId: values.code, detail: renamed + describe(values), address, changes });
  return { ok: true };
}

export async function deleteSicCode(db: Database, { code, actor, address }: { code: string } & Change) {
  const [row] = await db.delete(sicCodes).where(eq(sicCodes.code, code)).returning();
  if (!row) return false;
  await recordAudit(db, { actor, action: "sic-code.delete", subjectType: "sic-code", subjectId: code, detail: describe(row), address });
  return true;
}

/** Who deleted a code and when, for an edit (or its link) that names it after it went (a code changed on its edit is not found here). */
export function sicCodeDeletedBy(db: Database, code: string) {
  return deletedBy(db, { action: "sic-code.delete", subjectType: "sic-code", subjectId: code });
}

/**
 * An import: every line checked (all or nothing, each bad line named), then every row
 * written in one batch, a row with the same code replaced.
 */
export async function importSicCodes(
  db: Database,
  { text, actor, address, file }: { text: string; file: string } & Change,
): Promise<{ imported: number; errors: CsvLineError[]; more?: number }> {
  const parsed = importCsv(text, sicCodeSchema(), { columns: SIC_CODE_COLUMNS, maxRows: SYSTEM_DATA_MAX_ROWS });
  if (!parsed.ok) return { imported: 0, errors: parsed.errors, more: parsed.more };
  const repeated = repeatedKeys(parsed.rows, (r) => r.code, "Code");
  if (repeated.length) return { imported: 0, errors: repeated };
  const now = new Date();
  await upsertMany(db, sicCodes, parsed.rows.map((r) => ({ ...r, updatedAt: now })), { target: sicCodes.code, update: ["title", "division", "updatedAt"] });
  await recordAudit(db, { actor, action: "sic-code.import", subjectType: "sic-code", subjectId: "import", detail: `${parsed.rows.length} codes from ${file}`, address });
  return { imported: parsed.rows.length, errors: [] };
}
