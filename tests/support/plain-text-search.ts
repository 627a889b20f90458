import type { Client } from "@libsql/client";

/**
 * What an admin table's text search must show, worked out in plain SQL over the fields: the rows where any of
 * `fields` holds the text as `like` finds it (ASCII case folded, the text's wildcards taken as text), within
 * `scope` and of `status` when given, a page of them in `order`, and their count.
 */
export async function plainTextPage(
  client: Client,
  { table, fields, scope = "1", q, status, order, page }: { table: string; fields: readonly string[]; scope?: string; q: string; status: string | undefined; order: string; page: number },
) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const anyField = fields.map((f) => `${f} like ?1 escape '\\'`).join(" or ");
  const where = `${scope} and (${anyField}) and (?2 is null or status = ?2)`;
  const ids = await client.execute({ sql: `select id from ${table} where ${where} order by ${order} limit 25 offset ?3`, args: [pattern, status ?? null, (page - 1) * 25] });
  const count = await client.execute({ sql: `select count(*) as n from ${table} where ${where}`, args: [pattern, status ?? null] });
  return { ids: ids.rows.map((r) => Number(r.id)), total: Number(count.rows[0]!.n) };
}
