import { and, gte, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SubqueryWithSelection } from "drizzle-orm/sqlite-core";
import { dayBound } from "~/lib/admin-tables";
import { redirect } from "@remix-run/server-runtime";
import { hrefWith } from "~/lib/href-with";
import { pageNumber } from "~/lib/query-params";

/** The SQL the paged admin tables share: a text search over some columns, a day range, a sort with NULLs last. */

const asPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const pattern = (text: string) => asPattern(text.toLowerCase());

/**
 * The text's spellings in every case of its letters beyond ASCII, which `like` and SQLite's `lower` leave as they are
 * ("é" is not "É" to them, while the trigram index folds both): "é" gives "é" and "É". ASCII letters are `like`'s to
 * fold, so an ASCII text is one spelling and its SQL is as before; a text shorter than a trigram has at most four. A case
 * form of more than one character (ß's "SS") is left out.
 */
export function caseSpellings(text: string): string[] {
  const lowered = text.toLowerCase();
  let spellings = [""];
  for (const c of lowered) {
    const forms = c.charCodeAt(0) < 0x80 ? [c] : [...new Set([c, c.toUpperCase()])].filter((f) => [...f].length === 1);
    spellings = spellings.flatMap((s) => forms.map((f) => s + f));
    // a long text with many such letters (a search of the small system tables, read row by row) keeps its one spelling
    if (spellings.length > MOST_SPELLINGS) return [lowered];
  }
  return spellings;
}
const MOST_SPELLINGS = 16;

/** The value contains the text in any of its `caseSpellings`: one `like` for an ASCII text. */
function likeAnySpelling(value: SQLWrapper, text: string): SQL {
  const found = caseSpellings(text).map((spelling) => sql`${value} like ${asPattern(spelling)} escape '\\'`);
  return found.length === 1 ? found[0]! : sql`(${sql.join(found, sql` or `)})`;
}

