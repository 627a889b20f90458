/**
 * Several reads sent to D1 as one statement. Every statement in a call costs D1 its own work
 * besides the read itself (under `wrangler dev` the local D1 runs two more queries and two size
 * checks for each, in the Worker's own thread), and the Worker maps each answer on its own. A
 * project desk starts a dozen small reads at once; as one statement they are one of each.
 *
 * Each read becomes a scalar subquery that hands back its rows as one JSON array:
 *
 *   select (with read_rows(c0, c1) as (<the read>) select json_group_array(json_array(c0, c1)) from read_rows), ...
 *
 * The column list renames the read's columns by position, so a join's two "id"s stay apart, and the
 * rows keep the read's order (SQLite does not flatten an ordered subquery into an aggregate). JSON
 * writes a real with 15 digits, so a real goes as `["<17 digits>"]` and comes back exact. D1's limits
 * hold: 100 bound parameters and 100 KB of SQL a statement, 32 arguments a function.
 *
 * A read is combined only once its columns are known: the first time a statement is seen it goes
 * on its own, and its answer says its columns. One that cannot go inside another (a blob column,
 * which JSON cannot hold) fails the combined statement once, and then always goes on its own.
 */

/** What D1 answers a statement with, rows as arrays (ROWS_AND_COLUMNS). */
export type StatementAnswer = { success: boolean; results?: unknown; meta?: unknown; error?: string };
export type RowsAndColumns = { columns: string[]; rows: unknown[][] };

/** D1's limits on one statement: bound parameters, and bytes of SQL. */
const MAX_PARAMS = 100;
const MAX_SQL_CHARS = 90_000;
const MAX_ARGS = 32;

// a plain read: one select, nothing after it, no comment that would swallow the closing parenthesis,
// and only `?` parameters (numbered ones would count from the combined statement's start)
const READ = /^\s*(select|with)\b/i;
const UNSAFE = /--|\/\*|;|\?\d|[:@$][a-z_]/i;

/** Each read's columns, once an answer has said them (false: it goes on its own). */
const columnsOf = new Map<string, string[] | false>();
const MAX_KNOWN = 2_000;
// a dozen rows of a desk's list (the seller's pipeline records: 12 rows of 8 small columns) fit: alone,
// such a read cost the local D1 a statement of its own, more than its JSON costs combined
const MAX_VALUES = 128;
const MAX_TEXT = 2_000;

function textLength(rows: unknown[][]) {
  let length = 0;
  for (const row of rows) for (const value of row) if (typeof value === "string") length += value.length;
  return length;
}

/** Combined statements already written, by the reads they hold. */
const written = new Map<string, string>();
const MAX_WRITTEN = 500;

export function learnColumns(sql: string, answer: StatementAnswer) {
  const known = columnsOf.get(sql);
  if (known === false) return;
  const results = answer.results as RowsAndColumns | undefined;
  if (!results || !Array.isArray(results.columns) || results.columns.length === 0 || !Array.isArray(results.rows)) return;
  // a read that answered many values, or long text (a JSON document of its own), goes on its own:
  // written as JSON inside D1's own JSON, and read twice, they cost more than the statement saves
  const small = results.rows.length * results.columns.length <= MAX_VALUES && textLength(results.rows) <= MAX_TEXT;
  if (known && small) return;
  if (!known && (!small || results.columns.length > MAX_ARGS * MAX_ARGS || !READ.test(sql) || UNSAFE.test(sql))) return;
  if (!small) return void columnsOf.delete(sql);
  if (columnsOf.size >= MAX_KNOWN) columnsOf.clear();
  columnsOf.set(sql, results.columns);
}

/** After a combined statement failed: its reads go on their own from now on. */
export function neverCombine(sqls: readonly string[]) {
  for (const sql of sqls) columnsOf.set(sql, false);
}

export type Read = { statement: string; params: unknown[] };

/** A statement to send: one read as it is, or several combined (`members`, in order). */
export type Planned = { sql: string; params: unknown[]; members: number[]; columns: string[][] | null };

/** The statements that carry `reads`: the known ones combined (within D1's limits), the rest as they are. */
export function planStatements(reads: readonly Read[]): Planned[] {
  const planned: Planned[] = [];
  let group: number[] = [];
  let params = 0;
  let chars = 0;
  const close = () => {
    if (group.length === 1) {
      const only = reads[group[0]!]!;
      planned.push({ sql: only.statement, params: only.params, members: group, columns: null });
    } else if (group.length > 1) {
      const columns = group.map((i) => columnsOf.get(reads[i]!.statement) as string[]);
      const sql = combinedSql(group.map((i) => reads[i]!.statement), columns);
      planned.push({ sql, params: group.flatMap((i) => reads[i]!.params), members: group, columns });
    }
    group = [];
    params = 0;
    chars = 0;
  };
  reads.forEach((read, i) => {
    const columns = columnsOf.get(read.statement);
    if (!columns) {
      planned.push({ sql: read.statement, params: read.params, members: [i], columns: null });
      return;
    }
    if (group.length > 0 && (params + read.params.length > MAX_PARAMS || chars + read.statement.length > MAX_SQL_CHARS)) close();
    group.push(i);
    params += read.params.length;
    chars += read.statement.length + columns.length * 80;
  });
  close();
  return planned;
}

function combinedSql(sqls: string[], columns: string[][]) {
  const key = sqls.join("\0");
  let sql = written.get(key);
  if (sql === undefined) {
    sql = `select ${sqls.map((read, i) => subquery(read, columns[i]!.length, i)).join(", ")}`;
    if (written.size >= MAX_WRITTEN) written.clear();
    written.set(key, sql);
  }
  return sql;
}

function subquery(sql: string, count: number, i: number) {
  const names = Array.from({ length: count }, (_, c) => `c${c}`);
  const values = names.map((c) => `iif(typeof(${c}) = 'real', json_array(printf('%!.17g', ${c})), ${c})`);
  // D1 allows a function 32 arguments: a wider row goes as arrays of 32, flattened when read
  const row = count <= MAX_ARGS ? `json_array(${values.join(", ")})` : `json_array(${chunks(values).map((part) => `json_array(${part.join(", ")})`).join(", ")})`;
  return `(with read_rows(${names.join(", ")}) as (${sql}) select json_group_array(${row}) from read_rows) as r${i}`;
}

function chunks<T>(items: T[]) {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += MAX_ARGS) parts.push(items.slice(i, i + MAX_ARGS));
  return parts;
}

/** Each member's answer out of a combined statement's one row: its columns and its rows, as D1 gives them. */
export function unpackCombined(answer: StatementAnswer, columns: readonly string[][]): StatementAnswer[] {
  const cells = (answer.results as RowsAndColumns).rows[0]!;
  return columns.map((names, i) => ({
    success: true,
    meta: answer.meta,
    results: { columns: names, rows: (JSON.parse(cells[i] as string) as unknown[][]).map((row) => exactRow(names.length <= MAX_ARGS ? row : row.flat())) },
  }));
}

function exactRow(row: unknown[]) {
  for (let i = 0; i < row.length; i++) {
    const value = row[i];
    if (Array.isArray(value)) row[i] = Number(value[0]);
  }
  return row;
}
