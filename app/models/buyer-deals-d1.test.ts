// The buyer's deals page's statements as D1 runs them (workerd with a real local D1): the looks' page
// and the staging walk the buyer's threads with a recursive CTE inside a subquery, and D1 must answer
// them as libsql does, within its 100 bound parameters.
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { D1_MAX_PARAMETERS } from "../../tests/support/d1-limits";
import { workerWithD1 } from "../../tests/support/miniflare";
import { contracts, feedback, messages, offers, projects, recentlyViewed } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { buyerDealsPage } from "./buyer-deals.server";

/** Takes a schema, rows and statements; answers each statement's rows as D1 gives them. */
const worker = `
export default {
  async fetch(request, env) {
    const { schema, rows, statements } = await request.json();
    await env.DB.batch(schema.map((sql) => env.DB.prepare(sql)));
    for (const [table, list] of rows) {
      if (!list.length) continue;
      const columns = Object.keys(list[0]);
      const insert = "insert into " + JSON.stringify(table) + " (" + columns.map((c) => JSON.stringify(c)).join(", ") + ") values (" + columns.map(() => "?").join(", ") + ")";
      await env.DB.batch(list.map((row) => env.DB.prepare(insert).bind(...columns.map((c) => row[c]))));
    }
    const answers = [];
    for (const s of statements) answers.push((await env.DB.prepare(s.sql).bind(...s.args).all()).results);
    return Response.json(answers);
  },
};
`;

/** The tables the page reads. */
const READ = ["users", "projects", "recently_viewed", "contracts", "messages", "offers", "feedback", "project_pipeline"];

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let mf: Miniflare;
let buyerId: number;
const START = Date.UTC(2026, 0, 5, 9);
const at = (second: number) => new Date(START + second * 1000);

beforeAll(async () => {
  t = await createTestDatabase();
  mf = await workerWithD1(worker, __dirname, "buyer-deals-d1.ts");
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER", "ROLE_SELLER"] });
  const other = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  buyerId = buyer.id;
  const ids = (
    await t.db
      .insert(projects)
      .values(Array.from({ length: 14 }, (_, i) => ({ sellerId: seller.id, kind: "insurance_loan" as const, status: "published" as const, projectName: `Pool ${i}` })))
      .returning({ id: projects.id })
  ).map((p) => p.id);
  const [own] = await t.db.insert(projects).values({ sellerId: buyerId, kind: "insurance_loan", status: "published", projectName: "Own pool" }).returning();
  await t.db.insert(recentlyViewed).values([...ids.map((projectId, i) => ({ userId: buyerId, projectId, viewedAt: at((i * 5) % 14) })), { userId: buyerId, projectId: own!.id, viewedAt: at(50) }]);
  const deal = (i: number) => ({ projectId: ids[i]!, buyerId });
  const nda = { documentKey: "nda.pdf", documentSha256: "-" };
  await t.db.insert(contracts).values([
    { ...deal(0), ...nda, envelopeId: "d1-0", requestedAt: at(100) },
    { ...deal(1), ...nda, envelopeId: "d1-1", requestedAt: at(101), ndaStatus: "Signed", signedAt: at(110) },
    { ...deal(2), ...nda, envelopeId: "d1-2", requestedAt: at(102), ndaStatus: "NDA Approved", signedAt: at(111), decidedAt: at(120) },
    { ...deal(3), ...nda, envelopeId: "d1-3", requestedAt: at(103), ndaStatus: "NDA Approved", signedAt: at(112), decidedAt: at(121) },
  ]);
  // threads on three projects, one interleaved with another buyer's: the walk steps over it
  await t.db.insert(messages).values([
    ...[3, 5, 7].map((i) => ({ ...deal(i), senderId: buyerId, body: "On terms", createdAt: at(200 + i) })),
    { projectId: ids[6]!, buyerId: other.id, senderId: other.id, body: "Mine", createdAt: at(210) },
  ]);
  const terms = { price: 1_000_000, structure: "All cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "loi.pdf", pdfSha256: "-" };
  await t.db.insert(offers).values([8, 9].map((i) => ({ ...deal(i), ...terms, status: "submitted" as const, createdAt: at(300 + i), updatedAt: at(300 + i) })));
  await t.db.insert(feedback).values({ ...deal(10), reasons: ["Pricing"], createdAt: at(400) });
});
afterAll(async () => {
  await mf?.dispose();
  t?.cleanup();
});

/** The tables `READ` names and every table their foreign keys reach, as created (no triggers: nothing is written). */
async function schemaOf() {
  const tables = new Set(READ);
  for (const table of tables) {
    const refs = await t.client.execute({ sql: `select distinct "table" as parent from pragma_foreign_key_list(?)`, args: [table] });
    for (const r of refs.rows) tables.add(String(r.parent));
  }
  const created = await t.client.execute(`select type, tbl_name, sql from sqlite_master where type in ('table', 'index') and sql is not null order by rowid`);
  return created.rows.filter((r) => tables.has(String(r.tbl_name))).map((r) => String(r.sql));
}

async function rowsOf(table: string) {
  const result = await t.client.execute(`select * from "${table}"`);
  return result.rows.map((row) => Object.fromEntries(result.columns.map((c, i) => [c, row[i]])));
}

it("answers the looks' page and the staging on D1 as on libsql, every page of them (recursive CTEs), within D1's bound parameters", async () => {
  const sent: Array<{ sql: string; args: unknown[] }> = [];
  for (const pages of [{}, { viewed: 2, nda_approved: 2 }, { viewed: 9, negotiating: 3 }])
    sent.push(...(await statementsSentBy(t.client, () => buyerDealsPage(t.db, { buyerId, pages, pageSize: 2, latest: 3 }))));
  const recursive = sent.filter((s) => /with recursive/i.test(s.sql));
  // the looks' page (and its count past the last page) and the staging, each page
  expect(recursive.length).toBeGreaterThanOrEqual(6);
  for (const s of sent) expect(s.args.length).toBeLessThanOrEqual(D1_MAX_PARAMETERS);
  const onLibsql = await Promise.all(recursive.map((s) => t.client.execute({ sql: s.sql, args: s.args as never })));
  const expected = onLibsql.map((r) => r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c, row[i]]))));
  expect(expected.some((rows) => rows.length > 0)).toBe(true);
  const schema = await schemaOf();
  const rows = await Promise.all(READ.map(async (table) => [table, await rowsOf(table)] as const));
  const answered = await (await mf.dispatchFetch("http://localhost/", { method: "POST", body: JSON.stringify({ schema, rows, statements: recursive }) })).json();
  expect(answered).toEqual(expected);
}, 60_000);
