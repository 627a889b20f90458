import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { parseEnv, type Env } from "~/.server/env";
import { customers, outbox, projects, savedSearches, users, type User } from "~/.server/db/schema";
import { readAlertsUnsubscribeToken } from "~/.server/unsubscribe-token";
import { canonicalQuery, SAVED_SEARCH_LIMIT } from "~/lib/saved-searches";
import { makeUser } from "~/seed/factories";
import { DIGEST_MATCHES_PER_SEARCH, DIGEST_SUBJECT, fanOutDueDigests, sendDigest, sendDueDigests } from "./saved-search-digests.server";
import { queuedMessage } from "./outbox.server";
import { DIGEST_RECHECK_MS, deleteSavedSearch, digestRecorded, listSavedSearches, saveSearch, setSearchAlerts, stopAlerts } from "./saved-searches.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let seller: User;
const env = { ...parseEnv({}), SESSION_SECRET: "test-secret", APP_URL: "https://market.test" } as Env;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
});
afterAll(() => t.cleanup());

async function listing(values: Partial<typeof projects.$inferInsert> & { projectName: string; updatedAt: Date }) {
  const [row] = await t.db
    .insert(projects)
    .values({ sellerId: seller.id, kind: "limited_company", status: "published", industry: "Energy", location: "West", size: 3_000_000, publishedAt: values.updatedAt, ...values })
    .returning();
  return row!;
}

async function saved(user: User, name: string, filters: Record<string, string>) {
  const outcome = await saveSearch(t.db, { userId: user.id, name, query: canonicalQuery(filters) });
  if (!outcome.saved) throw new Error(outcome.problem);
  return outcome.id;
}

const digestsTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.recipient, email));

describe("saved searches", () => {
  it("keeps a member's searches by a unique name, up to the limit, and only the member changes or deletes them", async () => {
    const buyer = await makeUser(t.db);
    const other = await makeUser(t.db);
    const id = await saved(buyer, "Western energy", { industry: "Energy", region: "West", status: "Any", q: "" });
    expect(await listSavedSearches(t.db, { userId: buyer.id })).toMatchObject([{ id, name: "Western energy", query: "industry=Energy&region=West", alerts: true }]);
    expect(await saveSearch(t.db, { userId: buyer.id, name: "western ENERGY", query: "" })).toEqual({ saved: false, problem: "duplicate" });
    // another member may use the same name
    expect((await saveSearch(t.db, { userId: other.id, name: "Western energy", query: "" })).saved).toBe(true);
    for (let i = 1; i < SAVED_SEARCH_LIMIT; i++) await saved(buyer, `Search ${i}`, {});
    expect(await saveSearch(t.db, { userId: buyer.id, name: "One too many", query: "" })).toEqual({ saved: false, problem: "limit" });

    expect(await setSearchAlerts(t.db, { userId: other.id, searchId: id, alerts: false })).toBe(false);
    expect(await deleteSavedSearch(t.db, { userId: other.id, searchId: id })).toBe(false);
    expect(await setSearchAlerts(t.db, { userId: buyer.id, searchId: id, alerts: false })).toBe(true);
    expect((await listSavedSearches(t.db, { userId: buyer.id })).find((s) => s.id === id)).toMatchObject({ alerts: false });
    expect(await deleteSavedSearch(t.db, { userId: buyer.id, searchId: id })).toBe(true);
    expect((await listSavedSearches(t.db, { userId: buyer.id })).some((s) => s.id === id)).toBe(false);
    // deleted already, another member's, or never there: all alike, nothing written (the page tells its own deleted search apart)
    expect(await deleteSavedSearch(t.db, { userId: buyer.id, searchId: id })).toBe(false);
    const [theirs] = await listSavedSearches(t.db, { userId: other.id });
    expect(await deleteSavedSearch(t.db, { userId: buyer.id, searchId: theirs!.id })).toBe(false);
    expect(await setSearchAlerts(t.db, { userId: buyer.id, searchId: id, alerts: true })).toBe(false);
    expect(await setSearchAlerts(t.db, { userId: buyer.id, searchId: theirs!.id, alerts: false })).toBe(false);
    expect((await listSavedSearches(t.db, { userId: other.id }))[0]!.alerts).toBe(true);
  });

  it("holds the limit when the last free places are taken at once: two saves of different names, one refused", async () => {
    const buyer = await makeUser(t.db);
    for (let i = 1; i < SAVED_SEARCH_LIMIT; i++) await saved(buyer, `Search ${i}`, {});
    const outcomes = await Promise.all([
      saveSearch(t.db, { userId: buyer.id, name: "Last place", query: "" }),
      saveSearch(t.db, { userId: buyer.id, name: "One too many", query: "" }),
    ]);
    expect(outcomes.filter((o) => o.saved)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.saved)).toEqual([{ saved: false, problem: "limit" }]);
    expect(await t.db.$count(savedSearches, eq(savedSearches.userId, buyer.id))).toBe(SAVED_SEARCH_LIMIT);
  });
});

