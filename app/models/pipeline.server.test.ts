import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseBefore } from "../../tests/support/db";
import { contracts, feedback, messages, offers, projectPipeline, projects, recentlyViewed, users } from "~/.server/db/schema";
import { pipeline, projectPipelinePage } from "./pipeline.server";

/**
 * The pipeline's kept facts (migration 0067, decision 077): each (project, buyer) and their latest
 * activity, which the desk pages by. After every write they must be what the records themselves
 * say, as `pipeline` derives it from every record of the project.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const epoch = (d: Date | number) => (d instanceof Date ? d.getTime() : d);

async function member(name: string, roles: string[] = ["ROLE_BUYER"]) {
  const [row] = await t.db.insert(users).values({ email: `${name.toLowerCase().replace(/\W/g, "-")}@pipeline.test`, name, passwordHash: "-", roles }).returning({ id: users.id });
  return row!.id;
}

async function project(sellerId: number, projectName: string) {
  const [row] = await t.db.insert(projects).values({ sellerId, kind: "loan_pool", status: "published", projectName }).returning({ id: projects.id });
  return row!.id;
}

let envelopes = 0;
const nda = (projectId: number, buyerId: number, requested: number, more: Partial<typeof contracts.$inferInsert> = {}) =>
  t.db.insert(contracts).values({ projectId, buyerId, envelopeId: `pipeline-envelope-${++envelopes}`, documentKey: "nda.pdf", documentSha256: "-", requestedAt: at(requested), ...more }).returning({ id: contracts.id });
const offer = (projectId: number, buyerId: number, created: number, updated = created) =>
  t.db.insert(offers).values({ projectId, buyerId, status: "submitted", price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2026-12-31", pdfKey: "o.pdf", pdfSha256: "-", createdAt: at(created), updatedAt: at(updated) }).returning({ id: offers.id });

/** Every page of the desk's pipeline, one after the other, and the count each carried. */
async function paged(projectId: number, pageSize: number) {
  const first = await projectPipelinePage(t.db, { projectId, page: 1, pageSize });
  const pages = [first];
  for (let page = 2; page <= Math.ceil(first.total / pageSize); page++) pages.push(await projectPipelinePage(t.db, { projectId, page, pageSize }));
  return { entries: pages.flatMap((p) => p.entries), totals: pages.map((p) => p.total) };
}

/**
 * The kept rows of a project against a fresh derivation from its records: the same buyers (admins
 * aside, kept but never shown), each with the same latest activity; and the desk's pages, read in
 * turn, are the derivation's entries latest first, each once, every page carrying the count. On a
 * tie the derivation keeps the order its records came in; the desk settles it by the buyer's id.
 */
async function expectKeptAsRecounted(projectId: number, admins: number[] = []) {
  const derived = (await pipeline(t.db, { projectId })).sort((a, b) => b.lastActivity - a.lastActivity || a.buyerId - b.buyerId);
  const kept = await t.db.select({ buyerId: projectPipeline.buyerId, last: projectPipeline.lastActivityAt }).from(projectPipeline).where(eq(projectPipeline.projectId, projectId));
  const byBuyer = (a: { buyerId: number }, b: { buyerId: number }) => a.buyerId - b.buyerId;
  expect(kept.filter((k) => !admins.includes(k.buyerId)).sort(byBuyer)).toEqual(derived.map((e) => ({ buyerId: e.buyerId, last: e.lastActivity })).sort(byBuyer));
  const { entries, totals } = await paged(projectId, 2);
  expect(entries).toEqual(derived);
  for (const total of totals) expect(total).toBe(derived.length);
  return derived.map((e) => [e.buyerId, e.lastActivity - epoch(at(0))]);
}

