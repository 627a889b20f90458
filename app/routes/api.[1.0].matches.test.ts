import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest } from "../../tests/support/app";

/** A buyer's matches through the JSON API: its company's, best first, 100 a page like the seller's. */
const app = await bootApp("api-buyer-matches");
const route = await import("./api.[1.0].matches");
const sellerRoute = await import("./api.[1.0].projects.$id.matches");
const { makeUser } = await import("~/seed/factories");
const { customers, matches, projects, users } = await import("~/.server/db/schema");
const { context, services } = app;
afterAll(() => app.cleanup());

const seller = await app.member("seller@demo.test");
const [company] = await services.db.insert(customers).values({ name: "Paging Credit Partners", customerType: "buyer" }).returning();
const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
await services.db.update(users).set({ customerId: company!.id }).where(eq(users.id, buyer.id));
const cookie = await app.cookieFor(buyer);

// 230 listings the buyer sees, each a match with its own score (ties broken by the project's id), and
// 40 better-scored ones it may not see (withdrawn, a draft): never served, nor counted in a page
const base = { sellerId: seller.user.id, kind: "loan_pool" as const, projectName: "Paged", industry: "Healthcare", location: "Midwest", state: "IL", size: 7_000_000 };
const shown = await services.db
  .insert(projects)
  .values(Array.from({ length: 230 }, (_, i) => ({ ...base, status: i % 2 ? ("published" as const) : ("under_offer" as const), projectName: `Paged ${i}` })))
  .returning({ id: projects.id });
const hidden = await services.db
  .insert(projects)
  .values(Array.from({ length: 40 }, (_, i) => ({ ...base, status: i % 2 ? ("withdrawn" as const) : ("draft" as const) })))
  .returning({ id: projects.id });
const scoreOf = (i: number) => 95 - Math.floor(i / 3);
await services.db.insert(matches).values([
  ...shown.map((p, i) => ({ projectId: p.id, customerId: company!.id, score: scoreOf(i), reasons: [{ reason: "Industry", points: scoreOf(i) }], computedAt: new Date() })),
  ...hidden.map((p) => ({ projectId: p.id, customerId: company!.id, score: 99, reasons: [{ reason: "Industry", points: 99 }], computedAt: new Date() })),
]);
const best = shown.map((p, i) => ({ projectId: p.id, score: scoreOf(i) })).sort((a, b) => b.score - a.score || a.projectId - b.projectId);

const get = async (query = "") => {
  const response = await route.loader({ request: getRequest(`/api/1.0/matches${query}`, cookie), context, params: {} });
  return { status: response.status, body: (await response.json()) as { data: Array<{ projectId: number; score: number; reasons: unknown }> } & Record<string, unknown> };
};
const sellerGet = async (query: string) => {
  const [project] = await app.publishedProjects(seller.user.id);
  const response = await sellerRoute.loader({ request: getRequest(`/api/1.0/projects/${project!.id}/matches${query}`, seller.cookie), context, params: { id: String(project!.id) } });
  return (await response.json()) as Record<string, unknown>;
};

describe("GET /api/1.0/matches, a page at a time", () => {
  it("serves the best 100 visible matches first, then the next 100 at ?page=2 and the rest at ?page=3", async () => {
    const pages = [await get(), await get("?page=2"), await get("?page=3")];
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
    expect(pages.map((p) => p.body.data.length)).toEqual([100, 100, 30]);
    const served = pages.flatMap((p) => p.body.data);
    expect(served.map(({ projectId, score }) => ({ projectId, score }))).toEqual(best);
    expect(served.every((m) => !hidden.some((h) => h.id === m.projectId))).toBe(true);
    // each row keeps its three keys, no more
    expect(Object.keys(served[0]!).sort()).toEqual(["projectId", "reasons", "score"]);
  });

  it("reads a page number it cannot take as the first, and a page past the last as an empty page, as the seller's does", async () => {
    const first = await get();
    for (const page of ["abc", "0", "-1", "1.5", ""]) {
      const answer = await get(`?page=${page}`);
      expect(answer.status, page).toBe(200);
      expect(answer.body, page).toEqual(first.body);
    }
    for (const page of ["4", "10000", "1e300", "Infinity"]) {
      const answer = await get(`?page=${page}`);
      expect(answer.status, page).toBe(200);
      expect(answer.body.data, page).toEqual([]);
      expect(Object.keys(answer.body).sort(), page).toEqual(Object.keys(await sellerGet(`?page=${page}`)).sort());
    }
    expect(Object.keys(first.body).sort()).toEqual(Object.keys(await sellerGet("")).sort());
  });
});
