// Migration 0087's triggers as D1 runs them: each referral keeps its member's NDAs signed and offers accepted.
import { expect, it } from "vitest";
import { seenWithTriggersOnD1 } from "../../../tests/support/miniflare";

const tables = [
  "create table contracts (id integer primary key autoincrement, buyer_id integer not null, signed_at integer)",
  "create table offers (id integer primary key autoincrement, buyer_id integer not null, status text not null)",
  "create table referrals (id integer primary key autoincrement, user_id integer not null unique, ndas_signed integer not null default 0, offers_accepted integer not null default 0)",
];

const steps = `
    const counts = async () => (await q("select user_id as u, ndas_signed as n, offers_accepted as o from referrals order by user_id").all()).results;
    await q("insert into contracts (buyer_id, signed_at) values (1, 5)").run();
    await q("insert into referrals (user_id) values (1), (2)").run();
    seen.referred = await counts();
    // a signing and an acceptance in one batch, as the deal flow writes them
    await env.DB.batch([q("insert into contracts (buyer_id) values (2)"), q("update contracts set signed_at = 7 where buyer_id = 2"), q("insert into offers (buyer_id, status) values (2, 'accepted'), (1, 'submitted')")]);
    seen.signed = await counts();
    await env.DB.batch([q("update offers set status = 'rejected' where buyer_id = 2"), q("update offers set status = 'accepted' where buyer_id = 1"), q("update contracts set buyer_id = 2 where buyer_id = 1")]);
    seen.changed = await counts();
    await q("delete from contracts").run();
    await q("delete from offers").run();
    seen.deleted = await counts();
`;

it("keeps a referral's NDAs signed and offers accepted on D1 (workerd): a referral made after a signing, changes in a batch, a contract moved, deletes", async () => {
  expect(await seenWithTriggersOnD1("0087_referrals_keep_their_members_conversions.sql", tables, steps)).toEqual({
    referred: [{ u: 1, n: 1, o: 0 }, { u: 2, n: 0, o: 0 }],
    signed: [{ u: 1, n: 1, o: 0 }, { u: 2, n: 1, o: 1 }],
    changed: [{ u: 1, n: 0, o: 1 }, { u: 2, n: 2, o: 0 }],
    deleted: [{ u: 1, n: 0, o: 0 }, { u: 2, n: 0, o: 0 }],
  });
});
