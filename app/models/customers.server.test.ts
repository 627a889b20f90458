import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { contracts, customers, dailyProjectLooks, messages, offers, outbox, pageSessions, projects, users, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { CUSTOMER_COLUMNS, CUSTOMER_SIZE_BANDS } from "~/lib/customers";
import { customerIdsInViewOrder, customersInOrder, listCustomers } from "./customers.server";
import { recomputeAllResponsiveness } from "./responsiveness.server";
import { pruneDailyLooks, recordImpressions } from "./project-looks.server";
import { deleteOrAnonymiseCustomer, updateCustomer } from "./customer-accounts.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let seller: User;
let alice: User;
let bob: User;
let acme: number;
let quiet: number;
const DAY = 86_400_000;
const now = Date.UTC(2026, 5, 1);

async function customer(values: Partial<typeof customers.$inferInsert> & { name: string }) {
  const [row] = await t.db.insert(customers).values(values).returning();
  return row!.id;
}
async function project(size: number) {
  const [row] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: `P ${size}`, size }).returning();
  return row!.id;
}
const envelope = () => Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  // stamped with digits: a member's e-mail is in their company's text, and the short-text tests count companies holding
  // two letters, which makeUser's base-36 stamp may hold
  const stamp = Date.now();
  alice = await makeUser(t.db, { name: "Alice Anders", email: `alice-${stamp}@example.test` });
  bob = await makeUser(t.db, { name: "Bob Brandt", email: `bob-${stamp}@example.test`, phone: "+1 646 555 0101" });
  acme = await customer({ name: "Acme Credit", businessType: "Hedge Fund", attentionEmail: "desk@acme.example", preferences: { industryPreferences: ["Retail", "Energy"] } });
  quiet = await customer({ name: "Quiet Bank", businessType: "Bank", enabled: false });
  await t.db.update(users).set({ customerId: acme, lastLoginAt: new Date(now - 2 * DAY) }).where(eq(users.id, alice.id));
  await t.db.update(users).set({ customerId: acme, lastLoginAt: new Date(now - DAY) }).where(eq(users.id, bob.id));

  const small = await project(3_000_000);
  const mid = await project(7_000_000);
  const huge = await project(900_000_000);
  const doc = { documentKey: "k", documentSha256: "s", requestedAt: new Date(now) };
  await t.db.insert(contracts).values([
    { projectId: small, buyerId: alice.id, envelopeId: envelope(), ...doc },
    { projectId: mid, buyerId: bob.id, envelopeId: envelope(), ...doc },
  ]);
  const offer = { status: "submitted" as const, price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "s" };
  // an offer on a project with an NDA counts the project once; the huge one only through the offer
  await t.db.insert(offers).values([
    { projectId: small, buyerId: alice.id, ...offer },
    { projectId: huge, buyerId: bob.id, ...offer },
  ]);
  // two threads: the seller wrote in both; Alice answered 5 h later, Bob never; a thread older than 90 days is forgotten
  await t.db.insert(messages).values([
    { projectId: small, buyerId: alice.id, senderId: seller.id, body: "Questions?", createdAt: new Date(now - 20 * DAY) },
    { projectId: small, buyerId: alice.id, senderId: alice.id, body: "Yes", createdAt: new Date(now - 20 * DAY + 5 * 3_600_000) },
    { projectId: mid, buyerId: bob.id, senderId: seller.id, body: "Hello", createdAt: new Date(now - 50 * DAY) },
    { projectId: huge, buyerId: bob.id, senderId: seller.id, body: "Long ago", createdAt: new Date(now - 150 * DAY) },
  ]);
  const session = (id: string, projectId: number | null, end: number) => ({
    sessionId: id,
    userId: alice.id,
    route: "/x",
    pageType: projectId ? ("company-before-nda" as const) : ("other" as const),
    projectId,
    sessionStart: new Date(end - 1000),
    sessionEnd: new Date(end),
    totalDuration: 1000,
    activeTime: 1000,
    scrollDepthMax: 0,
    record: {},
  });
  await t.db.insert(pageSessions).values([session("a", small, now - 5 * DAY), session("b", mid, now - 3 * DAY), session("c", null, now - 4 * DAY)]);
  await t.db.insert(dailyProjectLooks).values([
    { kind: "impression", userId: alice.id, projectId: small, day: "2026-05-01" },
    { kind: "impression", userId: bob.id, projectId: small, day: "2026-05-01" },
    { kind: "view", userId: bob.id, projectId: small, day: "2026-05-01" },
  ]);
  const mail = (recipient: string, channel: "email" | "sms" = "email") => ({ channel, recipient, body: "b", nextAttemptAt: new Date(now) });
  await t.db.insert(outbox).values([mail(alice.email.toUpperCase()), mail("desk@acme.example"), mail("+1 646 555 0101", "sms"), mail("someone@else.example")]);
  await recomputeAllResponsiveness(t.db, now);
});
afterAll(() => t.cleanup());

