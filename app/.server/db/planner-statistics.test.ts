import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, explained } from "../../../tests/support/db";
import { insertMany } from "~/.server/db/bulk";
import { projects } from "~/.server/db/schema";
import { searchStatements } from "~/models/project-search.server";
import { generateProject, random } from "~/seed/demo-market";
import { makeUser } from "~/seed/factories";
import { refreshPlannerStatistics } from "./planner-statistics";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  const r = random(7);
  await insertMany(t.db, projects, Array.from({ length: 300 }, (_, i) => generateProject(r, i, seller.id, Date.UTC(2026, 10, 1))).map(({ loans: _l, ...p }) => p));
});
afterAll(() => t.cleanup());

const planOf = async (statement: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql, params } = statement.toSQL();
  return (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${sql}`, args: params })).rows.map((row) => String(row.detail)).join(" ; ");
};

describe("the planner's statistics", () => {
  it("are gathered for a database never analyzed, and the search's first page then comes from the listings' index in order", async () => {
    const stats = async () => (await t.client.execute("select count(*) as n from sqlite_master where name = 'sqlite_stat1'")).rows[0]!.n;
    expect(await stats()).toBe(0);
    // by rules of thumb SQLite reads the listings by status and sorts them all
    expect(await planOf(searchStatements(t.db, {}).rows)).toMatch(/TEMP B-TREE/);
    await refreshPlannerStatistics(t.db);
    expect(await stats()).toBe(1);
    const analyzed = Number((await t.client.execute("select count(*) as n from sqlite_stat1 where tbl = 'projects'")).rows[0]!.n);
    expect(analyzed).toBeGreaterThan(0);
    const plan = await planOf(searchStatements(t.db, {}).rows);
    expect(plan, plan).toMatch(/projects_visible_published_idx/);
    expect(plan, plan).not.toMatch(/TEMP B-TREE/);
    // again: nothing to do, nothing fails
    await expect(refreshPlannerStatistics(t.db)).resolves.toBeUndefined();
  });

  it("are looked over in the first minute of each hour, not every minute", async () => {
    const projectStats = async () => Number((await t.client.execute("select count(*) as n from sqlite_stat1 where tbl = 'projects'")).rows[0]!.n);
    await refreshPlannerStatistics(t.db, { always: true });
    expect(await projectStats()).toBeGreaterThan(0);
    // the listings' statistics gone (as for a table never analyzed), the search read through an index on this connection
    await t.client.execute("delete from sqlite_stat1 where tbl = 'projects'");
    await t.client.execute("analyze sqlite_master");
    await t.db.all(searchStatements(t.db, { region: "Midwest" }).rows.getSQL());
    await refreshPlannerStatistics(t.db, { now: Date.UTC(2026, 11, 3, 14, 7) });
    expect(await projectStats()).toBe(0);
    await refreshPlannerStatistics(t.db, { now: Date.UTC(2026, 11, 3, 15, 0, 30) });
    expect(await projectStats()).toBeGreaterThan(0);
  });

  it("count every row of a table, so that a common status is not taken for a rare one", async () => {
    // thousands of drafts before the listings in the status index's order: a sample of its first
    // 1,000 rows saw one status only, took every status for about 1,000 rows, and the search's first
    // page was read by status and sorted (72 ms at the survey's 90,000 listings, a common word 1.9 s)
    const big = await createTestDatabase();
    try {
      const seller = await makeUser(big.db, { roles: ["ROLE_SELLER"] });
      const r = random(11);
      const made = Array.from({ length: 6_000 }, (_, i) => generateProject(r, i, seller.id, Date.UTC(2026, 10, 1))).map(({ loans: _l, ...p }, i) => ({
        ...p,
        status: i < 2_500 ? ("draft" as const) : ("published" as const),
      }));
      for (let i = 0; i < made.length; i += 500) await insertMany(big.db, projects, made.slice(i, i + 500));
      await refreshPlannerStatistics(big.db);
      const [statusStat] = (await big.client.execute("select stat from sqlite_stat1 where idx = 'projects_status_idx'")).rows;
      expect(String(statusStat!.stat)).toBe("6000 3000");
      const { sql: text, params } = searchStatements(big.db, {}).rows.toSQL();
      const plan = (await explained(big.url, { sql: `EXPLAIN QUERY PLAN ${text}`, args: params })).rows.map((row) => String(row.detail)).join(" ; ");
      expect(plan, plan).toMatch(/projects_visible_published_idx/);
      expect(plan, plan).not.toMatch(/TEMP B-TREE/);
    } finally {
      await big.cleanup();
    }
  });
});