describe("the pipeline's kept facts", () => {
  it("follow every look, NDA, message, offer and pass written, changed and deleted, a project handed over and an account or project erased", async () => {
    const [seller, next, admin] = [await member("Sal Seller", ["ROLE_SELLER"]), await member("Nel Next", ["ROLE_SELLER"]), await member("Ada Admin", ["ROLE_ADMIN"])];
    const [ann, bob, cy, dee] = [await member("Ann"), await member("Bob"), await member("Cy"), await member("Dee")];
    const [pool, other] = [await project(seller, "Pool"), await project(seller, "Other pool")];
    const admins = [admin];
    const check = () => expectKeptAsRecounted(pool, admins);

    // looks: the seller's own and the next seller's (not yet theirs) and an admin's
    await t.db.insert(recentlyViewed).values([
      { userId: ann, projectId: pool, viewedAt: at(1000) },
      { userId: seller, projectId: pool, viewedAt: at(5000) },
      { userId: next, projectId: pool, viewedAt: at(5500) },
      { userId: admin, projectId: pool, viewedAt: at(6000) },
      { userId: ann, projectId: other, viewedAt: at(9999) },
    ]);
    expect(await check()).toEqual([[next, 5500], [ann, 1000]]);

    // an NDA asked for, signed, approved later; another rejected later (a rejection is no activity)
    const [bobs] = await nda(pool, bob, 2000);
    expect(await check()).toEqual([[next, 5500], [bob, 2000], [ann, 1000]]);
    await t.db.update(contracts).set({ ndaStatus: "Signed", signedAt: at(3000) }).where(eq(contracts.id, bobs!.id));
    await t.db.update(contracts).set({ ndaStatus: "NDA Approved", decidedAt: at(7000) }).where(eq(contracts.id, bobs!.id));
    await nda(pool, cy, 2500, { ndaStatus: "Rejected", decidedAt: at(9000) });
    expect(await check()).toEqual([[bob, 7000], [next, 5500], [cy, 2500], [ann, 1000]]);

    // a message moves a buyer up; its deletion moves them back
    const [message] = await t.db.insert(messages).values({ projectId: pool, buyerId: ann, senderId: ann, body: "?", createdAt: at(8000) }).returning({ id: messages.id });
    await t.db.insert(messages).values({ projectId: pool, buyerId: ann, senderId: seller, body: "!", createdAt: at(4000) });
    expect((await check())[0]).toEqual([ann, 8000]);
    await t.db.delete(messages).where(eq(messages.id, message!.id));
    expect(await check()).toEqual([[bob, 7000], [next, 5500], [ann, 4000], [cy, 2500]]);

    // offers: made, changed, withdrawn from the records
    const [first] = await offer(pool, cy, 3500, 8500);
    await offer(pool, cy, 3600);
    expect((await check())[0]).toEqual([cy, 8500]);
    await t.db.update(offers).set({ updatedAt: at(9500) }).where(eq(offers.id, first!.id));
    expect((await check())[0]).toEqual([cy, 9500]);
    await t.db.delete(offers).where(eq(offers.id, first!.id));
    expect(await check()).toEqual([[bob, 7000], [next, 5500], [ann, 4000], [cy, 3600]]);

    // a pass, and a look again (the upsert's update); a tie is settled by the buyer's id
    const [pass] = await t.db.insert(feedback).values({ projectId: pool, buyerId: dee, reasons: ["Too small"], createdAt: at(7000) }).returning({ id: feedback.id });
    expect((await check()).slice(0, 2)).toEqual([[bob, 7000], [dee, 7000]]);
    await t.db.update(recentlyViewed).set({ viewedAt: at(9700) }).where(and(eq(recentlyViewed.userId, ann), eq(recentlyViewed.projectId, pool)));
    expect((await check())[0]).toEqual([ann, 9700]);
    await t.db.delete(feedback).where(eq(feedback.id, pass!.id));
    expect((await check()).map(([buyer]) => buyer)).not.toContain(dee);

    // handed to the next seller: their look is no longer interest, the first seller's now is
    await t.db.update(projects).set({ sellerId: next }).where(eq(projects.id, pool));
    expect(await check()).toEqual([[ann, 9700], [bob, 7000], [seller, 5000], [cy, 3600]]);

    // an account erased takes its records and its place; a project erased, all of its buyers
    await t.db.delete(users).where(eq(users.id, bob));
    expect(await check()).toEqual([[ann, 9700], [seller, 5000], [cy, 3600]]);
    expect(await expectKeptAsRecounted(other)).toEqual([[ann, 9999]]);
    await t.db.delete(projects).where(eq(projects.id, other));
    expect(await t.db.select().from(projectPipeline).where(eq(projectPipeline.projectId, other))).toEqual([]);

    // a page past the last shows the last; what is no page reads as the first
    const last = await projectPipelinePage(t.db, { projectId: pool, page: 99, pageSize: 2 });
    expect({ page: last.page, total: last.total, buyers: last.entries.map((e) => e.buyerId) }).toEqual({ page: 2, total: 3, buyers: [cy] });
  });
});

