import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { contracts, feedback, messages, offers, projects, recentlyViewed, users } from "~/.server/db/schema";
import { PIPELINE_STAGES, type PipelineStage } from "~/lib/deal";
import { makeUser } from "~/seed/factories";
import { buyerDealsPage } from "./buyer-deals.server";
import { pipeline, type PipelineEntry } from "./pipeline.server";

/**
 * A buyer's deals page against the pipeline worked out from every record (what the page showed
 * before it paged the looks alone from an index): the same deals at each stage, in the same order,
 * the same counts and pages, and the same latest deals for the chart.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
let buyerId: number;
let otherBuyerId: number;
const PAGE = 25;
const LOOKS = 70; // the stage "viewed": three pages, the last of 20
const START = Date.UTC(2026, 0, 5, 9);
const at = (second: number) => new Date(START + second * 1000);
/** An offer's terms, the same on every offer here: only its project, status and times differ. */
const offerTerms = { price: 1_000_000, structure: "All cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "loi.pdf", pdfSha256: "-" };

beforeAll(async () => {
  t = await createTestDatabase();
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER", "ROLE_SELLER"], name: "Dee Deals", company: "Stage Capital" });
  buyerId = buyer.id;
  otherBuyerId = (await makeUser(t.db)).id;
  const listed = await t.db
    .insert(projects)
    .values(Array.from({ length: 130 }, (_, i) => ({ sellerId: seller.id, kind: "insurance_loan" as const, status: "published" as const, projectName: `Pool ${i}` })))
    .returning({ id: projects.id });
  const ids = listed.map((p) => p.id);
  // the buyer's own listing, which they looked at: the seller's looks are no interest
  const [own] = await t.db.insert(projects).values({ sellerId: buyerId, kind: "insurance_loan", status: "published", projectName: "Own pool" }).returning();
  // looks at 120 projects, out of the order they were made; the first 57 go further below
  await t.db.insert(recentlyViewed).values([
    ...ids.slice(0, 120).map((projectId, i) => ({ userId: buyerId, projectId, viewedAt: at((i * 37) % 120) })),
    { userId: buyerId, projectId: own!.id, viewedAt: at(500) },
    // another buyer's look and records are not this buyer's deals
    { userId: otherBuyerId, projectId: ids[125]!, viewedAt: at(600) },
  ]);
  const deal = (i: number) => ({ projectId: ids[i]!, buyerId });
  await t.db.insert(contracts).values([
    ...Array.from({ length: 40 }, (_, i) => ({
      ...deal(i),
      envelopeId: `deals-${i}`,
      documentKey: "nda.pdf",
      documentSha256: "-",
      requestedAt: at(200 + i),
      ...(i % 4 === 1 ? { ndaStatus: "Signed" as const, signedAt: at(300 + i) } : {}),
      ...(i % 4 >= 2 ? { ndaStatus: "NDA Approved" as const, signedAt: at(300 + i), decidedAt: at(340 + i) } : {}),
    })),
    // an NDA on a project never looked at
    { ...deal(121), envelopeId: "deals-unlooked", documentKey: "nda.pdf", documentSha256: "-", requestedAt: at(700) },
    { projectId: ids[125]!, buyerId: otherBuyerId, envelopeId: "deals-other", documentKey: "nda.pdf", documentSha256: "-", requestedAt: at(601) },
  ]);
  // threads of three messages; two on projects with no NDA
  await t.db.insert(messages).values(
    [...Array.from({ length: 30 }, (_, i) => i + 2), 45, 46].flatMap((i) =>
      [0, 1, 2].map((n) => ({ ...deal(i), senderId: n === 1 ? seller.id : buyerId, body: "On terms", createdAt: at(400 + i * 3 + n) })),
    ),
  );
  // offers, the later replacing the earlier on some projects
  await t.db.insert(offers).values(
    [10, 11, 12, 13, 14, 15, 15, 16, 16, 47].map((i, n) => ({
      ...deal(i),
      ...offerTerms,
      status: n % 3 === 0 ? ("accepted" as const) : ("submitted" as const),
      createdAt: at(800 + n),
      updatedAt: at(900 + n),
    })),
  );
  await t.db.insert(feedback).values([20, 21, 50, 51, 52, 53, 54, 55, 56].map((i) => ({ ...deal(i), reasons: ["Pricing"], createdAt: at(1000 + i) })));
  // another buyer's thread, offer and pass on projects this buyer only looked at: still a look of theirs
  const others = (i: number) => ({ projectId: ids[i]!, buyerId: otherBuyerId });
  await t.db.insert(messages).values({ ...others(100), senderId: otherBuyerId, body: "Mine", createdAt: at(610) });
  await t.db.insert(offers).values({ ...others(101), ...offerTerms, status: "submitted", createdAt: at(611), updatedAt: at(611) });
  await t.db.insert(feedback).values({ ...others(102), reasons: ["Pricing"], createdAt: at(612) });
  await t.client.execute("ANALYZE");
});
afterAll(() => t.cleanup());

/** The page as the route drew it from the whole pipeline, stage by stage. */
async function fromWholePipeline(pages: Partial<Record<PipelineStage, number>>, of = buyerId) {
  // a tie of time settled by the project, latest first, as the page settles it (pipeline() leaves ties in the records' order)
  const entries = (await pipeline(t.db, { buyerId: of })).sort((a, b) => b.lastActivity - a.lastActivity || b.projectId - a.projectId);
  const stages = [...PIPELINE_STAGES].reverse().flatMap((stage) => {
    const all = entries.filter((e) => e.stage === stage);
    if (!all.length) return [];
    const page = Math.min(Math.ceil(all.length / PAGE), Math.max(1, Math.trunc(pages[stage] ?? 1)) || 1);
    return [{ stage, total: all.length, page, shown: all.slice((page - 1) * PAGE, page * PAGE) }];
  });
  return { stages, latest: entries.slice(0, 15), total: entries.length };
}

const page = (pages: Partial<Record<PipelineStage, number>>) => buyerDealsPage(t.db, { buyerId, pages, pageSize: PAGE, latest: 15 });

describe("a buyer's deals page", () => {
  it("has the deals of the whole pipeline at each stage, in its order, with its counts and latest deals", async () => {
    const whole = await fromWholePipeline({});
    // every stage is reached, the looks alone over more than one page
    expect(whole.stages.map((s) => [s.stage, s.total])).toEqual([
      ["passed", 9],
      ["offered", 8],
      ["negotiating", 23],
      ["nda_approved", 4],
      ["nda_signed", 3],
      ["nda_requested", 4],
      ["viewed", LOOKS],
    ]);
    expect(await page({})).toEqual(whole);
  });

  it("pages each stage on its own, a page past the last the last, what is no page the first", async () => {
    for (const viewed of [1, 2, 3, 4, 99_999, 0, -2, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      for (const negotiating of [1, 2, 7]) {
        const asked = { viewed, negotiating };
        expect(await page(asked), JSON.stringify(asked)).toEqual(await fromWholePipeline(asked));
      }
  });

  it("lists every look on one page or another, latest first, and no look of the buyer's own listing", async () => {
    const looks: PipelineEntry[] = [];
    for (const viewed of [1, 2, 3]) looks.push(...(await page({ viewed })).stages.find((s) => s.stage === "viewed")!.shown);
    expect(looks).toHaveLength(LOOKS);
    expect(new Set(looks.map((e) => e.projectId)).size).toBe(LOOKS);
    expect(looks.map((e) => e.lastActivity)).toEqual(looks.map((e) => e.lastActivity).sort((a, b) => b - a));
    expect(looks.every((e) => e.projectName.startsWith("Pool ") && e.buyerName === "Dee Deals" && e.buyerCompany === "Stage Capital")).toBe(true);
  });

  it("has nothing for a member who did nothing, nor for an admin", async () => {
    const fresh = await makeUser(t.db);
    expect(await buyerDealsPage(t.db, { buyerId: fresh.id, pages: {}, pageSize: PAGE, latest: 15 })).toEqual({ stages: [], latest: [], total: 0 });
    await t.db.update(users).set({ roles: ["ROLE_ADMIN", "ROLE_BUYER"] }).where(eq(users.id, otherBuyerId));
    expect(await buyerDealsPage(t.db, { buyerId: otherBuyerId, pages: {}, pageSize: PAGE, latest: 15 })).toEqual({ stages: [], latest: [], total: 0 });
    expect(await pipeline(t.db, { buyerId: otherBuyerId })).toEqual([]);
  });
});

describe("the looks' count", () => {
  it("is read once, whatever page of looks is asked (the chart's latest looks, read again past the first page, carry none)", async () => {
    for (const viewed of [1, 2, 3]) {
      let shown: Awaited<ReturnType<typeof page>> | undefined;
      const sent = await statementsSentBy(t.client, async () => (shown = await page({ viewed })));
      expect(shown, String(viewed)).toEqual(await fromWholePipeline({ viewed }));
      expect(sent.filter((s) => /"counted_looks"/.test(s.sql)), String(viewed)).toHaveLength(1);
    }
  });
});

describe("a buyer with more deals at one stage than a page", () => {
  it("pages them as the whole pipeline does: ties of time settled by the project, closed and sold listings among them", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const many = await makeUser(t.db, { roles: ["ROLE_BUYER"], name: "Moe Many", company: "Wide Capital" });
    const statuses = ["published", "withdrawn", "sold", "under_offer"] as const;
    const listed = await t.db
      .insert(projects)
      .values(Array.from({ length: 70 }, (_, i) => ({ sellerId: seller.id, kind: "insurance_loan" as const, status: statuses[i % 4]!, projectName: `Wide ${i}` })))
      .returning({ id: projects.id });
    const ids = listed.map((p) => p.id);
    const deal = (i: number) => ({ projectId: ids[i]!, buyerId: many.id });
    // 60 NDA requests, every three at the same moment (a tie the project's id settles), some looked at later
    await t.db.insert(contracts).values(
      Array.from({ length: 60 }, (_, i) => ({
        ...deal(i),
        envelopeId: `many-${i}`,
        documentKey: "nda.pdf",
        documentSha256: "-",
        requestedAt: at(2000 + Math.floor(i / 3)),
        // an NDA request the marketplace closed (the listing withdrawn) or the seller rejected
        ...(i % 7 === 0 ? { ndaStatus: "Rejected" as const, decidedAt: at(2100 + i), rejectionReason: i % 14 === 0 ? "The listing was withdrawn." : "Not a fit" } : {}),
      })),
    );
    await t.db.insert(recentlyViewed).values(Array.from({ length: 70 }, (_, i) => ({ userId: many.id, projectId: ids[i]!, viewedAt: at(i % 5 === 0 ? 2500 : 1900 + (i % 3)) })));
    // rejected and accepted offers on a sold listing, a replaced offer, all at one moment
    await t.db.insert(offers).values(
      [60, 61, 62, 62, 63].map((i, n) => ({
        ...deal(i),
        ...offerTerms,
        status: n === 2 ? ("rejected" as const) : n === 4 ? ("accepted" as const) : ("submitted" as const),
        createdAt: at(3000),
        updatedAt: at(3000),
      })),
    );
    const whole = await fromWholePipeline({}, many.id);
    expect(whole.stages.map((s) => [s.stage, s.total])).toEqual([
      ["offered", 4],
      ["nda_requested", 60],
      ["viewed", 6],
    ]);
    for (const nda_requested of [1, 2, 3, 4, 0])
      for (const viewed of [1, 2]) {
        const asked = { nda_requested, viewed };
        const shown = await buyerDealsPage(t.db, { buyerId: many.id, pages: asked, pageSize: PAGE, latest: 15 });
        expect(shown, JSON.stringify(asked)).toEqual(await fromWholePipeline(asked, many.id));
      }
  });
});
