import fs from "node:fs";
import path from "node:path";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { makeUser } from "~/seed/factories";
import { insertMany } from "~/.server/db/bulk";
import { contracts, messages, offers, pageSessions, projects } from "~/.server/db/schema";
import { SIZE_BANDS } from "~/lib/projects";
import { countedDeals } from "../../tests/support/deal-counts";
import { generateProject, random } from "~/seed/demo-market";
import {
  canSee,
  createDraft,
  findProjectWithSeller,
  findVisibleProject,
  listProjectsForAdmin,
  listSellerDraftPage,
  listSellerProjectPage,
  reviewProject,
  saveDraftStep,
  submitForReview,
} from "./projects.server";
import { ftsQuery, searchProjects, TEXT_COUNT_LIMIT } from "./project-search.server";
import { withdrawProject } from "./project-withdrawal.server";
import type { DealServices } from "./notifications.server";
import type { Database } from "~/.server/db";

const dealServicesOf = (db: Database) => ({ db, env: { SESSION_SECRET: "projects-secret" }, waitUntil: () => {}, origin: "https://market.example" }) as unknown as DealServices;
import { loanTape, tapeCompletenessOf, tapeFieldCountsSql, replaceLoanTape } from "./loan-tapes.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let sellerId = 0;
let otherSellerId = 0;
beforeAll(async () => {
  t = await createTestDatabase();
  sellerId = (await makeUser(t.db, { roles: ["ROLE_SELLER"] })).id;
  otherSellerId = (await makeUser(t.db, { roles: ["ROLE_SELLER"] })).id;
  const r = random(7);
  const now = Date.UTC(2026, 10, 1);
  const rows = Array.from({ length: 300 }, (_, i) => generateProject(r, i, i % 2 ? sellerId : otherSellerId, now)).map(
    ({ loans: _l, ...p }) => p,
  );
  await insertMany(t.db, projects, rows);
});
afterAll(() => t.cleanup());