describe("migration 0067", () => {
  it("fills the kept facts from the records already there", async () => {
    const old = await databaseBefore("0067");
    const { run } = old;
    try {
      await run("insert into users (id, email, name, password_hash, roles) values (1, 's@x.example', 'S', 'x', '[]'), (2, 'a@x.example', 'A', 'x', '[]'), (3, 'b@x.example', 'B', 'x', '[]'), (4, 'c@x.example', 'C', 'x', '[]'), (5, 'd@x.example', 'D', 'x', '[]')");
      await run("insert into projects (id, seller_id, kind, status, created_at, updated_at) values (1, 1, 'loan_pool', 'published', 0, 0), (2, 1, 'loan_pool', 'published', 0, 0)");
      // the seller's own look is none; 2 looked, and wrote later; 3's NDA was approved after signing,
      // 4's rejected (no activity); 4's offer changed later; 5 passed; 2 looked at the other project too
      await run("insert into recently_viewed (user_id, project_id, viewed_at) values (1, 1, 900), (2, 1, 100), (2, 2, 50)");
      await run("insert into messages (project_id, buyer_id, sender_id, body, created_at) values (1, 2, 2, 'a', 150), (1, 2, 1, 'b', 120)");
      await run("insert into contracts (project_id, buyer_id, envelope_id, document_key, document_sha256, nda_status, requested_at, signed_at, decided_at) values (1, 3, 'e1', 'k', '-', 'NDA Approved', 200, 210, 260), (1, 4, 'e2', 'k', '-', 'Rejected', 300, null, 990)");
      await run("insert into offers (project_id, buyer_id, status, price, structure, due_diligence_days, expires_on, pdf_key, pdf_sha256, created_at, updated_at) values (1, 4, 'countered', 1, 'cash', 30, '2026-12-31', 'o', '-', 310, 400)");
      await run("insert into feedback (project_id, buyer_id, reasons, created_at) values (1, 5, '[]', 500)");
      await old.upgrade();
      const rows = (await run("select project_id, buyer_id, last_activity_at from project_pipeline order by project_id, last_activity_at desc, buyer_id")).rows.map((r) => Object.values(r));
      expect(rows).toEqual([
        [1, 5, 500],
        [1, 4, 400],
        [1, 3, 260],
        [1, 2, 150],
        [2, 2, 50],
      ]);
    } finally {
      old.cleanup();
    }
  });
});

describe("the desk's page of the pipeline", () => {
  it("dates each buyer's thread from its first and latest message, this project's alone", async () => {
    const seller = await member("Tess Threads", ["ROLE_SELLER"]);
    const [talker, quiet] = [await member("Talker"), await member("Quiet")];
    const [pool, other] = [await project(seller, "Threaded pool"), await project(seller, "Other threaded pool")];
    await t.db.insert(recentlyViewed).values([
      { userId: talker, projectId: pool, viewedAt: at(100) },
      { userId: quiet, projectId: pool, viewedAt: at(200) },
    ]);
    // written out of order, and answered by the seller: the thread runs from the first to the latest
    await t.db.insert(messages).values([
      { projectId: pool, buyerId: talker, senderId: seller, body: "b", createdAt: at(3000) },
      { projectId: pool, buyerId: talker, senderId: talker, body: "a", createdAt: at(1000) },
      { projectId: pool, buyerId: talker, senderId: talker, body: "c", createdAt: at(2000) },
      // the same buyer's thread on another project is not this one's
      { projectId: other, buyerId: talker, senderId: talker, body: "x", createdAt: at(9000) },
      { projectId: other, buyerId: quiet, senderId: quiet, body: "y", createdAt: at(50) },
    ]);
    const { entries, total } = await projectPipelinePage(t.db, { projectId: pool, page: 1, pageSize: 10 });
    expect(total).toBe(2);
    expect(entries.map((e) => ({ buyerId: e.buyerId, stage: e.stage, negotiating: e.dates.negotiating, last: e.lastActivity }))).toEqual([
      { buyerId: talker, stage: "negotiating", negotiating: epoch(at(1000)), last: epoch(at(3000)) },
      { buyerId: quiet, stage: "viewed", negotiating: undefined, last: epoch(at(200)) },
    ]);
  });
});

describe("a buyer's viewed date", () => {
  it("is never after the steps that followed it, though the look's record moves to the buyer's latest look", async () => {
    const seller = await member("Vera Viewed", ["ROLE_SELLER"]);
    const [returning, looker] = [await member("Returning"), await member("Looker")];
    const pool = await project(seller, "Looked at again");
    // asked for the NDA at 1000, signed at 2000, then opened the listing again at 5000
    await nda(pool, returning, 1000, { signedAt: at(2000), ndaStatus: "Signed" });
    await t.db.insert(recentlyViewed).values([
      { userId: returning, projectId: pool, viewedAt: at(5000) },
      { userId: looker, projectId: pool, viewedAt: at(300) },
    ]);
    const { entries } = await projectPipelinePage(t.db, { projectId: pool, page: 1, pageSize: 10 });
    const view = (e: (typeof entries)[number]) => ({ buyerId: e.buyerId, viewed: e.dates.viewed, requested: e.dates.nda_requested, last: e.lastActivity });
    expect(entries.map(view)).toEqual([
      { buyerId: returning, viewed: epoch(at(1000)), requested: epoch(at(1000)), last: epoch(at(5000)) },
      { buyerId: looker, viewed: epoch(at(300)), requested: undefined, last: epoch(at(300)) },
    ]);
    // the buyer's own deals read the same derivation
    expect((await pipeline(t.db, { buyerId: returning })).map(view)).toEqual([view(entries[0]!)]);
  });
});
