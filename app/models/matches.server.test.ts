import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@libsql/client";
import { createTestDatabase, explained } from "../../tests/support/db";
import { registerOffThreadWriter } from "~/.server/db/off-thread";
import { WriteThreadClient } from "~/.server/db/write-thread";
import { schema, type Database } from "~/.server/db";
import { contracts, customers, dailyProjectLooks, matches, messages, offers, projectInvitations, projects, recentlyViewed, users, type User } from "~/.server/db/schema";
import { DEFAULT_WEIGHTS } from "~/lib/match-score";
import { makeUser } from "~/seed/factories";
import { saveCriteria } from "./buyer-criteria.server";
import { deleteOrAnonymiseCustomer, setCustomerEnabled, updateCustomer } from "./customer-accounts.server";
import {
  COMPANIES_A_READ,
  customerMatches,
  customerMatchesPage,
  matchableCriteria,
  matchWeights,
  projectMatches,
  projectMatchesFor,
  sellerMatchesFor,
  recomputeCustomerMatches,
  recomputeProjectMatches,
} from "./matches.server";
import { recomputeAllMatches, saveMatchWeights } from "./match-rescoring.server";
import { likelyBidders } from "./likely-bidders.server";
import { recomputeResponsiveness } from "./responsiveness.server";
import { reviewProject } from "./projects.server";
import { pruneDailyLooks } from "./project-looks.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let seller: User;
let admin: User;
let health: number;
let energy: number;
let any: number;
let published: number;
let submitted: number;

async function customer(name: string, preferences: object) {
  const [row] = await t.db.insert(customers).values({ name, preferences }).returning();
  return row!.id;
}
async function project(values: Partial<typeof projects.$inferInsert>) {
  const [row] = await t.db
    .insert(projects)
    .values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "P", industry: "Healthcare", location: "Midwest", state: "IL", size: 7_000_000, term: "Performing", ...values })
    .returning();
  return row!.id;
}
const scores = async (projectId: number) =>
  Object.fromEntries((await t.db.select().from(matches).where(eq(matches.projectId, projectId))).map((m) => [m.customerId, m.score]));

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
  // the form's spelling (labels) and the demo market's (codes, band keys) both count
  health = await customer("Health Credit", { industryPreferences: ["Healthcare"], statePreferences: ["Illinois"], transactionScalePreferences: ["$5-$10m"] });
  energy = await customer("Energy Capital", { industryPreferences: ["Energy"], statePreferences: ["TX"], transactionScalePreferences: ["gt500m"] });
  any = await customer("Open Fund", { industryPreferences: ["No Preferred Industry"], performingLoanPreference: "Either", transactionScalePreferences: ["5-10m"] });
  published = await project({});
  submitted = await project({ status: "submitted" });
});
afterAll(() => t.cleanup());