describe("search", () => {
  it("finds only published and under-offer listings, newest first, a page at a time", async () => {
    const all = await searchProjects(t.db, { pageSize: 100 });
    expect(all.total).toBeGreaterThan(200);
    expect(all.rows).toHaveLength(100);
    expect(all.rows.every((r) => r.status === "published" || r.status === "under_offer")).toBe(true);
    const dates = all.rows.map((r) => r.date!.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const page3 = await searchProjects(t.db, { pageSize: 100, page: 3 });
    expect(page3.rows.length).toBe(all.total - 200);
  });

  it("reads only the columns the member shows, with the id, kind and last change every row needs", async () => {
    const params = { sort: "size" as const, desc: true, pageSize: 50 };
    const whole = await searchProjects(t.db, params);
    const narrow = await searchProjects(t.db, params, { shown: { projectName: true, size: true, term: false, industry: false } });
    expect(narrow.total).toBe(whole.total);
    expect(narrow.rows.map((r) => [r.id, r.kind, r.updatedAt, r.projectName, r.size])).toEqual(whole.rows.map((r) => [r.id, r.kind, r.updatedAt, r.projectName, r.size]));
    expect(narrow.rows.every((r) => !("term" in r) && !("industry" in r) && !("status" in r))).toBe(true);
  });

  it("filters by industry, region, status and transaction size; 'Any' means no filter", async () => {
    const result = await searchProjects(t.db, { industry: "Real Estate", region: "Any", status: "Performing", transactionSize: "1-5m", pageSize: 100 });
    expect(result.total).toBeGreaterThan(0);
    for (const row of result.rows) {
      expect(row.industry).toBe("Real Estate");
      expect(row.term).toBe("Performing");
      expect(row.size!).toBeGreaterThanOrEqual(1_000_000);
      expect(row.size!).toBeLessThan(5_000_000);
    }
    // a search of the same shape with other values (its statements are prepared once) finds those:
    // here the values of a listing the first search did not find
    const listing = (await searchProjects(t.db, { pageSize: 100 })).rows.find((r) => r.industry !== "Real Estate" && r.term && r.size)!;
    const [band, range] = Object.entries(SIZE_BANDS).find(([, b]) => listing.size! >= b.min && (b.max === null || listing.size! < b.max))!;
    const other = await searchProjects(t.db, { industry: listing.industry!, region: "Any", status: listing.term!, transactionSize: band, pageSize: 100 });
    expect(other.rows.map((r) => r.id)).toContain(listing.id);
    for (const row of other.rows) {
      expect(row).toMatchObject({ industry: listing.industry, term: listing.term });
      expect(row.size!).toBeGreaterThanOrEqual(range.min);
    }
    const exact = await t.db.$count(projects, and(eq(projects.industry, listing.industry!), eq(projects.term, listing.term!), sql`${projects.size} >= ${range.min}`, range.max === null ? undefined : sql`${projects.size} < ${range.max}`, sql`${projects.status} in ('published', 'under_offer')`));
    expect(other.total).toBe(exact);
  });

  it("searches text with FTS5, by word prefix, safely", async () => {
    await t.db.update(projects).set({ projectName: "Zephyrus windfarm receivables", status: "published" }).where(eq(projects.id, 10));
    await t.db.update(projects).set({ projectName: "Zephyrus draft", status: "draft" }).where(eq(projects.id, 11));
    const found = await searchProjects(t.db, { q: "zephyr wind" });
    expect(found.rows.map((r) => r.id)).toEqual([10]);
    expect((await searchProjects(t.db, { q: "zephyrus" })).rows.map((r) => r.id)).toEqual([10]);
    expect(ftsQuery('"; DROP TABLE projects; --')).toBe('"drop"* "table"* "projects"*');
    expect((await searchProjects(t.db, { q: "\"unbalanced ( NEAR" })).total).toBeGreaterThanOrEqual(0);
    expect(ftsQuery("  ")).toBeNull();
  });

  it("counts a text search up to the limit and says there are more, while every filter alone is counted exactly", async () => {
    const r = random(11);
    const rows = Array.from({ length: TEXT_COUNT_LIMIT + 5 }, (_, i) => generateProject(r, 1000 + i, sellerId, Date.UTC(2026, 10, 2))).map(({ loans: _l, ...p }, i) => ({
      ...p,
      projectName: `Quasar receivables ${i}`,
      status: "published" as const,
    }));
    await insertMany(t.db, projects, rows);
    const text = await searchProjects(t.db, { q: "quasar" });
    expect(text).toMatchObject({ total: TEXT_COUNT_LIMIT, more: true });
    expect(text.rows).toHaveLength(25);
    const fewer = await searchProjects(t.db, { q: "quasar", industry: rows[0]!.industry! });
    expect(fewer.more).toBe(false);
    expect(fewer.total).toBe(rows.filter((p) => p.industry === rows[0]!.industry).length);
    const all = await searchProjects(t.db, {});
    expect(all.more).toBe(false);
    expect(all.total).toBeGreaterThan(TEXT_COUNT_LIMIT + 5);
    await t.db.delete(projects).where(and(eq(projects.sellerId, sellerId), like(projects.projectName, "Quasar receivables %")));
  });

  it("sorts by any sortable column in both directions", async () => {
    const asc = await searchProjects(t.db, { sort: "size", desc: false, pageSize: 50 });
    const sizes = asc.rows.map((r) => r.size!);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  });

  it("never returns the borrower", async () => {
    const { rows } = await searchProjects(t.db, { pageSize: 5 });
    expect(Object.keys(rows[0]!)).not.toContain("borrower");
  });
});

describe("the admin's project table", () => {
  it("pages every project past the draft stage, sorted and filtered in SQL", async () => {
    const [drafts, all] = await Promise.all([
      t.db.$count(projects, eq(projects.status, "draft")),
      t.db.$count(projects),
    ]);
    const first = await listProjectsForAdmin(t.db, { pageSize: 25 });
    expect(first.total).toBe(all - drafts);
    expect(first.rows).toHaveLength(25);
    expect(first.rows.every((r) => r.status !== "draft")).toBe(true);
    const second = await listProjectsForAdmin(t.db, { pageSize: 25, page: 2 });
    expect(second.rows.some((r) => first.rows.some((f) => f.id === r.id))).toBe(false);
    // each row carries its deal counts, read beside the page as those of the page's ids
    const counted = await Promise.all(second.rows.map((r) => countedDeals(t.db, r.id)));
    expect(second.rows.map((r) => [r.id, r.ndas, r.negotiations, r.bids, r.lastUpdateBuyer])).toEqual(
      second.rows.map((r, i) => [r.id, counted[i]!.ndas, counted[i]!.negotiations, counted[i]!.bids, counted[i]!.lastUpdateBuyer]),
    );

    const bySize = await listProjectsForAdmin(t.db, { sort: "size", desc: true, pageSize: 50 });
    const sizes = bySize.rows.map((r) => r.size ?? -1);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));

    const published = await listProjectsForAdmin(t.db, { status: "published", pageSize: 100 });
    expect(published.rows.every((r) => r.status === "published")).toBe(true);
    expect(published.total).toBeLessThan(first.total);

    // the words search the full text (name, industry, description …): the named project is among fewer
    const named = first.rows[0]!;
    const found = await listProjectsForAdmin(t.db, { q: named.projectName, pageSize: 100 });
    expect(found.total).toBeLessThan(first.total);
    expect(found.rows.map((r) => r.id)).toContain(named.id);
    // a page size it does not offer falls back to 25
    expect((await listProjectsForAdmin(t.db, { pageSize: 7 })).pageSize).toBe(25);
  });

  it("sorts by a project's NDAs, negotiations and bids as they come and go", async () => {
    const [project] = await t.db.insert(projects).values({ sellerId, kind: "loan_pool", status: "published", projectName: "Sought after" }).returning({ id: projects.id });
    const id = project!.id;
    const buyers = await Promise.all([1, 2, 3].map(() => makeUser(t.db)));
    const now = new Date();
    await t.db.insert(contracts).values(buyers.map((b, i) => ({ projectId: id, buyerId: b.id, envelopeId: `counted-${id}-${i}`, documentKey: "k", documentSha256: "s", requestedAt: now })));
    // two buyers in a thread, one of them with three messages: two negotiations
    await t.db.insert(messages).values([0, 0, 0, 1].map((i) => ({ projectId: id, buyerId: buyers[i]!.id, senderId: buyers[i]!.id, body: "About the tape" })));
    const offer = { projectId: id, status: "submitted" as const, price: 1_000_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2027-01-31", pdfKey: "k", pdfSha256: "s" };
    await t.db.insert(offers).values([{ ...offer, buyerId: buyers[0]!.id }, { ...offer, buyerId: buyers[1]!.id }]);

    const top = async (sort: string) => (await listProjectsForAdmin(t.db, { sort, desc: true, pageSize: 25 })).rows[0]!;
    const counts = (r: { id: number; ndas?: number; negotiations?: number; bids?: number }) => [r.id, r.ndas, r.negotiations, r.bids];
    expect(counts(await top("ndas"))).toEqual([id, 3, 2, 2]);
    expect(counts(await top("negotiations"))).toEqual([id, 3, 2, 2]);
    expect(counts(await top("bids"))).toEqual([id, 3, 2, 2]);
    // a thread counts until its last message goes; an NDA and an offer as each goes
    await t.db.delete(messages).where(and(eq(messages.projectId, id), eq(messages.buyerId, buyers[1]!.id)));
    await t.db.delete(contracts).where(and(eq(contracts.projectId, id), eq(contracts.buyerId, buyers[2]!.id)));
    await t.db.delete(offers).where(and(eq(offers.projectId, id), eq(offers.buyerId, buyers[1]!.id)));
    const [after] = await listProjectsForAdmin(t.db, { q: "Sought after", pageSize: 25 }).then((p) => p.rows.filter((r) => r.id === id));
    expect(counts(after!)).toEqual([id, 2, 1, 1]);
    // a deal moved to another project (nothing in the product does) moves its count
    const [other] = await t.db.insert(projects).values({ sellerId, kind: "loan_pool", status: "published", projectName: "Moved to" }).returning({ id: projects.id });
    await t.db.update(offers).set({ projectId: other!.id }).where(eq(offers.projectId, id));
    await t.db.update(messages).set({ projectId: other!.id }).where(eq(messages.projectId, id));
    await t.db.update(contracts).set({ projectId: other!.id }).where(and(eq(contracts.projectId, id), eq(contracts.buyerId, buyers[0]!.id)));
    const moved = (await listProjectsForAdmin(t.db, { sort: "ndas", desc: true, pageSize: 100 })).rows.filter((r) => r.id === id || r.id === other!.id);
    expect(moved.map(counts).sort()).toEqual([[id, 1, 0, 0], [other!.id, 1, 1, 1]].sort());
    // as counted from the deals themselves
    for (const r of moved) {
      const counted = await countedDeals(t.db, r.id);
      expect(counts(r)).toEqual([r.id, counted.ndas, counted.negotiations, counted.bids]);
    }
  });
});