describe("saved-search digests", () => {
  it("e-mails what the search finds and the member may see, published after it was saved: once, and again only once changed", async () => {
    const buyer = await makeUser(t.db);
    await saved(buyer, "Energy out west", { industry: "Energy", region: "West" });
    const base = Date.now() + 1000;
    const fresh = await listing({ projectName: "Sagebrush solar receivables", updatedAt: new Date(base) });
    await listing({ projectName: "Sagebrush draft pool", status: "draft", updatedAt: new Date(base) });
    await listing({ projectName: "Sagebrush withdrawn pool", status: "withdrawn", updatedAt: new Date(base) });
    await listing({ projectName: "Sagebrush retail pool", industry: "Retail", updatedAt: new Date(base) });

    await sendDueDigests(t.db, env, { now: base + 1000 });
    const [digest, ...others] = await digestsTo(buyer.email);
    expect(others).toEqual([]);
    expect(digest!.subject).toBe(DIGEST_SUBJECT);
    expect(digest!.body).toContain("Energy out west (industry Energy, region West): 1 listing");
    expect(digest!.body).toContain(`- Sagebrush solar receivables: Energy, West, $3.0M\n  https://market.test/projects/more-details/${fresh.id}`);
    expect(digest!.body).not.toMatch(/draft pool|withdrawn pool|retail pool/);
    expect(digest!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(digest!.headers!["List-Unsubscribe"]).toMatch(/^<https:\/\/market\.test\/unsubscribe\/alerts\/[\w-]+\.[\w-]+\/one-click>$/);

    // a day later, nothing new: no e-mail; even with the window reopened, what was reported is not reported again
    await sendDueDigests(t.db, env, { now: base + 25 * HOUR });
    await t.db.update(savedSearches).set({ lastDigestAt: null, checkedAt: null }).where(eq(savedSearches.userId, buyer.id));
    await sendDueDigests(t.db, env, { now: base + 26 * HOUR });
    expect(await digestsTo(buyer.email)).toHaveLength(1);
    // the listing changes: reported again, in the next day's digest, not before
    await t.db.update(projects).set({ waInterest: 7.5, updatedAt: new Date(base + 27 * HOUR) }).where(eq(projects.id, fresh.id));
    await sendDueDigests(t.db, env, { now: base + 28 * HOUR });
    expect(await digestsTo(buyer.email)).toHaveLength(2);
    expect((await digestsTo(buyer.email)).at(-1)!.body).toContain("Sagebrush solar receivables: Energy, West, $3.0M, 7.50% rate");
    await t.db.update(projects).set({ updatedAt: new Date(base + 29 * HOUR) }).where(eq(projects.id, fresh.id));
    await sendDueDigests(t.db, env, { now: base + 30 * HOUR });
    expect(await digestsTo(buyer.email)).toHaveLength(2);
  });

  it("names a listing two of the member's searches find once, under the first, and counts it there only", async () => {
    const buyer = await makeUser(t.db);
    await saved(buyer, "Harbour word", { q: "harbourline" });
    await saved(buyer, "Harbour energy", { q: "harbourline", industry: "Energy" });
    const base = Date.now() + 1000;
    await listing({ projectName: "Harbourline tidal receivables", updatedAt: new Date(base) });
    await listing({ projectName: "Harbourline retail notes", industry: "Retail", updatedAt: new Date(base) });
    await sendDueDigests(t.db, env, { now: base + 1000 });
    const [digest] = await digestsTo(buyer.email);
    expect(digest!.body.match(/- Harbourline tidal receivables/g)).toHaveLength(1);
    expect(digest!.body).toContain("Harbour word (“harbourline”): 2 listings");
    // the second search found nothing the first had not: no block of its own
    expect(digest!.body).not.toContain("Harbour energy (");
    // reported for both: a window reopened finds nothing new for either
    await t.db.update(savedSearches).set({ lastDigestAt: null, checkedAt: null }).where(eq(savedSearches.userId, buyer.id));
    await sendDueDigests(t.db, env, { now: base + 2 * HOUR });
    expect(await digestsTo(buyer.email)).toHaveLength(1);
  });

  it("sends nothing to a member who is no longer a buyer or broker, nor to one who is disabled", async () => {
    const gone = await makeUser(t.db);
    const former = await makeUser(t.db);
    await saved(gone, "Pines", { q: "pinewood" });
    await saved(former, "Pines", { q: "pinewood" });
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, gone.id));
    await t.db.update(users).set({ roles: ["ROLE_SELLER"] }).where(eq(users.id, former.id));
    const base = Date.now() + 1000;
    await listing({ projectName: "Pinewood timber loans", updatedAt: new Date(base) });
    await sendDueDigests(t.db, env, { now: base + 1000 });
    expect(await digestsTo(gone.email)).toEqual([]);
    expect(await digestsTo(former.email)).toEqual([]);
  });

  it("tells a member who also sells nothing of their own listings, however many of them changed", async () => {
    const both = await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] });
    const onlyOwn = await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] });
    await saved(both, "Larches", { q: "larchmere" });
    await saved(onlyOwn, "Spruces", { q: "sprucemere" });
    const base = Date.now() + 1000;
    // more of their own than a digest names: the others' listing is not crowded out by them
    for (let i = 0; i <= DIGEST_MATCHES_PER_SEARCH; i++) await listing({ projectName: `Larchmere own pool ${i}`, sellerId: both.id, updatedAt: new Date(base + i) });
    const theirs = await listing({ projectName: "Larchmere forestry notes", updatedAt: new Date(base) });
    await listing({ projectName: "Sprucemere own pool", sellerId: onlyOwn.id, updatedAt: new Date(base) });
    await sendDueDigests(t.db, env, { now: base + 1000 });
    const [digest, ...others] = await digestsTo(both.email);
    expect(others).toEqual([]);
    expect(digest!.body).toContain(`Larches (“larchmere”): 1 listing\n- Larchmere forestry notes: Energy, West, $3.0M\n  https://market.test/projects/more-details/${theirs.id}\n`);
    expect(digest!.body).not.toContain("own pool");
    expect(digest!.body).not.toContain("And more");
    expect(await digestsTo(onlyOwn.email)).toEqual([]);
  });

  it("tells a member nothing of their company's listings, a colleague's no more than their own", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Hemlock Partners", customerType: "buyer" }).returning();
    const member = async (roles: string[]) =>
      (await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, (await makeUser(t.db, { roles })).id)).returning())[0]!;
    const both = await member(["ROLE_SELLER", "ROLE_BUYER"]);
    const colleague = await member(["ROLE_SELLER"]);
    await saved(both, "Hemlocks", { q: "hemlockmere" });
    const base = Date.now() + 1000;
    await listing({ projectName: "Hemlockmere colleague pool", sellerId: colleague.id, updatedAt: new Date(base) });
    await listing({ projectName: "Hemlockmere own pool", sellerId: both.id, updatedAt: new Date(base) });
    await listing({ projectName: "Hemlockmere forestry notes", updatedAt: new Date(base) });
    await sendDueDigests(t.db, env, { now: base + 1000 });
    const [digest] = await digestsTo(both.email);
    expect(digest!.body).toContain("Hemlocks (“hemlockmere”): 1 listing\n- Hemlockmere forestry notes");
    expect(digest!.body).not.toContain("pool");
  });

  it("sends one digest when two runs overlap", async () => {
    const buyer = await makeUser(t.db);
    await saved(buyer, "Quarry", { q: "quarrystone" });
    const base = Date.now() + 1000;
    await listing({ projectName: "Quarrystone equipment notes", updatedAt: new Date(base) });
    await Promise.all([sendDueDigests(t.db, env, { now: base + 1000 }), sendDueDigests(t.db, env, { now: base + 1000 })]);
    expect(await digestsTo(buyer.email)).toHaveLength(1);
  });

  it("writes several members' digests in one commit, and reads no count of a search's listings, only whether there are more than it names", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => makeUser(t.db)));
    const base = Date.now() + 1000;
    // "Lumenvale" finds 21 listings, one more than a digest names; "Lumenvale" with Retail exactly 20
    for (let i = 0; i <= DIGEST_MATCHES_PER_SEARCH; i++) await listing({ projectName: `Lumenvale pool ${i}`, industry: i < DIGEST_MATCHES_PER_SEARCH ? "Retail" : "Energy", updatedAt: new Date(base + i) });
    for (const [i, member] of members.entries()) await saved(member, "Lumenvale", i === 0 ? { q: "lumenvale" } : { q: "lumenvale", industry: "Retail" });
    const batches: string[][] = [];
    const batch = t.client.batch.bind(t.client);
    t.client.batch = ((statements: Array<string | { sql: string }>, mode?: never) => (batches.push(statements.map((st) => (typeof st === "string" ? st : st.sql))), batch(statements as never, mode))) as typeof t.client.batch;
    let sent: Array<{ sql: string }> = [];
    try {
      sent = await statementsSentBy(t.client, () => sendDueDigests(t.db, env, { now: base + 1000 }));
    } finally {
      t.client.batch = batch;
    }
    const digests = await Promise.all(members.map(async (m) => (await digestsTo(m.email)).map((d) => d.body)));
    expect(digests.map((d) => d.length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(digests[0]![0]).toMatch(/Lumenvale \(“lumenvale”\): 20 listings[\s\S]*And more: https:\/\/market\.test\/buyers\/search\?q=lumenvale/);
    expect(digests[1]![0]).toContain("Lumenvale (“lumenvale”, industry Retail): 20 listings");
    expect(digests[1]![0]).not.toContain("And more");
    // the six written in two commits (five, then one), not six
    const writes = batches.filter((b) => b.some((st) => st.startsWith('insert into "outbox"')));
    expect(writes.map((b) => b.filter((st) => st.startsWith('insert into "outbox"')).length)).toEqual([5, 1]);
    expect(sent.filter((st) => /select count\(\*\) from "projects"/.test(st.sql))).toEqual([]);
  });

  it("stops one search's alerts from its own link, the member's other searches still alerting", async () => {
    const buyer = await makeUser(t.db, { roles: ["ROLE_BROKER"] });
    await saved(buyer, "Orchards", { q: "orchardine" });
    await saved(buyer, "Vineyards", { q: "vineyardine" });
    const base = Date.now() + 1000;
    await listing({ projectName: "Orchardine receivables", updatedAt: new Date(base) });
    await listing({ projectName: "Vineyardine receivables", updatedAt: new Date(base) });
    await sendDueDigests(t.db, env, { now: base + 1000 });
    const [first] = await digestsTo(buyer.email);
    const link = /Stop alerts for "Orchards": https:\/\/market\.test\/unsubscribe\/alerts\/(\S+)/.exec(first!.body)![1]!;
    const claim = (await readAlertsUnsubscribeToken(env.SESSION_SECRET, link))!;
    await stopAlerts(t.db, claim);

    await listing({ projectName: "Orchardine second pool", updatedAt: new Date(base + 2 * HOUR) });
    await listing({ projectName: "Vineyardine second pool", updatedAt: new Date(base + 2 * HOUR) });
    await sendDueDigests(t.db, env, { now: base + 25 * HOUR });
    const next = (await digestsTo(buyer.email)).at(-1)!;
    expect(next.id).not.toBe(first!.id);
    expect(next.body).toContain("Vineyardine second pool");
    expect(next.body).not.toContain("Orchardine");
    // a broker's links run the brokers' search
    expect(next.body).toContain("Vineyards (“vineyardine”): 1 listing");
  });
});

