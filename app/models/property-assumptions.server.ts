import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { upsertMany } from "~/.server/db/bulk";
import { propertyAssumptions, type PropertyAssumption } from "~/.server/db/schema";
import type { SavedMeanwhile } from "~/.server/replies";
import { changedFields, deletedBy, recordAudit, savedBy, type AuditEntry } from "~/models/audit.server";
import { pageOrLast, textMatch } from "~/models/list-query.server";
import { importCsv, type CsvLineError } from "~/lib/csv-import";
import { propertyAssumptionSchema, type PropertyOptions } from "~/lib/schemas/system-data";
import { PROPERTY_ASSUMPTION_COLUMNS, repeatedKeys, SYSTEM_DATA_MAX_ROWS, SYSTEM_DATA_PAGE_SIZE } from "~/lib/system-data";
import { DUPLICATE, unlessDuplicate } from "~/.server/db/errors";

export type PropertyAssumptionValues = Pick<PropertyAssumption, "propertyType" | "region" | "capRate" | "vacancy" | "expenseRatio">;
type Change = { actor: NonNullable<AuditEntry["actor"]>; address?: string };

/** The region whose row stands in for a region that has none of its own. */
export const NATIONWIDE = "Nationwide";

const describe = (v: PropertyAssumptionValues) =>
  `${v.propertyType} / ${v.region}: cap rate ${v.capRate}%, vacancy ${v.vacancy}%, expenses ${v.expenseRatio}%`;

function where(q: string | undefined): SQL | undefined {
  return textMatch(q, [propertyAssumptions.propertyType, propertyAssumptions.region]);
}

/** One page of the table, by type then region. */
export function listPropertyAssumptions(db: Database, { q, page = 1, pageSize = SYSTEM_DATA_PAGE_SIZE }: { q?: string; page?: number; pageSize?: number }) {
  // a page past the last (a stale link after a search narrowed the rows, a made-up ?page=) shows the last: it
  // said "249,951–66 of 66 rows, Page 9,999 of 3" over "No rows"
  return pageOrLast((at) => propertyAssumptionsPage(db, { q, page: at, pageSize }), page);
}

async function propertyAssumptionsPage(db: Database, { q, page, pageSize }: { q?: string; page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(propertyAssumptions)
      .where(where(q))
      .orderBy(asc(propertyAssumptions.propertyType), asc(propertyAssumptions.region))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ count: count() }).from(propertyAssumptions).where(where(q)),
  ]);
  return { rows, total: total?.count ?? 0, page: Math.max(1, page), pageSize };
}

/** Every row matching the search, for the CSV export (one per type and region: a few hundred at most). */
export function allPropertyAssumptions(db: Database, { q }: { q?: string } = {}) {
  return db.select().from(propertyAssumptions).where(where(q)).orderBy(asc(propertyAssumptions.propertyType), asc(propertyAssumptions.region));
}

export async function findPropertyAssumption(db: Database, id: number) {
  return db.query.propertyAssumptions.findFirst({ where: eq(propertyAssumptions.id, id) });
}

const sameKey = (v: Pick<PropertyAssumptionValues, "propertyType" | "region">) =>
  and(eq(propertyAssumptions.propertyType, v.propertyType), eq(propertyAssumptions.region, v.region));

/** The assumptions for a property type in a region, else the type's nationwide row, else none. */
export async function assumptionFor(db: Database, { propertyType, region }: { propertyType: string; region: string }) {
  const rows = await db
    .select()
    .from(propertyAssumptions)
    .where(and(eq(propertyAssumptions.propertyType, propertyType), inArray(propertyAssumptions.region, [region, NATIONWIDE])));
  return rows.find((r) => r.region === region) ?? rows.find((r) => r.region === NATIONWIDE) ?? null;
}

export type SaveOutcome = { ok: true; id: number } | { ok: false; reason: "duplicate" | "missing" } | ({ ok: false; reason: "meanwhile" } & SavedMeanwhile);