describe("the admin customer table", () => {
  it("computes every count from the members' records", async () => {
    const { rows, total } = await listCustomers(t.db, {});
    expect(total).toBe(2);
    const row = rows.find((r) => r.customerId === acme)!;
    expect(row).toMatchObject({
      customerName: "Acme Credit",
      lastLogin: now - DAY,
      lastActivity: now - 3 * DAY,
      views: 2,
      ndas: 2,
      negotiations: 3,
      loi: 2,
      impressions: 2,
      communications: 3,
      // 37.5 for one of two answered, 25 × 0.69 for a 5 h reply (app/lib/responsiveness.ts)
      responsivenessScore: 55,
      responsivenessReason: "Answered 1 of 2 messages; median reply 5 h.",
      industryPreferences: "Retail, Energy",
      dealsUpTo5m: 1,
      deals5to10m: 1,
      deals10to25m: 0,
      dealsAbove500m: 1,
    });
    const none = rows.find((r) => r.customerId === quiet)!;
    expect(none).toMatchObject({ lastLogin: null, views: 0, ndas: 0, communications: 0, responsivenessScore: null });
    expect(none.responsivenessReason).toBe("No requests in the last 90 days.");
  });

  it("sends a page's rows with the columns the admin shows: a hidden count is neither worked out nor sent, and still sorts and filters", async () => {
    const visible = Object.fromEntries(CUSTOMER_COLUMNS.map((c) => [c.value, ["customerName", "ndas", "lastLogin"].includes(c.value)]));
    const byMail = await listCustomers(t.db, { sort: "communications", desc: false }, visible);
    expect(byMail.rows.map((r) => r.customerId)).toEqual([quiet, acme]);
    expect(byMail.rows[1]).toEqual({ customerId: acme, customerName: "Acme Credit", anonymised: false, ndas: 2, lastLogin: now - DAY });
    const filtered = await listCustomers(t.db, { filters: { minLoi: "1" } }, visible);
    expect(filtered.rows.map((r) => Object.keys(r).sort())).toEqual([["anonymised", "customerId", "customerName", "lastLogin", "ndas"]]);
    // a shown stored column or preference is read as in the whole row
    const some = Object.fromEntries(CUSTOMER_COLUMNS.map((c) => [c.value, ["customerName", "createdAt", "industryPreferences", "website"].includes(c.value)]));
    const [whole, narrow] = [await listCustomers(t.db, {}), await listCustomers(t.db, {}, some)];
    expect(narrow.rows).toEqual(whole.rows.map((r) => ({ customerId: r.customerId, customerName: r.customerName, anonymised: r.anonymised, createdAt: r.createdAt, industryPreferences: r.industryPreferences, website: r.website })));
  });

  it("sorts by last login, newest first and never-signed-in last, by default", async () => {
    const { rows } = await listCustomers(t.db, {});
    expect(rows.map((r) => r.customerId)).toEqual([acme, quiet]);
    const asc = await listCustomers(t.db, { sort: "lastLogin", desc: false });
    expect(asc.rows.map((r) => r.customerId)).toEqual([acme, quiet]);
    const byNdas = await listCustomers(t.db, { sort: "ndas", desc: false });
    expect(byNdas.rows.map((r) => r.customerId)).toEqual([quiet, acme]);
  });

  it("keeps a customer's last login as its members sign in, move to another customer and leave", async () => {
    const lastLogins = async () => {
      const { rows } = await listCustomers(t.db, {});
      return { order: rows.map((r) => r.customerId), acme: rows.find((r) => r.customerId === acme)!.lastLogin, quiet: rows.find((r) => r.customerId === quiet)!.lastLogin };
    };
    const carol = await makeUser(t.db, { name: "Carol Chen" });
    await t.db.update(users).set({ customerId: quiet, lastLoginAt: new Date(now) }).where(eq(users.id, carol.id));
    expect(await lastLogins()).toEqual({ order: [quiet, acme], acme: now - DAY, quiet: now });
    // Bob (the later of Acme's two) moves to Quiet Bank: Acme falls back to Alice's sign-in
    await t.db.update(users).set({ customerId: quiet }).where(eq(users.id, bob.id));
    expect(await lastLogins()).toMatchObject({ acme: now - 2 * DAY, quiet: now });
    await t.db.update(users).set({ lastLoginAt: new Date(now + DAY) }).where(eq(users.id, alice.id));
    expect(await lastLogins()).toEqual({ order: [acme, quiet], acme: now + DAY, quiet: now });
    await t.db.delete(users).where(eq(users.id, carol.id));
    expect(await lastLogins()).toMatchObject({ quiet: now - DAY });
    // as the other tests found them
    await t.db.update(users).set({ customerId: acme }).where(eq(users.id, bob.id));
    await t.db.update(users).set({ lastLoginAt: new Date(now - 2 * DAY) }).where(eq(users.id, alice.id));
    expect(await lastLogins()).toEqual({ order: [acme, quiet], acme: now - DAY, quiet: null });
  });

  it("searches names, contacts and members, and filters on the server", async () => {
    expect((await listCustomers(t.db, { q: "brandt" })).rows.map((r) => r.customerId)).toEqual([acme]);
    expect((await listCustomers(t.db, { q: "100%" })).total).toBe(0);
    expect((await listCustomers(t.db, { filters: { enabled: "no" } })).rows.map((r) => r.customerId)).toEqual([quiet]);
    expect((await listCustomers(t.db, { filters: { type: "Hedge Fund", enabled: "yes" } })).rows.map((r) => r.customerId)).toEqual([acme]);
    expect((await listCustomers(t.db, { filters: { type: "Any" } })).total).toBe(2);
    // "at least n" on the computed counts: Acme has 2 NDAs and 2 LOIs, Quiet Bank none
    expect((await listCustomers(t.db, { filters: { minNdas: "2" } })).rows.map((r) => r.customerId)).toEqual([acme]);
    expect((await listCustomers(t.db, { filters: { minNdas: "3" } })).total).toBe(0);
    expect((await listCustomers(t.db, { filters: { minLoi: "1", minNdas: "1" } })).rows.map((r) => r.customerId)).toEqual([acme]);
    // not a whole number ≥ 1: no filter
    expect((await listCustomers(t.db, { filters: { minNdas: "-1" } })).total).toBe(2);
    expect((await listCustomers(t.db, { filters: { minNdas: "x" } })).total).toBe(2);
  });

  it("finds customers by any of their fields or members' names and e-mails as they change, through the search index", async () => {
    const found = async (q: string) => (await listCustomers(t.db, { q, pageSize: 100 })).rows.map((r) => r.customerId);
    // inside a word, any case, a member's e-mail; an attention address; text with quotes or operators is text
    expect(await found("RANDT")).toEqual([acme]);
    expect(await found(alice.email.slice(2, 9))).toEqual([acme]);
    expect(await found("desk@acme")).toEqual([acme]);
    expect(await found('"Acme" OR x*')).toEqual([]);
    expect(await found("Credit Quiet")).toEqual([]);
    // two characters: looked for in every customer's fields
    expect(await found("cm")).toEqual([acme]);
    const erin = await makeUser(t.db, { name: "Erin Easterby" });
    expect(await found("easterby")).toEqual([]);
    await t.db.update(users).set({ customerId: quiet }).where(eq(users.id, erin.id));
    expect(await found("easterby")).toEqual([quiet]);
    await t.db.update(users).set({ name: "Erin Westerby" }).where(eq(users.id, erin.id));
    expect([await found("easterby"), await found("westerby")]).toEqual([[], [quiet]]);
    await t.db.update(users).set({ customerId: acme }).where(eq(users.id, erin.id));
    expect(await found("westerby")).toEqual([acme]);
    await t.db.delete(users).where(eq(users.id, erin.id));
    expect(await found("westerby")).toEqual([]);
    await t.db.update(customers).set({ comments: "Prefers senior secured" }).where(eq(customers.id, quiet));
    expect(await found("senior sec")).toEqual([quiet]);
    await t.db.update(customers).set({ comments: "" }).where(eq(customers.id, quiet));
    const gone = await customer({ name: "Gone Partners" });
    expect(await found("gone part")).toEqual([gone]);
    await t.db.delete(customers).where(eq(customers.id, gone));
    expect(await found("gone part")).toEqual([]);
  });

  it("pages, and the CSV walks the same view in the same order", async () => {
    const extra = [];
    for (let i = 0; i < 30; i++) extra.push({ name: `Filler ${i}`, businessType: "Bank" });
    await t.db.insert(customers).values(extra);
    const view = { filters: { type: "Bank" }, sort: "customerName", desc: true };
    const first = await listCustomers(t.db, { ...view, pageSize: 25 });
    const second = await listCustomers(t.db, { ...view, pageSize: 25, page: 2 });
    expect(first.total).toBe(31);
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(6);
    const ids = await customerIdsInViewOrder(t.db, view);
    const seen: number[] = [];
    for (let next = 0; next < ids.length; next += 7) {
      seen.push(...(await customersInOrder(t.db, ids.subarray(next, next + 7))).map((r) => r.customerId));
    }
    expect(seen).toEqual([...first.rows, ...second.rows].map((r) => r.customerId));
    expect(first.rows[0]!.customerName).toBe("Quiet Bank");
    expect(first.rows[1]!.customerName).toBe("Filler 9");
  });

  it("pages the unfiltered table in each sort, in the order the CSV walks", async () => {
    // unfiltered, a page is a statement built once per sort and columns, and run again for each page
    for (const sort of [{ sort: "customerName", desc: false }, { sort: "customerName", desc: true }, { sort: "lastLogin", desc: true }]) {
      const pages = [await listCustomers(t.db, { ...sort, page: 1 }), await listCustomers(t.db, { ...sort, page: 2 })];
      const again = await listCustomers(t.db, { ...sort, page: 2 });
      expect(pages.map((p) => p.rows.length)).toEqual([25, 7]);
      expect(pages[0]!.total).toBe(32);
      expect(again.rows).toEqual(pages[1]!.rows);
      expect(pages.flatMap((p) => p.rows.map((r) => r.customerId))).toEqual(Array.from(await customerIdsInViewOrder(t.db, sort)));
    }
  });
  it("keeps each customer's counts as records are written and deleted, members move, leave and change address", async () => {
    // the counts as the records have them (what migration 0044's triggers keep), beside what is kept
    const members = sql`select m.id from users m where m.customer_id = c.id`;
    const recount = async () =>
      (
        await t.db.all<Record<string, number | null>>(sql`select c.id,
          c.last_activity_at kept_activity, (select max(ps.session_end) from page_sessions ps where ps.user_id in (${members})) activity,
          c.view_count kept_views, (select count(*) from page_sessions ps where ps.user_id in (${members}) and ps.project_id is not null) views,
          c.nda_count kept_ndas, (select count(*) from contracts k where k.buyer_id in (${members})) ndas,
          c.negotiation_count kept_negotiations, (select count(*) from (select distinct t.project_id, t.buyer_id from messages t where t.buyer_id in (${members}))) negotiations,
          c.loi_count kept_loi, (select count(*) from offers o where o.buyer_id in (${members})) loi,
          c.communication_count kept_communications, (select count(*) from outbox x where lower(x.recipient) in (
            select lower(m.email) from users m where m.customer_id = c.id union select lower(c.attention_email) where c.attention_email != ''
            union select lower(m.phone) from users m where m.customer_id = c.id and m.phone != '')) communications
,
          ${sql.join(
            CUSTOMER_SIZE_BANDS.map((b, i) => {
              const inBand = sql.raw(`p.size >= ${b.min}${b.max === null ? "" : ` and p.size < ${b.max}`}`);
              const dealt = sql`select k.project_id from contracts k where k.buyer_id in (${members}) union select o.project_id from offers o where o.buyer_id in (${members})`;
              return sql`${sql.raw(`c.${customers[b.key].name}`)} ${sql.raw(`kept_band${i}`)}, (select count(*) from projects p where p.id in (${dealt}) and ${inBand}) ${sql.raw(`band${i}`)}`;
            }),
            sql`, `,
          )}
          from customers c order by c.id`)
      ).map((row) => row);
    const agree = async () => {
      for (const row of await recount()) {
        for (const name of ["activity", "views", "ndas", "negotiations", "loi", "communications", ...CUSTOMER_SIZE_BANDS.map((_, i) => `band${i}`)]) {
          expect({ customer: row.id, [name]: row[`kept_${name}`] }).toEqual({ customer: row.id, [name]: row[name] });
        }
      }
    };
    const kept = async (id: number) => (await listCustomers(t.db, { filters: { q: "" }, pageSize: 100 })).rows.find((r) => r.customerId === id)!;
    await agree();

    const dana = await makeUser(t.db, { name: "Dana Dorn", phone: "+1 212 555 0199" });
    const [p] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Kept", size: 1 }).returning();
    const mail = (recipient: string) => ({ channel: "email" as const, recipient, body: "b", nextAttemptAt: new Date(now) });
    // Dana does things before she has a company: nothing counts for one
    await t.db.insert(contracts).values({ projectId: p!.id, buyerId: dana.id, envelopeId: envelope(), documentKey: "k", documentSha256: "s", requestedAt: new Date(now) });
    await t.db.insert(messages).values([
      { projectId: p!.id, buyerId: dana.id, senderId: dana.id, body: "1" },
      { projectId: p!.id, buyerId: dana.id, senderId: seller.id, body: "2" },
    ]);
    await t.db.insert(outbox).values([mail(dana.email), mail("+1 212 555 0199")]);
    await t.db.insert(pageSessions).values({
      sessionId: "dana-1", userId: dana.id, route: "/x", pageType: "company-before-nda", projectId: p!.id,
      sessionStart: new Date(now - 1000), sessionEnd: new Date(now + 5 * DAY), totalDuration: 1, activeTime: 1, scrollDepthMax: 0, record: {},
    });
    await recordImpressions(t.db, { userId: dana.id, projectIds: [p!.id] }, now);
    await agree();

    // she joins Quiet Bank: all of it counts there
    await t.db.update(users).set({ customerId: quiet }).where(eq(users.id, dana.id));
    await agree();
    expect(await kept(quiet)).toMatchObject({ ndas: 1, negotiations: 1, views: 1, communications: 2, impressions: 1, lastActivity: now + 5 * DAY });
    // a second message in the same thread is not a second negotiation; an offer is an LOI
    await t.db.insert(messages).values({ projectId: p!.id, buyerId: dana.id, senderId: dana.id, body: "3" });
    await t.db.insert(offers).values({ projectId: p!.id, buyerId: dana.id, status: "submitted", price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "s" });
    await agree();
    expect(await kept(quiet)).toMatchObject({ negotiations: 1, loi: 1, dealsUpTo5m: 1, deals50to100m: 0 });
    // the project grows: its deals move to another band for every customer that made one
    await t.db.update(projects).set({ size: 60_000_000 }).where(eq(projects.id, p!.id));
    await agree();
    expect(await kept(quiet)).toMatchObject({ dealsUpTo5m: 0, deals50to100m: 1 });
    // a second, earlier session, then the latest is deleted: the last activity falls back to the one left
    await t.db.insert(pageSessions).values({
      sessionId: "dana-2", userId: dana.id, route: "/x", pageType: "company-before-nda", projectId: p!.id,
      sessionStart: new Date(now - 2000), sessionEnd: new Date(now + 2 * DAY), totalDuration: 1, activeTime: 1, scrollDepthMax: 0, record: {},
    });
    expect(await kept(quiet)).toMatchObject({ views: 2, lastActivity: now + 5 * DAY });
    await t.db.delete(pageSessions).where(eq(pageSessions.sessionId, "dana-1"));
    await agree();
    expect(await kept(quiet)).toMatchObject({ views: 1, lastActivity: now + 2 * DAY });
    // the impressions stay after housekeeping prunes the day's rows; a second look the same day is the same impression
    await recordImpressions(t.db, { userId: dana.id, projectIds: [p!.id] }, now + 1000);
    await pruneDailyLooks(t.db, now + 3 * DAY);
    expect(await kept(quiet)).toMatchObject({ impressions: 1 });
    // her phone changes: the SMS to the old number no longer reaches Quiet Bank; the attention address gains one
    await t.db.update(users).set({ phone: "+1 212 555 0100" }).where(eq(users.id, dana.id));
    await t.db.update(customers).set({ attentionEmail: "desk@quiet.example" }).where(eq(customers.id, quiet));
    await t.db.insert(outbox).values(mail("DESK@quiet.example"));
    await agree();
    expect(await kept(quiet)).toMatchObject({ communications: 2 });
    // every member's address rewritten in one statement (as anonymising a customer does): mail to the old ones no longer counts
    await t.db.update(users).set({ email: sql`'gone-' || ${users.id} || '@deleted.invalid'` }).where(eq(users.customerId, quiet));
    await agree();
    expect(await kept(quiet)).toMatchObject({ communications: 1, ndas: 1, views: 1 });
    // a new company whose address was written to before it existed
    await t.db.insert(outbox).values(mail("hello@later.example"));
    const later = await customer({ name: "Later Ltd", attentionEmail: "hello@later.example" });
    expect(await kept(later)).toMatchObject({ communications: 1 });
    // deals and messages deleted; the thread's last message ends the negotiation
    await t.db.delete(offers).where(eq(offers.buyerId, dana.id));
    await t.db.delete(messages).where(eq(messages.buyerId, dana.id));
    await agree();
    expect(await kept(quiet)).toMatchObject({ loi: 0, negotiations: 0, ndas: 1 });
    // she moves to Acme, then her account is deleted (its records go with it)
    await t.db.update(users).set({ customerId: acme }).where(eq(users.id, dana.id));
    await agree();
    expect(await kept(quiet)).toMatchObject({ ndas: 0, views: 0, impressions: 0, lastActivity: null });
    await t.db.delete(users).where(eq(users.id, dana.id));
    await agree();
    expect(await kept(acme)).toMatchObject({ ndas: 2, views: 2, lastActivity: now - 3 * DAY, impressions: 2 });
    // the sorts read the kept figures: Acme has the most NDAs, and among equals the newest comes first
    const byNdas = await listCustomers(t.db, { sort: "ndas", desc: true, pageSize: 100 });
    expect(byNdas.rows[0]!.customerId).toBe(acme);
    const none = byNdas.rows.filter((r) => r.ndas === 0).map((r) => r.customerId);
    expect(none).toEqual([...none].sort((a, b) => b - a));
    await t.db.delete(customers).where(eq(customers.id, later));
  });
});