/** Any of these columns contains the text (case-insensitive, letters beyond ASCII too); nothing to match when the text is blank. */
export function textMatch(q: string | undefined, columns: readonly SQLWrapper[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return or(...columns.map((c) => likeAnySpelling(sql`lower(${c})`, text)));
}

/** The FTS5 trigram indexes kept by triggers (migrations 0045, 0057 and 0060), each row's rowid the id of its table's row. */
export type TrigramIndex = "users_fts" | "customers_fts" | "inbound_items_fts" | "leads_fts";

/** The text a trigram index can look up: three characters or more. */
export const TRIGRAM = 3;

/**
 * The rows whose indexed fields hold the text, from an FTS5 trigram index whose rowid is the row's
 * id: the text as one phrase, found inside a field, case-insensitive (non-ASCII letters too).
 */
export function inTrigramIndex(id: SQLWrapper, index: TrigramIndex, text: string): SQL {
  return sql`${id} in (select rowid from ${sql.raw(index)} where ${trigramMatch(index, text)})`;
}

/** The index's rows holding the text as one phrase (its quotes doubled, so that none ends it). */
export const trigramMatch = (index: TrigramIndex, text: string) => sql`${sql.raw(index)} match ${`"${text.replaceAll('"', '""')}"`}`;

/**
 * Any of the trigram index's fields contains the text: looked up in the index when the text is long
 * enough for it; shorter text is looked for in every row of the index's own copy of the fields,
 * narrower than the table's rows (ASCII letters in any case, as `like` does).
 */
export function indexedTextMatch(
  q: string | undefined,
  { id, index, fields, columns }: { id: SQLWrapper; index: TrigramIndex; fields: readonly string[]; columns?: readonly SQLWrapper[] },
) {
  const text = q?.trim();
  if (!text) return undefined;
  if ([...text].length >= TRIGRAM) return inTrigramIndex(id, index, text);
  // `columns`: the table's own, for a query whose other conditions narrow it to far fewer rows than
  // the index holds (one kind of four): reading the index's copy of every row cost more
  if (columns) return textMatch(text, columns);
  const anyField = sql.join(
    fields.map((field) => likeAnySpelling(sql.raw(field), text)),
    sql` or `,
  );
  return sql`${id} in (select rowid from ${sql.raw(index)} where ${anyField})`;
}

/**
 * Any of a trigram index's fields holds a text shorter than a trigram, read from the index's own plain copy of
 * them (FTS5's `<index>_content`, columns c0, c1, … in the index's order): the same values the index's virtual
 * table hands back, scanned as a table, without the virtual table's cost for each row (three times the scan).
 */
export function inIndexCopy(id: SQLWrapper, index: TrigramIndex, fieldCount: number, text: string): SQL {
  const anyField = sql.join(
    Array.from({ length: fieldCount }, (_, i) => likeAnySpelling(sql.raw(`c${i}`), text)),
    sql` or `,
  );
  return sql`${id} in (select id from ${sql.raw(`${index}_content`)} where ${anyField})`;
}

/** The value contains the text in any case (letters beyond ASCII too: `caseSpellings`), the text's wildcards taken as text. */
export const containsText = (value: SQLWrapper, text: string) => likeAnySpelling(value, text);

/** What a row's fields kept joined as one text are apart by (migrations 0083, 0084 and 0085): char 31, which no field is meant to hold. */
export const JOINED_TEXT_SEPARATOR = "\u001f";

/**
 * The text when it is shorter than a trigram and may be looked for in a row's fields kept joined (decisions 099 and 103):
 * found there without the separator, it lies inside one field. Null for any other (a text with the separator, only a
 * crafted `?q=`, is looked for field by field).
 */
export function shortJoinedText(q: string | undefined) {
  const text = q?.trim();
  return text && [...text].length < TRIGRAM && !text.includes(JOINED_TEXT_SEPARATOR) ? text : null;
}

/** Text of ASCII characters alone: `like` folds their case as the trigram index does. */
export const asciiText = (text: string) => [...text].every((c) => c.charCodeAt(0) < 0x80);

/**
 * The characters beyond ASCII that the trigram index folds to an ASCII letter: the long s (to s) and the Kelvin sign (to
 * k), the only two of the Basic Multilingual Plane (each tried alone in an index: leads-search.server.test.ts; FTS5 folds
 * nothing beyond it to ASCII; decision 124). Any other is folded, if at all, to a character beyond ASCII, which an ASCII
 * text never holds. Looked for with `instr`: a `glob` of a class after `*` tried the class at every character (76,000
 * leads' joined text: 100 ms, `instr` 17).
 */
const FOLDED_TO_ASCII = [0x17f, 0x212a];
const holdsFoldedToAscii = (c: SQLWrapper) => sql.join(FOLDED_TO_ASCII.map((code) => sql`instr(${c}, char(${sql.raw(String(code))}))`), sql` or `);

/**
 * Any of the fields holds the text, checked on each row walked (decision 093): for a text in most
 * rows, where the trigram index yields nearly every row and each is looked up before the page is
 * chosen. `like` finds an ASCII text in a field as the index does; a row it misses is looked up in
 * the index only when a field has a character the index folds to an ASCII letter and `like` does not
 * know (the long s, the Kelvin sign). Any letter beyond ASCII was such a row, found by a `glob` that
 * cost more than the `like`: at 76,000 leads, one in six named with an accent, "son" looked up
 * thousands of its misses in the index's long lists of common trigrams (a page up to 550 ms;
 * decision 124). Only for a text `asciiText` accepts, of three characters or more.
 */
export function walkedTextMatch(
  text: string,
  { id, index, columns }: { id: SQLWrapper; index: TrigramIndex; columns: readonly SQLWrapper[] },
): SQL {
  const p = pattern(text);
  const found = columns.map((c) => sql`${c} like ${p} escape '\\'`);
  const foreign = columns.map(holdsFoldedToAscii);
  const indexed = sql`exists (select 1 from ${sql.raw(index)} where ${trigramMatch(index, text)} and ${sql.raw(index)}.rowid = ${id})`;
  return sql`(${sql.join(found, sql` or `)} or ((${sql.join(foreign, sql` or `)}) and ${indexed}))`;
}

/**
 * How many rows a short text is counted up to (decision 104, for the customers; 107, for the potential customers): a text
 * in most of them counted exactly read every row's text (100,000 customers: 25-40 ms at p95, over issue #16's 25 ms), up
 * to this its first 1 % or so.
 */
export const SHORT_TEXT_COUNT_CAP = 1_000;

/** The matches a short text's count reaches on a page: the cap, or the page's end past it, so that the pager still offers the next page. */
export const countReach = (page: number, size: number) => Math.max(SHORT_TEXT_COUNT_CAP, page * size);

/** The count a page shows of `counted` matches (up to `reach` and one more): "more than `reach`" when there are more. */
export const shownCount = (counted: number, reach: number) => (counted > reach ? { total: reach, more: true } : { total: counted, more: false });

/** On or after the day `from` and on or before the day `to` (either may be blank). */
export function withinDays(column: SQLiteColumn, { from, to }: { from?: string; to?: string }): SQL | undefined {
  const start = dayBound(from);
  const end = dayBound(to, true);
  return and(start === undefined ? undefined : gte(column, new Date(start)), end === undefined ? undefined : lt(column, new Date(end)));
}

/** The value when it is one of these, for a filter that names one (a value from elsewhere filters nothing). */
export const oneOf = <T extends string>(values: readonly T[], value: string | undefined) =>
  value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** How a table's list is asked for: its filters, the column it sorts by and which page. */
export type ListQuery<F> = { filters?: F; sort?: string; desc?: boolean; page?: number; pageSize?: number };

export type Paging = { by: SQLWrapper; desc: boolean; id: SQLWrapper; page: number; pageSize: number };
/** A page in an order of the list's own (a table whose indexed sorts break ties otherwise than `pageOrder`), the id last. */
export type OrderedPaging = { order: readonly SQL[]; page: number; pageSize: number };

/** A paged list's order: the column (NULLs last), then the ids in the same direction. */
export const pageOrder = ({ by, desc, id }: Pick<Paging, "by" | "desc" | "id">) =>
  [desc ? sql`${by} desc nulls last` : sql`${by} asc nulls last`, desc ? sql`${id} desc` : sql`${id} asc`] as const;

/**
 * One page of a list whose rows are wide or joined: the page's ids chosen first from `ids` (the same
 * rows, narrow, in the sort's index order), then only those rows read and sorted again. An offset
 * over the wide rows read and joined every row it skipped, and a sort without an index carried them.
 */
export async function pageOfChosen<Q extends SQLiteSelect>(
  rowsOf: (chosen: SQL) => Q,
  ids: SQLiteSelect,
  count: Promise<Array<{ count: number }>>,
  { by, desc, id, page, pageSize }: Paging,
) {
  const order = pageOrder({ by, desc, id });
  const chosen = ids
    .orderBy(...order)
    .limit(pageSize)
    .offset((pageNumber(page) - 1) * pageSize);
  const sorted = rowsOf(sql`${id} in ${chosen}`).orderBy(...order);
  const [rows, [total]] = await Promise.all([sorted as unknown as Promise<Awaited<Q>>, count]);
  return { rows, total: total?.count ?? 0, page: pageNumber(page), pageSize };
}

/**
 * One page of a list whose WHERE gathers every match before the page is chosen (a text found in a
 * trigram index), and the count of them (decision 097), in one statement: the page's ids carry the
 * count as a window over the matches the sort reads anyway, so that the index is read once, not for
 * the page and again for its count (each read of a phrase whose trigrams are in most rows cost 3-7 ms
 * at scale); the page's rows are joined to those ids as a subquery, `chosen`, so that a Worker sends
 * D1 one statement, not the ids and then their rows (a second round trip cost more than the read it
 * saved). `ids` selects the id and `total: count(*) over ()` (each aliased, as a subquery's fields
 * must be); `rowsOf` joins `chosen` on the id and selects `total: chosen.total` with the row, and
 * any other field `ids` carries (the first row's go to `carried`). A page past the last shows the last.
 * The order is `pageOrder`'s, or the one `paging` gives.
 */
export async function pageOfGathered<I extends SQLiteSelect, Q extends SQLiteSelect>(
  rowsOf: (chosen: SubqueryWithSelection<I["_"]["selectedFields"], "chosen">) => Q,
  ids: () => I,
  paging: Paging | OrderedPaging,
  carried?: (first: Awaited<Q>[number]) => void,
) {
  type Row = Awaited<Q>[number] & { total: number };
  const { page, pageSize } = paging;
  const order = "order" in paging ? paging.order : pageOrder(paging);
  return pageCarryingTotal<Row>(
    async (offset) => {
      const chosen = ids().orderBy(...order).limit(pageSize).offset(offset).as("chosen") as SubqueryWithSelection<I["_"]["selectedFields"], "chosen">;
      const rows = (await rowsOf(chosen).orderBy(...order)) as unknown as Row[];
      if (rows[0]) carried?.(rows[0]);
      return rows;
    },
    { page, pageSize },
  );
}

/**
 * One page of a list sorted on the server (NULLs last), and how many rows there are in
 * all. Ties keep the order of the ids, so that no row is on two pages or on none.
 */
export async function pageOf<Q extends SQLiteSelect>(query: Q, count: Promise<Array<{ count: number }>>, { by, desc, id, page, pageSize }: Paging) {
  const sorted = query
    .orderBy(...pageOrder({ by, desc, id }))
    .limit(pageSize)
    .offset((pageNumber(page) - 1) * pageSize);
  const [rows, [total]] = await Promise.all([sorted as unknown as Promise<Awaited<Q>>, count]);
  return { rows, total: total?.count ?? 0, page: pageNumber(page), pageSize };
}

/**
 * A page of a list as `read` gives it, or the last page when the one asked for is past it (a stale
 * link after a filter narrowed the list, a made-up `?page=`): not an empty table over a count of rows.
 * `read` builds its query afresh for each page; only such a link pays the second read.
 */
export async function pageOrLast<P extends { rows: unknown[]; total: number; page: number; pageSize: number }>(read: (page: number) => Promise<P>, page: number) {
  const found = await read(page);
  const last = Math.max(1, Math.ceil(found.total / found.pageSize));
  return found.rows.length || found.page <= last ? found : read(last);
}

/** The page of a list a query parameter asks for (`?documents=3`): a whole number from 1, anything else 1. */
export const listPageOf = (url: URL | undefined, param: string) => pageNumber(url?.searchParams.get(param), 10_000);

/**
 * One page of a list whose rows each carry the list's count (`total`: an uncorrelated subquery,
 * which SQLite works out once), so that a page and its count are one statement. A page past the
 * last has no row to carry it (a stale link after a removal, a made-up `?ndas=99999`): the first
 * page then tells the count and the last page is shown instead of an empty one, two more reads
 * that only such a link pays.
 */
export async function pageCarryingTotal<R extends { total: number }>(read: (offset: number) => Promise<R[]>, { page, pageSize }: { page: number; pageSize: number }) {
  const asked = pageNumber(page);
  const rowsOf = (found: R[]) => found.map(({ total: _total, ...row }) => row);
  const found = await read((asked - 1) * pageSize);
  if (found.length || asked === 1) return { rows: rowsOf(found), total: Number(found[0]?.total ?? 0), page: asked, pageSize };
  const total = Number((await read(0))[0]?.total ?? 0);
  const last = Math.max(1, Math.ceil(total / pageSize));
  const again = total ? await read((last - 1) * pageSize) : [];
  return { rows: rowsOf(again), total: again.length ? Number(again[0]!.total) : total, page: last, pageSize };
}

/**
 * A page past the last of a list read with its count (a stale link, or a list that shrank while the admin read it:
 * "101–81 of 81 messages" beside no rows) sends the reader to the last page, the address's filters and sort kept.
 */
export function keepWithinPages(request: Request, { page, pageSize, total, param = "page" }: { page: number; pageSize: number; total: number; param?: string }) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (page <= last) return;
  throw redirect(hrefWith(new URL(request.url), { [param]: last > 1 ? last : null }));
}
