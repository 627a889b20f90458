import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, explained, statementsSentBy } from "../../tests/support/db";
import { DIGEST_INTERVAL_MS, DIGEST_RECHECK_MS, claimDueMembers } from "./saved-searches.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
const MEMBERS = 50_000;
const now = Date.now();

beforeAll(async () => {
  t = await createTestDatabase();
  // 50,000 members with 1 to 3 searches each: some never looked at, some looked at in the last five days
  // (within the hour for some), a quarter digested within the day, every seventh member disabled
  await t.client.execute({
    sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
          insert into users (email, name, password_hash, roles, enabled, created_at) select 'm' || i || '@claim.test', 'M ' || i, 'x', '["ROLE_BUYER"]', i % 7 != 0, ? from n`,
    args: [MEMBERS, now],
  });
  await t.client.execute({
    sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < 3)
          insert into saved_searches (user_id, name, query, alerts, last_digest_at, checked_at, created_at)
          select u.id, 's' || n.i, '', 1,
            case when u.id % 4 = 0 then ? - 3600000 end,
            case when (u.id + n.i) % 5 = 0 then null else ? - ((u.id * 7 + n.i) % 7200) * 60000 end, ?
          from users u join n on n.i <= 1 + u.id % 3`,
    args: [now, now, now],
  });
  await t.client.execute("ANALYZE");
}, 60_000);
afterAll(() => t.cleanup());

describe("the digests' claim of a page of due members", () => {
  it("reads only the due searches of the page's members, from their index, and claims the least recently looked at first", async () => {
    // the page as a grouping of every due search orders it, the claim's moves aside
    const expected = await t.client.execute({
      sql: `select u.id from saved_searches s join users u on u.id = s.user_id left join customers c on c.id = u.customer_id
            where s.alerts = 1 and (s.last_digest_at is null or s.last_digest_at < ?) and (s.checked_at is null or s.checked_at < ?)
              and u.enabled = 1 and (c.id is null or (c.enabled = 1 and c.locked = 0))
            group by u.id order by min(coalesce(s.checked_at, 0)), u.id limit 100`,
      args: [now - DIGEST_INTERVAL_MS, now - DIGEST_RECHECK_MS],
    });
    let page: number[] = [];
    const [lastChange, read] = await statementsSentBy(t.client, async () => {
      page = await claimDueMembers(t.db, { now, limit: 100 });
    });
    expect(page).toEqual(expected.rows.map((r) => Number(r.id)).sort((a, b) => a - b));

    const plan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${read!.sql}`, args: read!.args })).rows.map((row) => String(row.detail)).join(" ; ");
    // not every member nor every due search (some 70 ms a page at 50,000 members): the walk stops at the page's worth
    expect(plan).toMatch(/SEARCH saved_searches USING COVERING INDEX saved_searches_due_idx \(alerts=\?\)/);
    expect(plan).not.toMatch(/SCAN (users|saved_searches)\b/);
    expect(plan).toMatch(/SEARCH users USING INTEGER PRIMARY KEY/);
    // the last change to a listing (which lifts the hold) is read from its index's end, not the table
    const changePlan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${lastChange!.sql}`, args: lastChange!.args })).rows.map((row) => String(row.detail)).join(" ; ");
    expect(changePlan).toMatch(/SEARCH projects USING COVERING INDEX projects_updated_idx/);
  });
});