describe("a project's last buyer visit", () => {
  it("is the latest page session of anyone but its seller, kept as sessions come and go and as the project changes hands", async () => {
    const [project] = await t.db.insert(projects).values({ sellerId, kind: "loan_pool", status: "published", projectName: "Visited" }).returning({ id: projects.id });
    const id = project!.id;
    const [ann, ben] = await Promise.all([makeUser(t.db), makeUser(t.db)]);
    const future = Date.now() + 400 * 86_400_000; // later than any visit the market already holds
    const visit = (sessionId: string, userId: number, end: number) => ({
      sessionId, userId, route: "/x", pageType: "company-before-nda" as const, projectId: id, sessionStart: new Date(end - 1000), sessionEnd: new Date(end),
      totalDuration: 1, activeTime: 1, scrollDepthMax: 0, record: {},
    });
    const kept = async () => (await listProjectsForAdmin(t.db, { q: "Visited", pageSize: 25 })).rows.find((r) => r.id === id)!.lastUpdateBuyer ?? null;
    const agrees = async () => expect(await kept()).toBe((await countedDeals(t.db, id)).lastUpdateBuyer);
    // the seller's own look is not a buyer's
    await t.db.insert(pageSessions).values(visit(`own-${id}`, sellerId, future + 5000));
    expect(await kept()).toBeNull();
    await t.db.insert(pageSessions).values([visit(`ann-${id}`, ann.id, future + 1000), visit(`ben-${id}`, ben.id, future + 3000)]);
    expect(await kept()).toBe(future + 3000);
    await agrees();
    // the latest first, the others after it; never visited last
    const latest = await listProjectsForAdmin(t.db, { sort: "lastUpdateBuyer", desc: true, pageSize: 25 });
    expect(latest.rows[0]!.id).toBe(id);
    const visits = latest.rows.map((r) => r.lastUpdateBuyer ?? null);
    expect(visits.filter((v) => v !== null)).toEqual(visits.slice(0, visits.filter((v) => v !== null).length));
    // the latest session goes (its member's account deleted): the one before it
    await t.db.delete(pageSessions).where(eq(pageSessions.sessionId, `ben-${id}`));
    expect(await kept()).toBe(future + 1000);
    // an earlier one goes: nothing changes
    await t.db.insert(pageSessions).values(visit(`ann-early-${id}`, ann.id, future));
    await t.db.delete(pageSessions).where(eq(pageSessions.sessionId, `ann-early-${id}`));
    expect(await kept()).toBe(future + 1000);
    // the project changes hands to Ann: her looks are the seller's now, the old seller's a buyer's
    await t.db.update(projects).set({ sellerId: ann.id }).where(eq(projects.id, id));
    expect(await kept()).toBe(future + 5000);
    await agrees();
    await t.db.update(projects).set({ sellerId }).where(eq(projects.id, id));
    await agrees();
  });
});

