import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { customers, projects } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { likelyBidders, LIKELY_BIDDERS } from "./likely-bidders.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  t = await createTestDatabase();
  const rows = Array.from({ length: 12 }, (_, i) => ({
    name: `Secret Buyer ${i}`,
    customerType: "buyer" as const,
    businessType: i % 2 ? "Bank" : "Fund",
    size: 1_000_000 * (i + 1),
    preferences: { industryPreferences: ["Healthcare"], statePreferences: i < 3 ? ["Illinois"] : [], transactionScalePreferences: i < 6 ? ["5-10m"] : [] },
  }));
  await t.db.insert(customers).values([...rows, { name: "Energy Only", customerType: "buyer", preferences: { industryPreferences: ["Energy"] } }]);
});
afterAll(() => t.cleanup());

describe("likelyBidders", () => {
  it("ranks buyer companies for a draft, top 10, best first, as Buyer #n without names or ids", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [draft] = await t.db
      .insert(projects)
      .values({ sellerId: seller.id, kind: "loan_pool", status: "draft", projectName: "D", industry: "Healthcare", location: "Midwest", state: "IL", size: 7_000_000, term: "Performing" })
      .returning();
    const bidders = await likelyBidders(t.db, { project: draft! });
    expect(bidders).toHaveLength(LIKELY_BIDDERS);
    expect(bidders.map((b) => b.label)).toEqual(Array.from({ length: 10 }, (_, i) => `Buyer #${i + 1}`));
    expect(bidders.map((b) => b.score)).toEqual([...bidders.map((b) => b.score)].sort((a, b) => b - a));
    // industry, state and size: the three companies naming Illinois and the band come first
    expect(bidders[0]!.reasons.map((r) => r.reason)).toEqual(["Industry: Healthcare", "State: IL", "Size band: $5-$10m"]);
    expect(bidders.slice(0, 3).map((b) => b.customerSize)).toEqual([1e6, 2e6, 3e6]);
    const text = JSON.stringify(bidders);
    expect(text).not.toMatch(/Secret Buyer|Energy Only/);
    for (const b of bidders) expect(Object.keys(b).sort()).toEqual(["businessType", "customerSize", "label", "reasons", "responsivenessReason", "responsivenessScore", "score"]);
  });

  it("scores a draft for thousands of companies with the server answering others meanwhile, the best ten still first", async () => {
    const own = await createTestDatabase();
    try {
      for (let from = 0; from < 2_500; from += 250)
        await own.db.insert(customers).values(
          Array.from({ length: 250 }, (_, i) => ({ name: `Fund ${from + i}`, businessType: "Fund", size: from + i, preferences: { industryPreferences: ["Healthcare"], ...(from + i === 2_222 ? { statePreferences: ["Illinois"] } : {}) } })),
        );
      const seller = await makeUser(own.db, { roles: ["ROLE_SELLER"] });
      const [draft] = await own.db
        .insert(projects)
        .values({ sellerId: seller.id, kind: "loan_pool", status: "draft", projectName: "D", industry: "Healthcare", location: "Midwest", state: "IL", size: 7_000_000, term: "Performing" })
        .returning();
      let turned = false;
      setImmediate(() => (turned = true));
      const bidders = await likelyBidders(own.db, { project: draft! });
      expect(turned).toBe(true);
      expect(bidders).toHaveLength(LIKELY_BIDDERS);
      // the one company naming Illinois, read in the first page of companies and scored past the first thousand
      expect(bidders[0]).toMatchObject({ label: "Buyer #1", businessType: "Fund", customerSize: 2_222 });
      expect(bidders[1]!.score).toBeLessThan(bidders[0]!.score);
    } finally {
      own.cleanup();
    }
  });
});
