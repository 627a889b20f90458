// Migration 0086's triggers as D1 runs them: the foreign key's SET NULL must fire the leads' trigger there too (decision 107).
import { expect, it } from "vitest";
import { seenWithTriggersOnD1 } from "../../../tests/support/miniflare";

const tables = [
  "create table customers (id integer primary key autoincrement, name text not null)",
  "create table leads (id integer primary key autoincrement, status text not null default 'open', customer_id integer references customers(id) on delete set null, customer_name text, converted_at integer)",
];

const steps = `
    const name = async () => (await q("select customer_name as n, customer_id as c from leads where id = 1").first());
    await q("insert into customers (name) values ('Acme'), ('Beta')").run();
    await q("insert into leads (status) values ('open')").run();
    // a conversion: status, date and customer in one update, in a batch after the customer's insert
    await env.DB.batch([q("insert into customers (name) values ('Gamma')"), q("update leads set status = 'converted', converted_at = 1, customer_id = last_insert_rowid() where id = 1")]);
    seen.converted = await name();
    await q("update customers set name = 'Gamma Ltd' where id = 3").run();
    seen.renamed = await name();
    await q("update leads set customer_id = 2 where id = 1").run();
    seen.repointed = await name();
    await q("delete from customers where id = 2").run();
    seen.deleted = await name();
    await q("insert into leads (status, customer_id) values ('converted', 1)").run();
    seen.inserted = await q("select customer_name as n from leads where id = 2").first();
`;

it("keeps a lead's copy of its customer's name on D1 (workerd): a conversion in a batch, a rename, a lead pointed at another customer, a customer deleted, a lead inserted with one", async () => {
  expect(await seenWithTriggersOnD1("0086_leads_sorted_by_every_column.sql", tables, steps)).toEqual({
    converted: { n: "Gamma", c: 3 },
    renamed: { n: "Gamma Ltd", c: 3 },
    repointed: { n: "Beta", c: 2 },
    deleted: { n: null, c: null },
    inserted: { n: "Acme" },
  });
});