describe("a seller's projects table", () => {
  it("pages only that seller's listed projects, sorted in SQL, with the total", async () => {
    const listed = await t.db.$count(projects, and(eq(projects.sellerId, sellerId), sql`${projects.status} not in ('draft', 'importing')`));
    const first = await listSellerProjectPage(t.db, sellerId, { pageSize: 25 });
    expect(first.total).toBe(listed);
    expect(first.rows).toHaveLength(25);
    const ids = new Set<number>();
    for (let page = 1; page <= Math.ceil(listed / 25); page++) {
      for (const r of (await listSellerProjectPage(t.db, sellerId, { pageSize: 25, page })).rows) ids.add(r.id);
    }
    // every listed project once across the pages, none of another seller's, no draft
    expect(ids.size).toBe(listed);
    const others = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.sellerId, otherSellerId));
    expect(others.some((o) => ids.has(o.id))).toBe(false);

    const byName = await listSellerProjectPage(t.db, sellerId, { sort: "projectName", desc: true, pageSize: 100 });
    const names = byName.rows.map((r) => (r.projectName ?? "").toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const byRate = await listSellerProjectPage(t.db, sellerId, { sort: "waInterest", pageSize: 100 });
    const rates = byRate.rows.filter((r) => r.waInterest !== null).map((r) => r.waInterest!);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    // a column the seller's table does not have sorts as by date, as does a name every object has
    const byDate = (await listSellerProjectPage(t.db, sellerId, { pageSize: 100 })).rows.map((r) => r.id);
    for (const sort of ["sellerName", "constructor"]) {
      expect((await listSellerProjectPage(t.db, sellerId, { sort, pageSize: 100 })).rows.map((r) => r.id)).toEqual(byDate);
    }
    expect((await listProjectsForAdmin(t.db, { sort: "constructor" })).rows).toHaveLength(25);
    // past the last page: the last page, and still the total (seller-lists.server.test.ts)
    const last = Math.ceil(listed / 25);
    expect(await listSellerProjectPage(t.db, sellerId, { page: 99 })).toMatchObject({ page: last, rows: (await listSellerProjectPage(t.db, sellerId, { page: last })).rows, total: listed });
  });

  it("opens in date order (published, else submitted, else created), as the admin's table dates them", async () => {
    const rows = await t.db.select().from(projects).where(and(eq(projects.sellerId, sellerId), sql`${projects.status} not in ('draft', 'importing')`));
    const dateOf = (p: (typeof rows)[number]) => (p.publishedAt ?? p.submittedAt ?? p.createdAt).getTime();
    const expected = rows.sort((a, b) => dateOf(a) - dateOf(b) || a.id - b.id).map((p) => p.id);
    const pages = [];
    for (let page = 1; page <= Math.ceil(expected.length / 50); page++) pages.push(...(await listSellerProjectPage(t.db, sellerId, { pageSize: 50, page })).rows.map((r) => r.id));
    expect(pages).toEqual(expected);
    const descending = (await listSellerProjectPage(t.db, sellerId, { desc: true, pageSize: 100 })).rows.map((r) => r.id);
    // latest first, ties (the same date) by id as before
    expect(descending).toEqual(rows.sort((a, b) => dateOf(b) - dateOf(a) || a.id - b.id).map((p) => p.id).slice(0, 100));
  });

  it("pages the seller's drafts and returned listings, the last saved first, with their total", async () => {
    const drafter = (await makeUser(t.db, { roles: ["ROLE_SELLER"] })).id;
    const at = Date.UTC(2026, 5, 1);
    await insertMany(
      t.db,
      projects,
      Array.from({ length: 32 }, (_, i) => ({
        sellerId: drafter,
        kind: "loan_pool" as const,
        status: i % 16 === 3 ? ("rejected" as const) : ("draft" as const),
        projectName: `Draft ${i}`,
        updatedAt: new Date(at + i * 60_000),
      })),
    );
    await t.db.insert(projects).values({ sellerId: drafter, kind: "loan_pool", status: "published", projectName: "Listed" });
    const first = await listSellerDraftPage(t.db, drafter, { page: 1 });
    expect(first).toMatchObject({ total: 32, page: 1, pageSize: 25 });
    expect(first.rows.map((r) => r.projectName).slice(0, 3)).toEqual(["Draft 31", "Draft 30", "Draft 29"]);
    const second = await listSellerDraftPage(t.db, drafter, { page: 2 });
    expect(second.rows.map((r) => r.projectName)).toEqual(["Draft 6", "Draft 5", "Draft 4", "Draft 3", "Draft 2", "Draft 1", "Draft 0"]);
    expect([...first.rows, ...second.rows].filter((r) => r.status === "rejected")).toHaveLength(2);
    // another seller's drafts are not theirs
    expect((await listSellerDraftPage(t.db, sellerId, {})).rows.every((r) => !r.projectName.startsWith("Draft "))).toBe(true);
  });

  it("reads only the columns and deal counts the member shows, in the same rows and order", async () => {
    const shown = { id: false, date: true, projectName: true, kind: false, status: true, size: false, views: false, ndas: true, bids: false, lastUpdateBuyer: false, borrower: false };
    const whole = await listSellerProjectPage(t.db, sellerId, { sort: "bids", desc: true, pageSize: 50 });
    const narrow = await listSellerProjectPage(t.db, sellerId, { sort: "bids", desc: true, pageSize: 50, shown });
    expect(narrow.total).toBe(whole.total);
    expect(narrow.rows.map((r) => [r.id, r.date, r.projectName, r.status, r.ndas])).toEqual(whole.rows.map((r) => [r.id, r.date, r.projectName, r.status, r.ndas]));
    // hidden columns and counts are not read (the sort still orders by the hidden bids)
    expect(narrow.rows.every((r) => r.kind === undefined && r.size === undefined && r.bids === undefined && r.borrower === undefined && !("lastUpdateBuyer" in r))).toBe(true);
    const admin = await listProjectsForAdmin(t.db, { pageSize: 25, shown: { projectName: true, sellerName: true, negotiations: true } });
    expect(admin.rows[0]).toMatchObject({ id: expect.any(Number), projectName: expect.any(String), sellerName: expect.any(String), negotiations: expect.any(Number) });
    expect(admin.rows.every((r) => r.borrower === undefined && r.ndas === undefined && r.date === undefined)).toBe(true);
    // no deal count shown: none is read, and the rows still come
    const bare = await listProjectsForAdmin(t.db, { pageSize: 25, shown: { projectName: true } });
    expect(bare.rows.map((r) => r.id)).toEqual((await listProjectsForAdmin(t.db, { pageSize: 25 })).rows.map((r) => r.id));
    expect(bare.rows.every((r) => !("ndas" in r) && !("bids" in r) && typeof r.projectName === "string")).toBe(true);
  });
});