export async function createPropertyAssumption(db: Database, { values, actor, address }: { values: PropertyAssumptionValues } & Change): Promise<SaveOutcome> {
  const [row] = await db.insert(propertyAssumptions).values(values).onConflictDoNothing().returning({ id: propertyAssumptions.id });
  if (!row) return { ok: false, reason: "duplicate" };
  await recordAudit(db, { actor, action: "property-assumption.create", subjectType: "property-assumption", subjectId: row.id, detail: describe(values), address });
  return { ok: true, id: row.id };
}

/**
 * A row changed. `opened`: when the row the edit form showed was saved; another admin's save (or an import) since then
 * is not overwritten unseen: refused with who and when. Without it (an older page) the row is written.
 */
export async function updatePropertyAssumption(
  db: Database,
  { id, values, actor, address, opened }: { id: number; values: PropertyAssumptionValues; opened?: number } & Change,
): Promise<SaveOutcome> {
  const clash = await db.query.propertyAssumptions.findFirst({ where: sameKey(values), columns: { id: true } });
  if (clash && clash.id !== id) return { ok: false, reason: "duplicate" };
  // the row as it was read in the write's own batch: the audit's "before" is what the update replaced; the write
  // only over the save the form was opened on (the look and the write are one statement)
  const done = await unlessDuplicate(
    db.batch([
      db.select().from(propertyAssumptions).where(eq(propertyAssumptions.id, id)),
      db
        .update(propertyAssumptions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(propertyAssumptions.id, id), opened === undefined ? undefined : eq(propertyAssumptions.updatedAt, new Date(opened))))
        .returning({ id: propertyAssumptions.id }),
    ]),
  );
  if (done === DUPLICATE) return { ok: false, reason: "duplicate" };
  const [[before], updated] = done;
  if (!before) return { ok: false, reason: "missing" };
  if (!updated.length) return { ok: false, reason: "meanwhile", savedAt: before.updatedAt.getTime(), by: await savedBy(db, { subjectType: "property-assumption", subjectIds: [String(id), "import"], at: before.updatedAt }) };
  const changes = changedFields(before, values);
  await recordAudit(db, { actor, action: "property-assumption.update", subjectType: "property-assumption", subjectId: id, detail: describe(values), address, changes });
  return { ok: true, id };
}

export async function deletePropertyAssumption(db: Database, { id, actor, address }: { id: number } & Change) {
  const [row] = await db.delete(propertyAssumptions).where(eq(propertyAssumptions.id, id)).returning();
  if (!row) return false;
  await recordAudit(db, { actor, action: "property-assumption.delete", subjectType: "property-assumption", subjectId: id, detail: describe(row), address });
  return true;
}

/** Who deleted a row and when, for an edit (or its link) that names it after it went. */
export function propertyAssumptionDeletedBy(db: Database, id: number) {
  return deletedBy(db, { action: "property-assumption.delete", subjectType: "property-assumption", subjectId: id });
}

/**
 * An import: every line checked (all or nothing, each bad line named), then every row
 * written in one batch, a row of the same type and region replaced.
 */
export async function importPropertyAssumptions(
  db: Database,
  { text, options, actor, address, file }: { text: string; options: PropertyOptions; file: string } & Change,
): Promise<{ imported: number; errors: CsvLineError[]; more?: number }> {
  const parsed = importCsv(text, propertyAssumptionSchema(options), { columns: PROPERTY_ASSUMPTION_COLUMNS, maxRows: SYSTEM_DATA_MAX_ROWS });
  if (!parsed.ok) return { imported: 0, errors: parsed.errors, more: parsed.more };
  const repeated = repeatedKeys(parsed.rows, (r) => `${r.propertyType} / ${r.region}`, "Property type and region");
  if (repeated.length) return { imported: 0, errors: repeated };
  const now = new Date();
  await upsertMany(
    db,
    propertyAssumptions,
    parsed.rows.map((r) => ({ ...r, updatedAt: now })),
    { target: [propertyAssumptions.propertyType, propertyAssumptions.region], update: ["capRate", "vacancy", "expenseRatio", "updatedAt"] },
  );
  await recordAudit(db, {
    actor,
    action: "property-assumption.import",
    subjectType: "property-assumption",
    subjectId: "import",
    detail: `${parsed.rows.length} rows from ${file}`,
    address,
  });
  return { imported: parsed.rows.length, errors: [] };
}