describe("recomputing matches", () => {
  it("scores a published project for the buyers it fits, best first, with reasons", async () => {
    await recomputeProjectMatches(t.db, { projectId: published });
    const s = await scores(published);
    expect(Object.keys(s).map(Number).sort()).toEqual([health, any].sort());
    expect(s[health]).toBe(55);
    const page = await projectMatches(t.db, { projectId: published });
    expect(page.total).toBe(2);
    expect(page.rows[0]).toMatchObject({ customerName: "Health Credit", score: 55 });
    expect(page.rows[0]).not.toHaveProperty("total");
    // a page of one shows one buyer of two; past the last page the count still says two
    expect(await projectMatches(t.db, { projectId: published, pageSize: 1, page: 2 })).toMatchObject({ total: 2, rows: [{ score: s[any] }] });
    expect(await projectMatches(t.db, { projectId: published, pageSize: 1, page: 5 })).toMatchObject({ total: 2, rows: [] });
    expect(page.rows[0]!.reasons).toEqual([
      { reason: "Industry: Healthcare", points: 25 },
      { reason: "State: IL", points: 15 },
      { reason: "Size band: $5-$10m", points: 15 },
    ]);
  });

  it("keeps no matches for a project buyers may not see, and finds them once it is published", async () => {
    await recomputeProjectMatches(t.db, { projectId: submitted });
    expect(await scores(submitted)).toEqual({});
    await reviewProject(t.db, submitted, "publish");
    await recomputeProjectMatches(t.db, { projectId: submitted });
    expect(Object.keys(await scores(submitted))).toHaveLength(2);
    await t.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, submitted));
    await recomputeProjectMatches(t.db, { projectId: submitted });
    expect(await scores(submitted)).toEqual({});
  });

  it("a project edit changes its matches", async () => {
    await t.db.update(projects).set({ industry: "Energy", state: "TX", size: 900_000_000 }).where(eq(projects.id, published));
    await recomputeProjectMatches(t.db, { projectId: published });
    const s = await scores(published);
    expect(s[energy]).toBe(55);
    expect(s[health]).toBeUndefined();
    await t.db.update(projects).set({ industry: "Healthcare", state: "IL", size: 7_000_000 }).where(eq(projects.id, published));
    await recomputeProjectMatches(t.db, { projectId: published });
  });

  it("new criteria change one customer's matches", async () => {
    const values = {
      industryPreferences: ["Healthcare"],
      statePreferences: [],
      borrowerLocationPreferences: [],
      transactionScalePreferences: [],
      performingLoanPreference: "" as const,
      investmentPref: [],
      transactionPref: [],
      buyerType: "",
      investmentCriteria: "",
    };
    await saveCriteria(t.db, { customerId: energy, values, actor: admin });
    await recomputeCustomerMatches(t.db, { customerId: energy });
    expect(await customerMatches(t.db, { customerId: energy })).toEqual([
      expect.objectContaining({ projectId: published, score: 25, reasons: [{ reason: "Industry: Healthcare", points: 25 }] }),
    ]);
  });

  /**
   * Runs `write` as the Node server would: on its own connection's handle, with the write thread
   * registered for its long writes. Whether the event loop turned while it ran: on the request's
   * connection libsql's statements end within the turn they were asked in (a save at 100,000
   * listings held every other request 0.6-2.2 s, decision 085).
   */
  async function turnedWhileWriting(write: (db: Database) => Promise<unknown>) {
    const db = drizzle(t.client, { schema }) as unknown as Database;
    const thread = new WriteThreadClient(t.url, t.client);
    registerOffThreadWriter(db, drizzle(thread as unknown as Client, { schema }) as unknown as Database);
    try {
      let turned = false;
      setImmediate(() => (turned = true));
      await write(db);
      return turned;
    } finally {
      await thread.close();
    }
  }

  it("on Node, writes a company's new matches on the write thread: the server answers others meanwhile, and the rows are the same", async () => {
    const before = await customerMatches(t.db, { customerId: energy });
    await t.db.delete(matches).where(eq(matches.customerId, energy));
    expect(await turnedWhileWriting((db) => recomputeCustomerMatches(db, { customerId: energy }))).toBe(true);
    expect(await customerMatches(t.db, { customerId: energy })).toEqual(before);
  });

  it("on Node, writes a listing's new matches on the write thread too: the server answers others meanwhile, and the rows are the same", async () => {
    const before = await projectMatches(t.db, { projectId: published });
    await t.db.delete(matches).where(eq(matches.projectId, published));
    expect(await turnedWhileWriting((db) => recomputeProjectMatches(db, { projectId: published }))).toBe(true);
    expect(await projectMatches(t.db, { projectId: published })).toEqual(before);
  });

  it("scoring a listing for thousands of buyer companies lets the server answer others between every thousand", async () => {
    const own = await createTestDatabase();
    try {
      for (let from = 0; from < 2_500; from += 250)
        await own.db.insert(customers).values(Array.from({ length: 250 }, (_, i) => ({ name: `Fund ${from + i}`, preferences: { industryPreferences: ["Healthcare"] } })));
      const [listing] = await own.db
        .insert(projects)
        .values({ sellerId: (await makeUser(own.db, { roles: ["ROLE_SELLER"] })).id, kind: "loan_pool", status: "published", projectName: "Pool", industry: "Healthcare", location: "Midwest", state: "IL", size: 7_000_000, term: "Performing" })
        .returning();
      let turns = 0;
      const ticking = setInterval(() => turns++, 0);
      try {
        expect(await recomputeProjectMatches(own.db, { projectId: listing!.id })).toBe(2_500);
      } finally {
        clearInterval(ticking);
      }
      expect(turns).toBeGreaterThanOrEqual(1);
    } finally {
      own.cleanup();
    }
  });

  it("reads the companies' criteria a few thousand at a time, in order, with other requests answered between reads", async () => {
    const own = await createTestDatabase();
    try {
      const companies = COMPANIES_A_READ + 10;
      for (let from = 0; from < companies; from += 500)
        await own.db.insert(customers).values(Array.from({ length: Math.min(500, companies - from) }, (_, i) => ({ name: `Fund ${from + i}`, preferences: { industryPreferences: ["Energy"] } })));
      // one that is not matched: its criteria are not read
      await own.db.insert(customers).values({ name: "Seller Co", customerType: "seller", preferences: { industryPreferences: ["Energy"] } });
      let turned = false;
      setImmediate(() => (turned = true));
      const read = await matchableCriteria(own.db);
      expect(turned).toBe(true);
      expect(read).toHaveLength(companies);
      expect(read.map((c) => c.id)).toEqual([...read.map((c) => c.id)].sort((a, b) => a - b));
      expect(read[0]!.criteria.industryPreferences).toEqual(["Energy"]);
    } finally {
      own.cleanup();
    }
  });

  it("counts signed NDAs on projects of the same industry as past behaviour", async () => {
    const [member] = await t.db.update(users).set({ customerId: energy }).where(eq(users.id, (await makeUser(t.db)).id)).returning();
    const other = await project({ status: "sold" });
    await t.db.insert(contracts).values({ projectId: other, buyerId: member!.id, envelopeId: "env-behaviour", documentKey: "k", documentSha256: "s", requestedAt: new Date(), signedAt: new Date() });
    await recomputeProjectMatches(t.db, { projectId: published });
    const [row] = await t.db.select().from(matches).where(eq(matches.customerId, energy));
    expect(row!.reasons).toContainEqual({ reason: "Signed 1 NDA on similar projects", points: 3 });
  });

  it("new weights are stored, audited and applied to every match", async () => {
    expect(await matchWeights(t.db)).toEqual(DEFAULT_WEIGHTS);
    const weights = { ...DEFAULT_WEIGHTS, industry: 0 };
    await saveMatchWeights(t.db, { weights, actor: admin });
    expect(await matchWeights(t.db)).toEqual(weights);
    expect((await scores(published))[energy]).toBeUndefined();
    await saveMatchWeights(t.db, { weights: DEFAULT_WEIGHTS, actor: admin });
    await recomputeAllMatches(t.db);
    const all = await scores(published);
    expect(all[health]).toBeGreaterThan(0);
    await recomputeProjectMatches(t.db, { projectId: published });
    expect(await scores(published)).toEqual(all);
  });

  it("never matches a company that also sells to its own members' listings, however the matches are written", async () => {
    const both = await customer("Crossroads Both Ways", { industryPreferences: ["Healthcare"], statePreferences: ["Illinois"], transactionScalePreferences: ["$5-$10m"] });
    const member = await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] });
    await t.db.update(users).set({ customerId: both }).where(eq(users.id, member.id));
    const own = await project({ sellerId: member.id, projectName: "Own healthcare pool" });
    const ofBoth = async () => (await t.db.select({ projectId: matches.projectId }).from(matches).where(eq(matches.customerId, both))).map((m) => m.projectId);

    // the listing's own scoring: the other companies that fit, not the seller's
    await recomputeProjectMatches(t.db, { projectId: own });
    expect(await scores(own)).toHaveProperty(String(health));
    expect(await scores(own)).not.toHaveProperty(String(both));
    // the company's own scoring: the others' listing that fits, not its own
    await recomputeCustomerMatches(t.db, { customerId: both });
    expect(await ofBoth()).toContain(published);
    expect(await ofBoth()).not.toContain(own);
    // every match scored again (new weights, an upload)
    await recomputeAllMatches(t.db);
    expect(await ofBoth()).toContain(published);
    expect(await ofBoth()).not.toContain(own);
    expect(await scores(own)).toHaveProperty(String(health));
    // a pair stored before the writers left it out goes with migration 0095, the company's other matches and
    // the listing's other companies kept; each pair found by the matches' key
    await t.db.insert(matches).values({ projectId: own, customerId: both, score: 90, reasons: [], computedAt: new Date() });
    const migration = fs.readFileSync(path.resolve(__dirname, "../../migrations/0095_drop_matches_of_a_company_with_its_own_listings.sql"), "utf8");
    const plan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${migration.replace(/^--.*$/gm, "").trim().replace(/;$/, "")}`, args: [] })).rows.map((r) => String(r.detail)).join(" ; ");
    expect(plan).toMatch(/SEARCH matches USING COVERING INDEX \S+ \(project_id=\? AND customer_id=\?\)/);
    await t.db.run(sql.raw(migration));
    expect(await ofBoth()).toContain(published);
    expect(await ofBoth()).not.toContain(own);
    expect(await scores(own)).toHaveProperty(String(health));
    // a draft's buyers likely to bid leave the seller's company out too
    const [draft] = await t.db.select().from(projects).where(eq(projects.id, own));
    await t.db.update(customers).set({ businessType: "Crossroads Type" }).where(eq(customers.id, both));
    const types = async (sellerId: number) => (await likelyBidders(t.db, { project: { ...draft!, sellerId } })).map((b) => b.businessType);
    expect(await types(seller.id)).toContain("Crossroads Type");
    expect(await types(member.id)).not.toContain("Crossroads Type");
    expect((await types(member.id)).length).toBeGreaterThan(0);
    await t.db.delete(matches).where(eq(matches.customerId, both));
    await t.db.delete(matches).where(eq(matches.projectId, own));
    await t.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, own));
    await t.db.update(customers).set({ enabled: false }).where(eq(customers.id, both));
  });

  it("shows a company none of its members' listings among its best matches, a member attached after they were stored too", async () => {
    const joining = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const theirs = await project({ sellerId: joining.id, projectName: "Joining member's pool" });
    await recomputeProjectMatches(t.db, { projectId: theirs });
    expect((await customerMatches(t.db, { customerId: health })).map((m) => m.projectId)).toContain(theirs);
    // the seller joins the buyer company (an admin's attach, the onboarding chat): its home and the API no longer offer it
    await t.db.update(users).set({ customerId: health }).where(eq(users.id, joining.id));
    expect((await customerMatches(t.db, { customerId: health })).map((m) => m.projectId)).not.toContain(theirs);
    expect((await customerMatchesPage(t.db, { customerId: health })).rows.map((m) => m.projectId)).toEqual(
      (await customerMatches(t.db, { customerId: health, limit: 100 })).map((m) => m.projectId),
    );
    expect((await customerMatches(t.db, { customerId: health })).map((m) => m.projectId)).toContain(published);
    await t.db.update(users).set({ customerId: null }).where(eq(users.id, joining.id));
    await t.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, theirs));
    await recomputeProjectMatches(t.db, { projectId: theirs });
  });

  it("shows the seller Buyer #n until the company signs the NDA, admins the name, and each company's responsiveness", async () => {
    await recomputeProjectMatches(t.db, { projectId: published });
    const [member] = await t.db.update(users).set({ customerId: health }).where(eq(users.id, (await makeUser(t.db)).id)).returning();
    const day = 86_400_000;
    const now = Date.now();
    // two seller messages in the last 90 days: one answered the next day, one never (37.5 + 25 × 0.38)
    await t.db.insert(messages).values([
      { projectId: published, buyerId: member!.id, senderId: seller.id, body: "Questions?", createdAt: new Date(now - 10 * day) },
      { projectId: published, buyerId: member!.id, senderId: member!.id, body: "Yes", createdAt: new Date(now - 9 * day) },
      { projectId: submitted, buyerId: member!.id, senderId: seller.id, body: "Hello", createdAt: new Date(now - 5 * day) },
    ]);
    await recomputeResponsiveness(t.db, { customerIds: [health] }, now);
    const forSeller = await projectMatchesFor(t.db, { projectId: published, admin: false });
    const top = forSeller.rows.find((r) => r.score === 55)!;
    expect(top).toMatchObject({ customerId: null, customerName: null, label: expect.stringMatching(/^Buyer #\d+$/), responsivenessScore: 47 });
    // a company asked nothing yet has no score, and says why
    expect(forSeller.rows.filter((r) => r !== top).length).toBeGreaterThan(0);
    for (const other of forSeller.rows.filter((r) => r !== top)) expect(other).toMatchObject({ responsivenessScore: null, responsivenessReason: "No requests in the last 90 days." });
    expect((await projectMatchesFor(t.db, { projectId: published, admin: true })).rows.map((r) => r.label)).toContain("Health Credit");
    await t.db.insert(contracts).values({ projectId: published, buyerId: member!.id, envelopeId: "env-reveal", documentKey: "k", documentSha256: "s", requestedAt: new Date(), signedAt: new Date() });
    const after = await projectMatchesFor(t.db, { projectId: published, admin: false });
    expect(after.rows.find((r) => r.customerId === health)).toMatchObject({ customerName: "Health Credit", ndaStatus: "Requested" });
    // the seller's own list: the same buyers, names and responsiveness, without where each stands on the project
    const list = await sellerMatchesFor(t.db, { projectId: published });
    expect(list.total).toBe(after.total);
    expect(list.rows).toEqual(
      after.rows.map((r) => ({ label: r.label, businessType: r.businessType, customerSize: r.customerSize, score: r.score, reasons: r.reasons, responsivenessScore: r.responsivenessScore, responsivenessReason: r.responsivenessReason })),
    );
    expect(list.rows.map((r) => r.label)).toContain("Health Credit");
  });

  it("shows where each matched company stands on the project, from whichever of its members acted", async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
    const projectId = await project({ projectName: "Where they stand" });
    const [active, quiet] = await Promise.all([customer("Active Co", {}), customer("Quiet Co", {})]);
    await t.db.insert(matches).values([active, quiet].map((customerId, i) => ({ projectId, customerId, score: 90 - i, reasons: [], computedAt: at(1) })));
    const [viewer, signer, outsider] = await Promise.all([makeUser(t.db), makeUser(t.db), makeUser(t.db)]);
    await t.db.update(users).set({ customerId: active, lastLoginAt: at(20) }).where(eq(users.id, viewer.id));
    await t.db.update(users).set({ customerId: active, lastLoginAt: at(21) }).where(eq(users.id, signer.id));
    await t.db.insert(recentlyViewed).values({ userId: viewer.id, projectId, viewedAt: at(2) });
    const nda = { projectId, documentKey: "k", documentSha256: "s" };
    await t.db.insert(contracts).values([
      { ...nda, buyerId: viewer.id, envelopeId: `e-${projectId}-1`, ndaStatus: "Requested", requestedAt: at(3) },
      { ...nda, buyerId: signer.id, envelopeId: `e-${projectId}-2`, ndaStatus: "NDA Approved", requestedAt: at(4), signedAt: at(4) },
      // a member of no matched company counts for none
      { ...nda, buyerId: outsider.id, envelopeId: `e-${projectId}-3`, ndaStatus: "NDA Approved", requestedAt: at(4), signedAt: at(4) },
    ]);
    const loi = { projectId, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2026-12-31", pdfKey: "p", pdfSha256: "s" };
    await t.db.insert(offers).values([
      { ...loi, buyerId: viewer.id, status: "withdrawn", price: 900_000 },
      { ...loi, buyerId: signer.id, status: "submitted", price: 1_000_000 },
    ]);
    await t.db.insert(dailyProjectLooks).values([
      { kind: "impression", userId: viewer.id, projectId, day: "2026-11-05" },
      { kind: "impression", userId: signer.id, projectId, day: "2026-11-05" },
      { kind: "view", userId: signer.id, projectId, day: "2026-11-05" },
      { kind: "impression", userId: outsider.id, projectId, day: "2026-11-05" },
    ]);
    await t.db.insert(projectInvitations).values({ projectId, customerId: active, recipients: 2, invitedAt: at(6) });

    const { rows } = await projectMatches(t.db, { projectId });
    expect(rows.map(({ customerName, viewedThisProject, ndaStatus, ndaSigned, offerStatus, offerPrice, lastLogin, impression, invitedAt }) => ({ customerName, viewedThisProject, ndaStatus, ndaSigned, offerStatus, offerPrice, lastLogin, impression, invitedAt }))).toEqual([
      {
        customerName: "Active Co",
        viewedThisProject: true,
        // the latest request and the latest offer of any member
        ndaStatus: "NDA Approved",
        ndaSigned: true,
        offerStatus: "submitted",
        offerPrice: 1_000_000,
        lastLogin: at(21).toISOString(),
        impression: 2,
        invitedAt: at(6).toISOString(),
      },
      { customerName: "Quiet Co", viewedThisProject: false, ndaStatus: null, ndaSigned: false, offerStatus: null, offerPrice: null, lastLogin: null, impression: 0, invitedAt: null },
    ]);
    // housekeeping prunes the daily rows: the days shown stay; a new day's look adds one
    await pruneDailyLooks(t.db, Date.parse("2026-11-20T00:00:00Z"));
    await t.db.insert(dailyProjectLooks).values({ kind: "impression", userId: viewer.id, projectId, day: "2026-11-20" });
    expect((await projectMatches(t.db, { projectId })).rows.map((r) => [r.customerName, r.impression])).toEqual([["Active Co", 3], ["Quiet Co", 0]]);
    // sorted by where they stand, a page at a time, each row carrying its own columns
    const sorted = async (sort: "impression" | "customerName" | "lastLogin", desc: boolean) =>
      Promise.all([1, 2].map(async (page) => (await projectMatches(t.db, { projectId, sort, desc, page, pageSize: 1 })).rows.map((r) => [r.customerName, r.impression])[0]));
    expect(await sorted("impression", false)).toEqual([["Quiet Co", 0], ["Active Co", 3]]);
    expect(await sorted("customerName", true)).toEqual([["Quiet Co", 0], ["Active Co", 3]]);
    expect(await sorted("lastLogin", true)).toEqual([["Active Co", 3], ["Quiet Co", 0]]);
    // the seller's list knows the signed NDA only, and names the company for it
    expect((await sellerMatchesFor(t.db, { projectId })).rows.map((r) => r.label)).toEqual(["Active Co", "Buyer #2"]);
    // a page past the last (a made-up ?page=99999) is the last, not "No buyer's criteria match" over a count
    const past = await sellerMatchesFor(t.db, { projectId, page: 99_999, pageSize: 1 });
    expect([past.page, past.total, past.rows.map((r) => r.label)]).toEqual([2, 2, ["Buyer #2"]]);
  });

  it("drops a buyer company disabled, deleted or made a seller from every project's matched buyers, and finds it again once enabled", async () => {
    // no evidence on file: nothing to remove
    const services = { db: t.db, files: { put: async () => {}, get: async () => null, delete: async () => {} } };
    const fund = async (name: string) => customer(name, { industryPreferences: ["Healthcare"], statePreferences: ["Illinois"], transactionScalePreferences: ["$5-$10m"] });
    const [paused, erased, retyped] = [await fund("Paused Credit"), await fund("Erased Credit"), await fund("Retyped Credit")];
    await recomputeProjectMatches(t.db, { projectId: published });
    expect(Object.keys(await scores(published)).map(Number)).toEqual(expect.arrayContaining([paused, erased, retyped]));

    await setCustomerEnabled(services, { actor: admin, customerId: paused, enabled: false });
    expect(await deleteOrAnonymiseCustomer(services, { actor: admin, customerId: erased })).toEqual({ ok: true });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, retyped));
    const values = { customerName: row!.name, customerType: "seller", contactPerson: "", attentionEmail: "", attentionPhone: "", website: "", type: "", size: "", headquarters: "", smsAllowance: 0, comments: "" };
    expect(await updateCustomer(services, { actor: admin, customerId: retyped, values: values as never })).toMatchObject({ ok: true });

    // the admin's table and the seller's list no longer name (or count) them
    const left = (await projectMatches(t.db, { projectId: published, pageSize: 100 })).rows.map((r) => r.customerId);
    expect(left).not.toContain(paused);
    expect(left).not.toContain(erased);
    expect(left).not.toContain(retyped);
    expect((await sellerMatchesFor(t.db, { projectId: published })).total).toBe(left.length);

    await setCustomerEnabled(services, { actor: admin, customerId: paused, enabled: true });
    expect((await scores(published))[paused]).toBe(55);
  });
});

describe("a buyer company's matches a page at a time (GET /api/1.0/matches)", () => {
  it("walks the company's score index, each project read by its key: no page sorts or scans the matches", async () => {
    const logged: Array<{ sql: string; params: unknown[] }> = [];
    const db = drizzle(t.client, { schema, logger: { logQuery: (sql, params) => void logged.push({ sql, params }) } }) as unknown as Database;
    await customerMatchesPage(db, { customerId: health, page: 3 });
    expect(logged).toHaveLength(1);
    const { sql, params } = logged[0]!;
    const plan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${sql}`, args: params })).rows.map((r) => String(r.detail)).join(" ; ");
    expect(plan).toMatch(/SEARCH matches USING INDEX matches_customer_score_idx \(customer_id=\?\)/);
    expect(plan).toMatch(/SEARCH projects USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plan).not.toMatch(/(^|; )SCAN|TEMP B-TREE/);
  });
});