describe("a wizard step's save conditioned on the listing as read", () => {
  it("writes nothing when a column it writes changed after the read (a tape's import, another tab), and writes once read again", async () => {
    const draft = await createDraft(t.db, sellerId, "loan_pool");
    await t.db.update(projects).set({ loanAmount: 100_000, details: { overallSummary: "As read" } }).where(eq(projects.id, draft.id));
    const read = (await t.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, draft.id) }))!;
    await t.db.update(projects).set({ loanAmount: 2_500_000 }).where(eq(projects.id, draft.id));
    expect(await saveDraftStep(t.db, sellerId, draft.id, 2, { loanAmount: 300_000 }, read)).toBe(false);
    // a column the save does not write may have changed: the guard is on what it writes
    expect(await saveDraftStep(t.db, sellerId, draft.id, 2, { borrower: "Midwest Credit", details: { overallSummary: "Mine" } }, read)).toBe(true);
    const after = (await t.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, draft.id) }))!;
    expect([after.loanAmount, after.borrower, after.details, after.draftStep]).toEqual([2_500_000, "Midwest Credit", { overallSummary: "Mine" }, 2]);
    // the details changed since `read`: a save of them from it is refused
    expect(await saveDraftStep(t.db, sellerId, draft.id, 3, { details: { overallSummary: "Stale" } }, read)).toBe(false);
    expect(await saveDraftStep(t.db, sellerId, draft.id, 3, { details: { overallSummary: "Fresh" } }, after)).toBe(true);
  });
});

