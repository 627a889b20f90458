import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { interestRates } from "~/.server/db/schema";
import { tenorLabel, type CurvePoint } from "~/lib/loan-pricing";
import type { InterestRateValues } from "~/lib/schemas/pricing-data";
import { changedFields, deletedBy, recordAudit, savedBy, type AuditEntry } from "./audit.server";
import { pageOf, pageOrLast, type ListQuery } from "./list-query.server";
import { DUPLICATE, unlessDuplicate } from "~/.server/db/errors";

/** The benchmark curve: points by as-of day and tenor, admins' to keep (/admin/system/interest-rates). */

type Change = { actor: AuditEntry["actor"]; address?: string };

const SORT = { asOf: interestRates.asOf, tenorMonths: interestRates.tenorMonths, rate: interestRates.rate, updatedAt: interestRates.updatedAt };
export type InterestRateFilters = { asOf?: string };

/** One page of curve points; one as-of day when the filter names one. */
export async function listInterestRates(db: Database, { filters = {}, sort = "asOf", desc: descending = true, page = 1, pageSize = 25 }: ListQuery<InterestRateFilters>) {
  const where = filters.asOf && filters.asOf !== "Any" ? eq(interestRates.asOf, filters.asOf) : undefined;
  const by = SORT[sort as keyof typeof SORT] ?? SORT.asOf;
  // a page past the last (a stale link after a day was filtered, a made-up ?page=) shows the last: it said
  // "249,976–12 of 12 points" over "No curve points yet"
  return pageOrLast(
    (at) =>
      // within a day, the short end first whatever the sort
      pageOf(db.select().from(interestRates).where(where).orderBy(asc(interestRates.tenorMonths)).$dynamic(), db.select({ count: count() }).from(interestRates).where(where), {
        by,
        desc: descending,
        id: sql`${interestRates.tenorMonths}`,
        page: at,
        pageSize,
      }),
    page,
  );
}

/** The as-of days there are, latest first (the filter's choices). */
export async function curveDays(db: Database) {
  const rows = await db.selectDistinct({ asOf: interestRates.asOf }).from(interestRates).orderBy(desc(interestRates.asOf)).limit(100);
  return rows.map((r) => r.asOf);
}

/** A tenor the latest day's curve has no rate at, priced at the rate of the latest earlier day that has one. */
export type CarriedPoint = { tenorMonths: number; rate: number; asOf: string };

/**
 * The curve pricing reads: the latest day's points, short end first, and each tenor an earlier curve quoted that the
 * latest day does not, at its latest rate (`carried`, named on the curve's page). A day entered point by point, or a
 * file of some tenors only, read alone priced every loan on the tenors it had, interpolated flat past its last: a new
 * day's 1-year point alone made a 1-year curve (no points: an empty curve).
 */
export async function latestCurve(db: Database): Promise<{ asOf: string | null; points: CurvePoint[]; carried: CarriedPoint[] }> {
  // one row a tenor, from its latest day: SQLite takes a bare column from the row max() chose
  const latestByTenor = await db
    .select({ tenorMonths: interestRates.tenorMonths, rate: interestRates.rate, asOf: sql<string>`max(${interestRates.asOf})` })
    .from(interestRates)
    .groupBy(interestRates.tenorMonths)
    .orderBy(asc(interestRates.tenorMonths));
  const asOf = latestByTenor.reduce<string | null>((latest, p) => (latest === null || p.asOf > latest ? p.asOf : latest), null);
  return {
    asOf,
    points: latestByTenor.map(({ tenorMonths, rate }) => ({ tenorMonths, rate })),
    carried: latestByTenor.filter((p) => p.asOf !== asOf),
  };
}

/** What the curve's page says, and a write's message adds, while the latest day lacks tenors an earlier day has: each named with the rate used. */
export function carriedTenorsNote({ asOf, carried }: { asOf: string | null; carried: readonly CarriedPoint[] }) {
  if (!asOf || carried.length === 0) return null;
  const named = carried.map((p) => `${tenorLabel(p.tenorMonths)} (${p.rate}% of ${p.asOf})`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return `The curve of ${asOf} has no rate at ${list}: pricing carries ${carried.length === 1 ? "that rate" : "those rates"} over until ${asOf}'s ${carried.length === 1 ? "is" : "are"} entered.`;
}

/** What a priced loan's page says of a curve with tenors carried over: which, and from when. */
export function carriedTenorsAside({ asOf, carried }: { asOf: string | null; carried: readonly CarriedPoint[] }) {
  if (!asOf || carried.length === 0) return null;
  const days = [...new Set(carried.map((p) => p.asOf))].sort().join(", ");
  return `(${asOf} has no rate at ${carried.map((p) => tenorLabel(p.tenorMonths)).join(", ")}: ${carried.length === 1 ? "that rate is" : "those rates are"} of ${days})`;
}

/** Every point, for the CSV: by day and tenor. */
/** Every curve point, or one day's (`asOf`, the page's filter): the CSV export. */
export async function allInterestRates(db: Database, { asOf }: { asOf?: string } = {}) {
  return db
    .select()
    .from(interestRates)
    .where(asOf ? eq(interestRates.asOf, asOf) : undefined)
    .orderBy(desc(interestRates.asOf), asc(interestRates.tenorMonths));
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
/**
 * A row changed. `opened`: when the row the edit form showed was saved; another admin's save (or an import) since
 * then is not overwritten unseen: refused with who and when. Without it (an older page) the row is written.
 */
export async function updateInterestRate(db: Database, { id, values, actor, address, opened }: { id: number; values: InterestRateValues; opened?: number } & Change) {
  if (await taken(db, values, id)) return { ok: false as const, error: DUPLICATE_POINT };
  // the row as it was read in the write's own batch: the audit's "before" is what the update replaced
  const done = await unlessDuplicate(
    db.batch([
      db.select().from(interestRates).where(eq(interestRates.id, id)),
      db
        .update(interestRates)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(interestRates.id, id), opened === undefined ? undefined : eq(interestRates.updatedAt, new Date(opened))))
        .returning({ id: interestRates.id }),
    ]),
  );
  if (done === DUPLICATE) return { ok: false as const, error: DUPLICATE_POINT };
  const [[before], updated] = done;
  if (!before) return null;
  // the write only over the save the form was opened on (the look and the write are one statement)
  if (!updated.length) return { ok: false as const, savedAt: before.updatedAt.getTime(), by: await savedBy(db, { subjectType: "interest_rate", subjectIds: [String(id), "csv"], at: before.updatedAt }) };
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

/** Who deleted a curve point and when, for an edit (or its link) that names it after it went. */
export function interestRateDeletedBy(db: Database, id: number) {
  return deletedBy(db, { action: "interest-rate.delete", subjectType: "interest_rate", subjectId: id });
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
