import { and, asc, count, desc, eq, max, ne, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { interestRates } from "~/.server/db/schema";
import type { CurvePoint } from "~/lib/loan-pricing";
import type { InterestRateValues } from "~/lib/schemas/pricing-data";
import { changedFields, recordAudit, type AuditEntry } from "./audit.server";
import { pageOf, type ListQuery } from "./list-query.server";
import { DUPLICATE, unlessDuplicate } from "~/.server/db/errors";

/** The benchmark curve: points by as-of day and tenor, admins' to keep (/admin/system/interest-rates). */

type Change = { actor: AuditEntry["actor"]; address?: string };

const SORT = { asOf: interestRates.asOf, tenorMonths: interestRates.tenorMonths, rate: interestRates.rate, updatedAt: interestRates.updatedAt };
export type InterestRateFilters = { asOf?: string };

/** One page of curve points; one as-of day when the filter names one. */
export async function listInterestRates(db: Database, { filters = {}, sort = "asOf", desc: descending = true, page = 1, pageSize = 25 }: ListQuery<InterestRateFilters>) {
  const where = filters.asOf && filters.asOf !== "Any" ? eq(interestRates.asOf, filters.asOf) : undefined;
  // within a day, the short end first whatever the sort
  const query = db.select().from(interestRates).where(where).orderBy(asc(interestRates.tenorMonths)).$dynamic();
  const by = SORT[sort as keyof typeof SORT] ?? SORT.asOf;
  return pageOf(query, db.select({ count: count() }).from(interestRates).where(where), { by, desc: descending, id: sql`${interestRates.tenorMonths}`, page, pageSize });
}

/** The as-of days there are, latest first (the filter's choices). */
export async function curveDays(db: Database) {
  const rows = await db.selectDistinct({ asOf: interestRates.asOf }).from(interestRates).orderBy(desc(interestRates.asOf)).limit(100);
  return rows.map((r) => r.asOf);
}

/** The latest curve, which pricing reads: its day and points, short end first (no points: an empty curve). */
export async function latestCurve(db: Database): Promise<{ asOf: string | null; points: CurvePoint[] }> {
  const [latest] = await db.select({ asOf: max(interestRates.asOf) }).from(interestRates);
  if (!latest?.asOf) return { asOf: null, points: [] };
  const points = await db
    .select({ tenorMonths: interestRates.tenorMonths, rate: interestRates.rate })
    .from(interestRates)
    .where(eq(interestRates.asOf, latest.asOf))
    .orderBy(asc(interestRates.tenorMonths));
  return { asOf: latest.asOf, points };
}

/** Every point, for the CSV: by day and tenor. */
export async function allInterestRates(db: Database) {
  return db.select().from(interestRates).orderBy(desc(interestRates.asOf), asc(interestRates.tenorMonths));
}

export async function findInterestRate(db: Database, id: number) {
  const [row] = await db.select().from(interestRates).where(eq(interestRates.id, id)).limit(1);
  return row ?? null;
}

const describe = (v: InterestRateValues) => `${v.asOf} ${v.tenorMonths}m ${v.rate}%`;

/** A point already on that day at that tenor? (each day holds one rate per tenor) */
async function taken(db: Database, values: InterestRateValues, except?: number) {
  const [row] = await db
    .select({ id: interestRates.id })
    .from(interestRates)
    .where(and(eq(interestRates.asOf, values.asOf), eq(interestRates.tenorMonths, values.tenorMonths), except ? ne(interestRates.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

export const DUPLICATE_POINT = "The curve of that day already has a rate at that tenor.";

export async function createInterestRate(db: Database, { values, actor, address }: { values: InterestRateValues } & Change) {
  // the unique index decides, not the look before: a form sent twice at once adds one row
  const [row] = await db.insert(interestRates).values({ ...values, updatedAt: new Date() }).onConflictDoNothing().returning({ id: interestRates.id });
  if (!row) return { ok: false as const, error: DUPLICATE_POINT };
  await recordAudit(db, { actor, action: "interest-rate.create", subjectType: "interest_rate", subjectId: row.id, detail: describe(values), address });
  return { ok: true as const };
}

/** False when there is no such point. */
export async function updateInterestRate(db: Database, { id, values, actor, address }: { id: number; values: InterestRateValues } & Change) {
  if (await taken(db, values, id)) return { ok: false as const, error: DUPLICATE_POINT };
  // the row as it was read in the write's own batch: the audit's "before" is what the update replaced
  const done = await unlessDuplicate(
    db.batch([
      db.select().from(interestRates).where(eq(interestRates.id, id)),
      db.update(interestRates).set({ ...values, updatedAt: new Date() }).where(eq(interestRates.id, id)).returning({ id: interestRates.id }),
    ]),
  );
  if (done === DUPLICATE) return { ok: false as const, error: DUPLICATE_POINT };
  const [[before], updated] = done;
  if (!updated.length) return null;
  const changes = changedFields(before, values);
  await recordAudit(db, { actor, action: "interest-rate.update", subjectType: "interest_rate", subjectId: id, detail: describe(values), address, changes });
  return { ok: true as const };
}

export async function deleteInterestRate(db: Database, { id, actor, address }: { id: number } & Change) {
  const deleted = await db.delete(interestRates).where(eq(interestRates.id, id)).returning();
  if (!deleted.length) return false;
  await recordAudit(db, { actor, action: "interest-rate.delete", subjectType: "interest_rate", subjectId: id, detail: describe(deleted[0]!), address });
  return true;
}

/**
 * Writes an imported file in one batch: a point that exists (same day and tenor)
 * takes the file's rate, the others are added. Rows travel as one JSON parameter
 * (D1 binds at most 100 parameters a statement).
 */
export async function importInterestRates(db: Database, { rows, actor, address }: { rows: InterestRateValues[] } & Change) {
  const now = Date.now();
  const statements = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = JSON.stringify(rows.slice(i, i + 500));
    statements.push(
      // every column in the table's order, id first (null: autoincrement); `where true` lets SQLite read the upsert
      db
        .insert(interestRates)
        .select(sql`select null, value ->> 'asOf', value ->> 'tenorMonths', value ->> 'rate', ${now} from json_each(${chunk}) where true`)
        .onConflictDoUpdate({ target: [interestRates.asOf, interestRates.tenorMonths], set: { rate: sql`excluded.rate`, updatedAt: sql`excluded.updated_at` } }),
    );
  }
  await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
  const days = [...new Set(rows.map((r) => r.asOf))].sort().join(", ");
  await recordAudit(db, { actor, action: "interest-rate.import", subjectType: "interest_rate", subjectId: "csv", detail: `${rows.length} points for ${days}`, address });
}