describe("lifecycle and visibility", () => {
  it("goes draft → submitted → published, visible to buyers only then; a withdrawn one disappears", async () => {
    const draft = await createDraft(t.db, sellerId, "real_estate");
    const buyer = { id: 999_999, role: "buyer" as const };
    expect(await findVisibleProject(t.db, buyer, draft.id)).toBeNull();
    expect(await findVisibleProject(t.db, { id: otherSellerId, role: "seller" }, draft.id)).toBeNull();
    expect(await findVisibleProject(t.db, { id: sellerId, role: "seller" }, draft.id)).not.toBeNull();
    expect(await saveDraftStep(t.db, otherSellerId, draft.id, 1, { projectName: "Hijack" })).toBe(false);
    expect(await saveDraftStep(t.db, sellerId, draft.id, 1, { projectName: "Office in Denver" })).toBe(true);
    expect(await reviewProject(t.db, draft.id, "publish")).toBe(false);
    expect(await submitForReview(t.db, { sellerId, projectId: draft.id })).toBe(true);
    expect(await saveDraftStep(t.db, sellerId, draft.id, 1, { projectName: "Changed after submit" })).toBe(false);
    expect(await reviewProject(t.db, draft.id, "reject", "Add the rent roll")).toBe(true);
    expect(await submitForReview(t.db, { sellerId, projectId: draft.id })).toBe(true);
    expect(await reviewProject(t.db, draft.id, "publish")).toBe(true);
    const seen = await findVisibleProject(t.db, buyer, draft.id);
    expect(seen?.projectName).toBe("Office in Denver");
    expect(seen?.rejectionReason).toBeNull();
    expect(await withdrawProject(dealServicesOf(t.db), { projectId: draft.id, actorId: sellerId })).toBe(true);
    expect(await findVisibleProject(t.db, buyer, draft.id)).toBeNull();
    expect(canSee({ id: 1, role: "admin" }, { sellerId: 2, status: "draft" })).toBe(true);
    expect(canSee({ id: 1, role: null }, { sellerId: 2, status: "published" })).toBe(false);
  });
});