describe("saved-search digests through a queue", () => {
  /** The members a run hands on (all due members of the test database: only these tests' own are looked at). */
  async function handed(now: number, options: { pageSize?: number; pages?: number; fail?: boolean } = {}) {
    const pages: number[][] = [];
    await fanOutDueDigests(t.db, {
      now,
      pageSize: options.pageSize,
      pages: options.pages,
      deliver: async (userIds) => {
        if (options.fail) throw new Error("queue unavailable");
        pages.push(userIds);
      },
    });
    return pages;
  }

  it("hands each due member on once a page at a time, the least recently looked at first; the quiet ones again an hour later, not each run", async () => {
    const quiet = await makeUser(t.db);
    const fresh = await makeUser(t.db);
    const off = await makeUser(t.db);
    const disabled = await makeUser(t.db);
    await saved(quiet, "Quiet one", { q: "nothingatallfound" });
    await saved(quiet, "Quiet two", { q: "nothingatallfoundeither" });
    await saved(fresh, "Fresh", { q: "freshwater" });
    const offId = await saved(off, "Off", { q: "freshwater" });
    await setSearchAlerts(t.db, { userId: off.id, searchId: offId, alerts: false });
    await saved(disabled, "Disabled", { q: "freshwater" });
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    const base = Date.now() + 1000;
    // the quiet member was looked at before; the fresh one never
    await t.db.update(savedSearches).set({ checkedAt: new Date(base - 2 * DIGEST_RECHECK_MS) }).where(eq(savedSearches.userId, quiet.id));

    const first = await handed(base, { pageSize: 1 });
    expect(first.every((page) => page.length <= 1)).toBe(true);
    const order = first.flat().filter((id) => [quiet.id, fresh.id, off.id, disabled.id].includes(id));
    expect(order).toEqual([fresh.id, quiet.id]);
    // taken up: the next runs within the hour leave them (a message waiting in the queue is not queued again)
    expect((await handed(base + 5 * 60_000)).flat()).not.toContain(quiet.id);
    expect((await handed(base + DIGEST_RECHECK_MS - 1)).flat()).not.toContain(fresh.id);
    // nothing new for either: an hour on, both are looked at again
    const later = (await handed(base + DIGEST_RECHECK_MS + 1)).flat();
    expect(later).toContain(quiet.id);
    expect(later).toContain(fresh.id);
  });

  it("looks again at the next run at a member held since a listing changed: the change may be their news", async () => {
    const member = await makeUser(t.db);
    await saved(member, "Held", { q: "heldthenchanged" });
    const base = Date.now() + 1000;
    expect((await handed(base)).flat()).toContain(member.id);
    expect((await handed(base + 60_000)).flat()).not.toContain(member.id);
    await listing({ projectName: "Heldthenchanged receivables", updatedAt: new Date(base + 90_000) });
    expect((await handed(base + 120_000)).flat()).toContain(member.id);
    // looked at since the change: held again
    expect((await handed(base + 180_000)).flat()).not.toContain(member.id);
  });

  it("gives back a page the queue refused: the next run hands it on first, nothing skipped", async () => {
    const member = await makeUser(t.db);
    await saved(member, "Refused", { q: "refusedpage" });
    const base = Date.now() + 1000;
    await expect(handed(base, { fail: true })).rejects.toThrow("queue unavailable");
    expect((await handed(base + 60_000)).flat()).toContain(member.id);
  });

  it("sends a member's digest once however often its message is delivered, at once or after the first was written", async () => {
    const member = await makeUser(t.db);
    await saved(member, "Twice", { q: "twicedelivered" });
    const base = Date.now() + 1000;
    await listing({ projectName: "Twicedelivered receivables", updatedAt: new Date(base) });
    const sent = await Promise.all([sendDigest(t.db, env, { userId: member.id, now: base + 1000 }), sendDigest(t.db, env, { userId: member.id, now: base + 1000 })]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    // the message again, after a failure that came once the digest was written (its ack lost)
    expect(await sendDigest(t.db, env, { userId: member.id, now: base + 60_000 })).toBe(false);
    expect(await digestsTo(member.email)).toHaveLength(1);
    // the next day's news is a digest of its own
    await listing({ projectName: "Twicedelivered second pool", updatedAt: new Date(base + 2 * HOUR) });
    expect(await sendDigest(t.db, env, { userId: member.id, now: base + 25 * HOUR })).toBe(true);
    expect(await digestsTo(member.email)).toHaveLength(2);
  });

  it("sends nothing to a member who stopped the alerts or was disabled after the cron took them up", async () => {
    const stopped = await makeUser(t.db);
    const disabled = await makeUser(t.db);
    await saved(stopped, "Stopped", { q: "meanwhilemere" });
    await saved(disabled, "Disabled", { q: "meanwhilemere" });
    const base = Date.now() + 1000;
    await listing({ projectName: "Meanwhilemere loans", updatedAt: new Date(base) });
    const queued = (await handed(base + 1000)).flat();
    expect(queued).toEqual(expect.arrayContaining([stopped.id, disabled.id]));
    await stopAlerts(t.db, { userId: stopped.id });
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    expect(await sendDigest(t.db, env, { userId: stopped.id, now: base + 2000 })).toBe(false);
    expect(await sendDigest(t.db, env, { userId: disabled.id, now: base + 2000 })).toBe(false);
    expect(await digestsTo(stopped.email)).toEqual([]);
    expect(await digestsTo(disabled.email)).toEqual([]);
  });

  it("takes the digest's outbox row out again in its own batch when the alerts were stopped after the searches were read", async () => {
    const member = await makeUser(t.db);
    const searchId = await saved(member, "Late stop", { q: "latestop" });
    await stopAlerts(t.db, { searchId });
    const now = Date.now();
    await t.db.batch([
      queuedMessage(t.db, { channel: "email", recipient: member.email, subject: DIGEST_SUBJECT, body: "-" }, now),
      ...digestRecorded(t.db, { searchIds: [searchId], reported: [], now }),
    ] as unknown as Parameters<typeof t.db.batch>[0]);
    expect(await digestsTo(member.email)).toEqual([]);
  });
});