/**
 * What the table's text finds, as plain SQL over each customer's fields and its members' as customers_fts holds them (migration 0045):
 * `like` folds ASCII letters, and a text's one letter beyond ASCII is looked for lowered and raised.
 */
function inTheFields(q: string) {
  const escaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [lower, upper] = [escaped(q.trim().toLowerCase()), escaped(q.trim().toUpperCase())];
  const like = (column: SQL) => sql`(${column} like ${lower} escape '\\' or ${column} like ${upper} escape '\\')`;
  const members = sql`coalesce((select group_concat(m.email || char(31) || m.name, char(31)) from users m where m.customer_id = ${customers.id}), '')`;
  return sql`(${sql.join(
    [customers.name, customers.contactPerson, customers.attentionEmail, customers.website, customers.headquarters, customers.comments].map((c) => like(sql`${c}`)),
    sql` or `,
  )} or ${like(members)})`;
}

describe("the admin customer table's one- and two-letter text", () => {
  it("finds a text inside one field or one member's e-mail or name, in any case (letters beyond ASCII too), never across two, and an edited or deleted customer by what it holds now", async () => {
    // no evidence on file: nothing to remove
    const services = { db: t.db, files: { put: async () => {}, get: async () => null, delete: async () => {} } };
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const tag = String(Date.now());
    // each field ends where the next one's first letters would make a text in none of them: "xq", "wy", "yk", "ej", "ez"
    const rox = await customer({ name: `${tag} Öhlund Mox`, contactPerson: "Quinn Raw", attentionEmail: `yd-${tag}@vantage.example`, website: "https://pyx.example", headquarters: "NY", comments: "kvothe" });
    const member = await makeUser(t.db, { name: "Zed Jones", email: `ji-${tag}@member.example` });
    await t.db.update(users).set({ customerId: rox }).where(eq(users.id, member.id));
    const search = async (q: string) => {
      const list = await listCustomers(t.db, { q, pageSize: 100 });
      const [plain] = await t.db.all<{ n: number }>(sql`select count(*) as n from ${customers} where ${inTheFields(q)}`);
      return { q, has: list.rows.some((r) => r.customerId === rox), total: list.total, plain: plain!.n };
    };
    for (const q of ["MO", "mO", "x", "X", "qu", "-", "@v", "öh", "Öh", "ö", "Ö", "ze", "JI", "%", "_", "\\", "xq", "wy", "yk", "ez", "\u001f", "x\u001f", "d\u001f"]) {
      const found = await search(q);
      expect(found.total, q).toBe(found.plain);
    }
    expect([(await search("MO")).has, (await search("qu")).has, (await search("@V")).has, (await search("HL")).has, (await search("ZE")).has, (await search("ji")).has]).toEqual([true, true, true, true, true, true]);
    // letters beyond ASCII in any case, as a text of three letters or more finds them in the trigram index
    expect([(await search("Öh")).has, (await search("öh")).has, (await search("ö")).has]).toEqual([true, true, true]);
    // the end of one field and the start of the next are not one text, nor a member's e-mail and name
    for (const q of ["xq", "XQ", "wy", "yk", "ej", "ez"]) expect(await search(q), q).toMatchObject({ has: false });
    // edited by an admin: found by the new text, not the old
    const edited = await updateCustomer(services, {
      actor: admin,
      customerId: rox,
      values: { customerName: `Vega & ${tag}`, customerType: "buyer", contactPerson: "Una Bly", attentionEmail: "", attentionPhone: "", website: "", type: "", size: null, headquarters: "", smsAllowance: 0, comments: "" },
    });
    expect(edited).toMatchObject({ ok: true });
    expect([(await search("mo")).has, (await search("qu")).has, (await search("eg")).has, (await search("BL")).has, (await search("ze")).has]).toEqual([false, false, true, true, true]);
    // its member renamed, then leaving
    await t.db.update(users).set({ name: "Pat O'Kirk" }).where(eq(users.id, member.id));
    expect([(await search("ze")).has, (await search("ir")).has]).toEqual([false, true]);
    await t.db.update(users).set({ customerId: null }).where(eq(users.id, member.id));
    expect([(await search("ir")).has, (await search("ji")).has, (await search("\u001f")).has]).toEqual([false, false, false]);
    // anonymised by the admin's delete: found by none of what it or its member held, but by what they hold now
    await t.db.update(users).set({ customerId: rox }).where(eq(users.id, member.id));
    expect([(await search("&")).has, (await search("'")).has, (await search("@d")).has]).toEqual([true, true, false]);
    expect(await deleteOrAnonymiseCustomer(services, { actor: admin, customerId: rox })).toEqual({ ok: true });
    const anonymised = await search("&");
    expect([anonymised.has, anonymised.total, (await search("'")).has, (await search("@d")).has]).toEqual([false, anonymised.plain, false, true]);
    await t.db.delete(users).where(eq(users.id, member.id));
    await t.db.delete(customers).where(eq(customers.id, rox));
    expect((await search("@d")).has).toBe(false);
  });

  it("shows the same rows, order and count whether its matches are gathered or walked in the page's order: first, middle, last page and past it, two sorts, a filter", async () => {
    const base = Date.UTC(2026, 11, 1);
    // the newest customers, two in three holding "qj" (a text found in most of them is walked once seen, decision 102)
    const made = await t.db
      .insert(customers)
      .values(
        Array.from({ length: 600 }, (_, i) => ({
          name: `${["Ann", "Ben", "Lee", "Kay"][i % 4]} ${i % 3 ? "Qjorn" : "Dense"} ${i}`,
          businessType: ["Bank", "Hedge Fund", "Credit Union"][i % 3]!,
          contactPerson: i % 5 ? "Hall" : "Kjq Moe",
          attentionEmail: `desk${i}@${["harbor", "cedar", "bay"][i % 3]}.example`,
          // ties on the sort's column, so that the order of ids decides them
          lastLoginAt: i % 4 ? new Date(base + Math.floor(i / 3) * 60_000) : null,
        })),
      )
      .returning({ id: customers.id });
    const expected = async (q: string, type: string | undefined, sort: "lastLogin" | "customerName", desc: boolean, page: number) => {
      const where = sql`${inTheFields(q)} and ${type ? sql`${customers.businessType} = ${type}` : sql`1`}`;
      const order = sort === "lastLogin" ? sql`${customers.lastLoginAt} ${desc ? sql`desc` : sql`asc`} nulls last, ${customers.id} asc` : sql`lower(${customers.name}) ${desc ? sql`desc` : sql`asc`}, ${customers.id} ${desc ? sql`desc` : sql`asc`}`;
      const [count] = await t.db.all<{ n: number }>(sql`select count(*) as n from ${customers} where ${where}`);
      // past the last page, the table shows the last
      const at = Math.min(page, Math.max(1, Math.ceil(count!.n / 25)));
      const ids = await t.db.all<{ id: number }>(sql`select ${customers.id} as id from ${customers} where ${where} order by ${order} limit 25 offset ${(at - 1) * 25}`);
      return { ids: ids.map((r) => r.id), total: count!.n, page: at };
    };
    for (const q of ["qj", "QJ", "q", "le", "zq"]) {
      for (const type of [undefined, "Bank"]) {
        const last = Math.max(1, Math.ceil((await expected(q, type, "lastLogin", true, 1)).total / 25));
        for (const [sort, desc] of [["lastLogin", true], ["customerName", false]] as const) {
          for (const page of [1, Math.ceil(last / 2), last, last + 1]) {
            const want = await expected(q, type, sort, desc, page);
            // asked twice: the first search learns how densely the text is found, the second reads by it
            for (const time of ["first", "again"]) {
              const found = await listCustomers(t.db, { q, filters: type ? { type } : {}, sort, desc, page, pageSize: 25 });
              expect({ ids: found.rows.map((r) => r.customerId), total: found.total, page: found.page }, `${q} ${type} ${sort} page ${page} ${time}`).toEqual(want);
            }
          }
        }
      }
    }
    await t.db.delete(customers).where(inArray(customers.id, made.map((m) => m.id)));
  });
});