describe("loan tape", () => {
  it("replaces the whole tape and sets amount, size and weighted interest from it", async () => {
    const pool = await createDraft(t.db, sellerId, "loan_pool");
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      line: i + 2,
      loanNumber: `L${i}`,
      balance: 1000,
      interestRate: i % 2 ? 6 : 4,
      maturityDate: "2030-01-01",
      propertyType: "Office",
      state: "IL",
      status: "Performing",
      ltv: null,
    }));
    await replaceLoanTape(t.db, pool.id, rows);
    await replaceLoanTape(t.db, pool.id, rows.slice(0, 3));
    const tape = await loanTape(t.db, pool.id);
    expect(tape.map((l) => l.loanNumber)).toEqual(["L0", "L1", "L2"]);
    const project = await t.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, pool.id) });
    expect(project).toMatchObject({ loanAmount: 3000, size: 3000, waInterest: 4.667 });
  });

  it("keeps every field of the wider tape and measures its completeness from what is there", async () => {
    const pool = await createDraft(t.db, sellerId, "loan_pool");
    const base = { balance: 1000, interestRate: 5, maturityDate: "2030-01-01", state: "IL", status: "Performing" };
    await replaceLoanTape(t.db, pool.id, [
      { ...base, line: 2, loanNumber: "H1", propertyType: "Residential (1-4 family)", ltv: 80, zip: "60601", creditScore: 720, dscr: null },
      { ...base, line: 3, loanNumber: "O1", propertyType: "Office", ltv: null, zip: "60602", dscr: 1.4, appraisalDate: "2025-02-01" },
    ]);
    const tape = await loanTape(t.db, pool.id, { limit: 1 });
    expect(tape).toHaveLength(1);
    expect(tape[0]).toMatchObject({ loanNumber: "H1", creditScore: 720, zip: "60601", dscr: null, originalBalance: null });
    const project = (await findProjectWithSeller(t.db, pool.id))!.project;
    expect(project.tapeLoans).toBe(2);
    const completeness = tapeCompletenessOf(project);
    // 2 loans: 10 required cells; 15 fields for both (30 cells), DSCR and occupancy for the office only, credit score for the house only
    // present: property type 2, state 2, zip 2, ltv 1, appraisal date 1, dscr 1, credit score 1
    expect(completeness).toMatchObject({ loans: 2, score: Math.floor(((10 + 10) / (10 + 30 + 2 + 1)) * 100) });
    expect(completeness!.gaps.map((g) => g.label)).toEqual(["Amortization type", "Appraised value", "City"]);
    expect(tapeCompletenessOf((await findProjectWithSeller(t.db, (await createDraft(t.db, sellerId, "loan_pool")).id))!.project)).toBeNull();
  });

  it("migration 0039 counts a tape stored before it as replaceLoanTape counts it", async () => {
    const pool = await createDraft(t.db, sellerId, "loan_pool");
    const base = { balance: 1000, interestRate: 5, maturityDate: "2030-01-01", state: "IL", status: "Performing", ltv: null };
    await replaceLoanTape(t.db, pool.id, [
      { ...base, line: 2, loanNumber: "H1", propertyType: "Residential (1-4 family)", creditScore: 700, city: "" },
      { ...base, line: 3, loanNumber: "L1", propertyType: "Land (raw)", dscr: 1.2, occupancy: 0.9 },
      { ...base, line: 4, loanNumber: "O1", propertyType: "Office", dscr: 1.4, originalBalance: 1200 },
    ]);
    const written = (await findProjectWithSeller(t.db, pool.id))!.project;
    await t.db.run(sql`update projects set tape_loans = 0, tape_field_counts = null where id = ${pool.id}`);
    const backfill = fs.readFileSync(path.resolve(__dirname, "../../migrations/0039_project_tape_figures.sql"), "utf8").split("--> statement-breakpoint").at(-1)!;
    expect(backfill).toContain(tapeFieldCountsSql());
    await t.db.run(sql.raw(backfill));
    const counted = (await findProjectWithSeller(t.db, pool.id))!.project;
    expect(counted.tapeLoans).toBe(3);
    expect(counted.tapeFieldCounts).toEqual(written.tapeFieldCounts);
    expect(counted.tapeFieldCounts).toMatchObject({ dscr: [1, 1], occupancy: [1, 0], credit_score: [1, 1], city: [3, 0], original_balance: [3, 1] });
  });
});
