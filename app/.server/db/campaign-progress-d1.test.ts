// Migration 0088's triggers as D1 runs them: each campaign keeps its outbox rows' counts by status.
import { expect, it } from "vitest";
import { seenWithTriggersOnD1 } from "../../../tests/support/miniflare";

const tables = [
  "create table campaigns (id integer primary key autoincrement, pending_count integer not null default 0, sent_count integer not null default 0, failed_count integer not null default 0)",
  "create table outbox (id integer primary key autoincrement, recipient text not null, status text not null default 'pending', campaign_id integer)",
];

const steps = `
    const counts = async () => (await q("select id, pending_count as p, sent_count as s, failed_count as f from campaigns order by id").all()).results;
    await q("insert into campaigns (id) values (1), (2)").run();
    // a send's rows in one batch, a message of no campaign beside them
    await env.DB.batch([q("insert into outbox (recipient, campaign_id) values ('a', 1), ('b', 1), ('c', 1)"), q("insert into outbox (recipient) values ('reset')")]);
    seen.queued = await counts();
    // the drain's claim (no status change), its marks, and a text taken back in the same batch
    await env.DB.batch([
      q("update outbox set recipient = recipient where campaign_id = 1"),
      q("update outbox set status = 'sent' where recipient in ('a', 'reset')"),
      q("update outbox set status = 'failed' where recipient = 'b'"),
      q("insert into outbox (recipient, campaign_id) values ('d', 2)"),
      q("delete from outbox where recipient = 'd'"),
    ]);
    seen.marked = await counts();
    await env.DB.batch([q("update outbox set status = 'pending' where recipient = 'b'"), q("update outbox set campaign_id = 2 where recipient = 'c'")]);
    seen.moved = await counts();
    await q("delete from outbox").run();
    seen.deleted = await counts();
`;

it("keeps a campaign's counts by status on D1 (workerd): a send in a batch, marks, a row taken back, a retry, a move, deletes", async () => {
  expect(await seenWithTriggersOnD1("0088_campaigns_keep_their_progress.sql", tables, steps)).toEqual({
    queued: [{ id: 1, p: 3, s: 0, f: 0 }, { id: 2, p: 0, s: 0, f: 0 }],
    marked: [{ id: 1, p: 1, s: 1, f: 1 }, { id: 2, p: 0, s: 0, f: 0 }],
    moved: [{ id: 1, p: 1, s: 1, f: 0 }, { id: 2, p: 1, s: 0, f: 0 }],
    deleted: [{ id: 1, p: 0, s: 0, f: 0 }, { id: 2, p: 0, s: 0, f: 0 }],
  });
});
