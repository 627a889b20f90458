import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { pricingCoefficients } from "~/.server/db/schema";
import { bandsOf, COEFFICIENT_DIMENSIONS, DIMENSION_LABELS, type Coefficient, type CoefficientDimension } from "~/lib/loan-pricing";
import type { CoefficientValues } from "~/lib/schemas/pricing-data";
import { changedFields, deletedBy, recordAudit, savedBy, type AuditEntry } from "./audit.server";
import { pageOf, pageOrLast, type ListQuery } from "./list-query.server";
import { DUPLICATE, unlessDuplicate } from "~/.server/db/errors";

/** Pricing coefficients: spreads (bp) and default assumptions (%), admins' to keep (/admin/system/coefficients). */

type Change = { actor: AuditEntry["actor"]; address?: string };

/**
 * The table's "Dimension" order: by the label shown, not the key (sorted by key, "Default CDR", "Spread
 * by collateral", "Default CPR" looked unordered), and within a dimension its bands in the order the
 * product defines them (Performing before Non-Performing, the LTV bands from the lowest); property
 * types, which the content lists, by name. One text key, so that a page and its direction are one sort.
 */
const byLabel = (a: CoefficientDimension, b: CoefficientDimension) => {
  const [x, y] = [DIMENSION_LABELS[a].toLowerCase(), DIMENSION_LABELS[b].toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};
const text = (s: string) => sql.raw(`'${s.replaceAll("'", "''")}'`);
// written into the statement (each a constant of the code), not bound: D1 binds at most 100 values
const dimensionOrder = (() => {
  const { dimension, band } = pricingCoefficients;
  const key = (rank: number, index: number) => text(String(rank * 100 + index).padStart(4, "0"));
  const whens = [...COEFFICIENT_DIMENSIONS].sort(byLabel).map((d, rank) => {
    const bands = bandsOf(d, []).map((b, index) => sql` when ${text(b)} then ${key(rank, index)}`);
    return sql` when ${text(d)} then ${bands.length ? sql`(case ${band}${sql.join(bands)} else ${key(rank, 99)} end)` : key(rank, 99)}`;
  });
  return sql`((case ${dimension}${sql.join(whens)} else '9999' end) || ${band})`;
})();

const SORT = {
  dimension: dimensionOrder,
  band: pricingCoefficients.band,
  value: pricingCoefficients.value,
  updatedAt: pricingCoefficients.updatedAt,
};
export type CoefficientFilters = { dimension?: string };

export async function listCoefficients(db: Database, { filters = {}, sort = "dimension", desc = false, page = 1, pageSize = 25 }: ListQuery<CoefficientFilters>) {
  const dimension = COEFFICIENT_DIMENSIONS.find((d) => d === filters.dimension);
  const where = dimension ? eq(pricingCoefficients.dimension, dimension) : undefined;
  const by = SORT[sort as keyof typeof SORT] ?? SORT.dimension;
  // a page past the last shows the last, not a count over no rows
  return pageOrLast(
    (at) => pageOf(db.select().from(pricingCoefficients).where(where).$dynamic(), db.select({ count: count() }).from(pricingCoefficients).where(where), { by, desc, id: pricingCoefficients.id, page: at, pageSize }),
    page,
  );
}

/** Every coefficient: what pricing reads, and the CSV. */
export async function allCoefficients(db: Database, { dimension }: { dimension?: string } = {}): Promise<Array<Coefficient & { id: number }>> {
  // one dimension's (the page's filter, for the CSV), or all of them; a dimension there is none of is none
  const chosen = COEFFICIENT_DIMENSIONS.find((d) => d === dimension);
  return db
    .select({ id: pricingCoefficients.id, dimension: pricingCoefficients.dimension, band: pricingCoefficients.band, value: pricingCoefficients.value })
    .from(pricingCoefficients)
    .where(chosen ? eq(pricingCoefficients.dimension, chosen) : undefined)
    .orderBy(asc(pricingCoefficients.dimension), asc(pricingCoefficients.band));
}

export async function findCoefficient(db: Database, id: number) {
  const [row] = await db.select().from(pricingCoefficients).where(eq(pricingCoefficients.id, id)).limit(1);
  return row ?? null;
}

const describe = (v: { dimension: CoefficientDimension; band: string; value: number }) => `${v.dimension} ${v.band} = ${v.value}`;

async function taken(db: Database, values: CoefficientValues, except?: number) {
  const [row] = await db
    .select({ id: pricingCoefficients.id })
    .from(pricingCoefficients)
    .where(and(eq(pricingCoefficients.dimension, values.dimension), eq(pricingCoefficients.band, values.band), except ? ne(pricingCoefficients.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

export const DUPLICATE_COEFFICIENT = "That dimension already has a value for that band.";

export async function createCoefficient(db: Database, { values, actor, address }: { values: CoefficientValues } & Change) {
  // the unique index decides, not the look before: a form sent twice at once adds one row
  const [row] = await db.insert(pricingCoefficients).values({ ...values, updatedAt: new Date() }).onConflictDoNothing().returning({ id: pricingCoefficients.id });
  if (!row) return { ok: false as const, error: DUPLICATE_COEFFICIENT };
  await recordAudit(db, { actor, action: "coefficient.create", subjectType: "pricing_coefficient", subjectId: row.id, detail: describe(values), address });
  return { ok: true as const };
}

/** Null when there is no such coefficient. */
/**
 * A row changed. `opened`: when the row the edit form showed was saved; another admin's save (or an import) since
 * then is not overwritten unseen: refused with who and when. Without it (an older page) the row is written.
 */
export async function updateCoefficient(db: Database, { id, values, actor, address, opened }: { id: number; values: CoefficientValues; opened?: number } & Change) {
  if (await taken(db, values, id)) return { ok: false as const, error: DUPLICATE_COEFFICIENT };
  // the row as it was read in the write's own batch: the audit's "before" is what the update replaced
  const done = await unlessDuplicate(
    db.batch([
      db.select().from(pricingCoefficients).where(eq(pricingCoefficients.id, id)),
      db
        .update(pricingCoefficients)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(pricingCoefficients.id, id), opened === undefined ? undefined : eq(pricingCoefficients.updatedAt, new Date(opened))))
        .returning({ id: pricingCoefficients.id }),
    ]),
  );
  if (done === DUPLICATE) return { ok: false as const, error: DUPLICATE_COEFFICIENT };
  const [[before], updated] = done;
  if (!before) return null;
  // the write only over the save the form was opened on (the look and the write are one statement)
  if (!updated.length) return { ok: false as const, savedAt: before.updatedAt.getTime(), by: await savedBy(db, { subjectType: "pricing_coefficient", subjectIds: [String(id), "csv"], at: before.updatedAt }) };
  const changes = changedFields(before, values);
  await recordAudit(db, { actor, action: "coefficient.update", subjectType: "pricing_coefficient", subjectId: id, detail: describe(values), address, changes });
  return { ok: true as const };
}

export async function deleteCoefficient(db: Database, { id, actor, address }: { id: number } & Change) {
  const deleted = await db.delete(pricingCoefficients).where(eq(pricingCoefficients.id, id)).returning();
  if (!deleted.length) return false;
  await recordAudit(db, { actor, action: "coefficient.delete", subjectType: "pricing_coefficient", subjectId: id, detail: describe(deleted[0]!), address });
  return true;
}

/** Who deleted a coefficient and when, for an edit (or its link) that names it after it went. */
export function coefficientDeletedBy(db: Database, id: number) {
  return deletedBy(db, { action: "coefficient.delete", subjectType: "pricing_coefficient", subjectId: id });
}

/** Writes an imported file in one batch: a band that exists takes the file's value, the others are added. */
export async function importCoefficients(db: Database, { rows, actor, address }: { rows: CoefficientValues[] } & Change) {
  const now = Date.now();
  const statements = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = JSON.stringify(rows.slice(i, i + 500));
    statements.push(
      // every column in the table's order, id first (null: autoincrement); `where true` lets SQLite read the upsert
      db
        .insert(pricingCoefficients)
        .select(sql`select null, value ->> 'dimension', value ->> 'band', value ->> 'value', ${now} from json_each(${chunk}) where true`)
        .onConflictDoUpdate({ target: [pricingCoefficients.dimension, pricingCoefficients.band], set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } }),
    );
  }
  await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
  await recordAudit(db, { actor, action: "coefficient.import", subjectType: "pricing_coefficient", subjectId: "csv", detail: `${rows.length} coefficients`, address });
}
