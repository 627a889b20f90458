import { describe, expect, it } from "vitest";
import { databaseBefore } from "../../tests/support/db";

// The seller's own unread count reads the markers of projects they sell (migration 0072): the
// markers already there must say so, and those a migration or a hand-over makes after it too.
describe("migration 0072", () => {
  it("marks the markers of projects their reader sells, not a colleague's or the buyer's own", async () => {
    const old = await databaseBefore("0072");
    const { run } = old;
    try {
      // 1 sells project 1 and buys on 2 (sold by 2); 3 is 1's colleague; 4 a buyer
      await run("insert into users (id, email, name, password_hash, roles) values (1, 's@x.example', 'S', 'x', '[]'), (2, 't@x.example', 'T', 'x', '[]'), (3, 'c@x.example', 'C', 'x', '[]'), (4, 'b@x.example', 'B', 'x', '[]')");
      await run("insert into projects (id, seller_id, kind, status, created_at, updated_at) values (1, 1, 'loan_pool', 'published', 0, 0), (2, 2, 'loan_pool', 'published', 0, 0)");
      await run("insert into messages (project_id, buyer_id, sender_id, body, created_at) values (1, 4, 4, 'a', 1), (2, 1, 1, 'b', 2), (2, 1, 2, 'c', 3)");
      await run("insert into thread_reads (project_id, buyer_id, user_id, last_read_id) values (1, 4, 3, 0)");
      await old.upgrade();
      const marked = async () =>
        (await run("select project_id, buyer_id, user_id, as_seller, unread from thread_reads order by project_id, buyer_id, user_id")).rows.map((r) => Object.values(r));
      // [project, buyer, reader, as seller, unread]
      expect(await marked()).toEqual([
        [1, 4, 1, 1, 1],
        [1, 4, 3, 0, 1],
        [1, 4, 4, 0, 0],
        [2, 1, 1, 0, 1],
        [2, 1, 2, 1, 1],
      ]);
      // handed over to the colleague: the markers follow who sells it now
      await run("update projects set seller_id = 3 where id = 1");
      expect((await marked()).filter(([project]) => project === 1)).toEqual([
        [1, 4, 1, 0, 1],
        [1, 4, 3, 1, 1],
        [1, 4, 4, 0, 0],
      ]);
    } finally {
      old.cleanup();
    }
  });
});
