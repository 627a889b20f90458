import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * How densely a text is found in a full-text index, learnt from its last search (decisions 082 and
 * 093): a text in most rows is read walking the list's order and checking each row, a rare one from
 * the index. Which way a page is read changes only how long it takes, never what it shows.
 */

/** The newest rows by id a search looks at to tell how densely its text is found. */
export const DENSITY_SAMPLE = 400;
const DENSE_SHARE = 0.4;
const TEXTS_KEPT = 500;
const denseTexts = new Map<string, boolean>();

/**
 * The text's matches among the newest rows, read beside a search's count: a look at their few
 * hundred entries in the full-text index (0.1 ms). `table`'s `id` is the index's rowid.
 */
export const matchesAmongNewest = (index: string, matched: SQL, { table, id }: { table: SQLWrapper; id: SQLWrapper }) =>
  sql`select count(*) from ${sql.raw(index)} where ${matched} and ${sql.raw(index)}.rowid > (select max(${id}) from ${table}) - ${sql.raw(String(DENSITY_SAMPLE))}`;

/**
 * Keeps what a search's sample told (the least recently searched of `TEXTS_KEPT` texts going first). `share`: how many of
 * the sample make a text walked, for a list whose walk stops at the page's end and whose count stops at a cap (decision 124).
 */
export function learnDensity(index: string, text: string, sample: number, { share = DENSE_SHARE } = {}) {
  const key = `${index}\n${text}`;
  denseTexts.delete(key);
  denseTexts.set(key, sample >= share * DENSITY_SAMPLE);
  if (denseTexts.size > TEXTS_KEPT) denseTexts.delete(denseTexts.keys().next().value!);
}

/** Whether the text's last search found it in most of the newest rows; a text not yet sampled is not. */
export const isDense = (index: string, text: string) => denseTexts.get(`${index}\n${text}`) === true;