describe("the admin customer table's short text in more customers than it counts", () => {
  it("says there are more than it counted for a text in most customers (gathered or walked alike), pages on past the cap, and counts a rare text and the last pages exactly", async () => {
    const base = Date.UTC(2027, 0, 1);
    // the newest customers, 1,100 holding "vx" (more than the 1,000 a short text in most customers is counted up to, decision 104)
    const made = await t.db
      .insert(customers)
      .values(
        Array.from({ length: 1_100 }, (_, i) => ({
          name: `${["Ann", "Ben", "Lee"][i % 3]} Vxen ${i}`,
          businessType: ["Bank", "Hedge Fund", "Credit Union"][i % 3]!,
          contactPerson: i % 50 ? "Hall" : "Kjw Rare",
          lastLoginAt: i % 4 ? new Date(base + Math.floor(i / 3) * 60_000) : null,
        })),
      )
      .returning({ id: customers.id });
    const expected = async (q: string, type: string | undefined, page: number) => {
      const where = sql`${inTheFields(q)} and ${type ? sql`${customers.businessType} = ${type}` : sql`1`}`;
      const [count] = await t.db.all<{ n: number }>(sql`select count(*) as n from ${customers} where ${where}`);
      const at = Math.min(page, Math.max(1, Math.ceil(count!.n / 25)));
      const ids = await t.db.all<{ id: number }>(sql`select ${customers.id} as id from ${customers} where ${where} order by ${customers.lastLoginAt} desc nulls last, ${customers.id} asc limit 25 offset ${(at - 1) * 25}`);
      return { ids: ids.map((r) => r.id), total: count!.n, page: at };
    };
    const [all] = await t.db.all<{ n: number }>(sql`select count(*) as n from ${customers} where ${inTheFields("vx")}`);
    expect(all!.n).toBe(1_100);
    // page: what the table says; the count shown is the matches up to the cap, or up to the page's end past it
    const cases: Array<[string, string | undefined, number, { total: number; more: boolean }]> = [
      ["vx", undefined, 1, { total: 1_000, more: true }],
      ["VX", undefined, 2, { total: 1_000, more: true }],
      ["vx", undefined, 41, { total: 1_025, more: true }],
      ["vx", undefined, 44, { total: 1_100, more: false }],
      ["vx", undefined, 45, { total: 1_100, more: false }],
      // a filter that leaves fewer than the cap, and a rare text: exact
      ["vx", "Bank", 1, { total: 367, more: false }],
      ["kj", undefined, 1, { total: 22, more: false }],
    ];
    for (const [q, type, page, shown] of cases) {
      const want = await expected(q, type, page);
      // asked twice: the first search learns how densely the text is found, the second reads by it
      for (const time of ["first", "again"]) {
        const found = await listCustomers(t.db, { q, filters: type ? { type } : {}, sort: "lastLogin", desc: true, page, pageSize: 25 });
        expect({ ids: found.rows.map((r) => r.customerId), total: found.total, more: found.more, page: found.page }, `${q} ${type} page ${page} ${time}`).toEqual({
          ids: want.ids,
          page: want.page,
          ...shown,
        });
      }
    }
    // a text of three letters or more, and no text, are counted exactly as before
    for (const q of ["vxen", undefined]) {
      const found = await listCustomers(t.db, { q, pageSize: 25 });
      expect({ q, more: found.more, total: found.total }).toEqual({ q, more: false, total: q ? 1_100 : (await t.db.$count(customers)) });
    }
    await t.db.delete(customers).where(inArray(customers.id, made.map((m) => m.id)));
  });
});
