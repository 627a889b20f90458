import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf, sent } from "../../tests/support/app";

/** The session door of the JSON API: the same member the pages would serve, no more. */
const app = await bootApp("api-session");
const route = await import("./api.[1.0].projects.$id.matches");
const sellerPage = await import("./_app.sellers.myprojects.$id/route");
const { makeUser } = await import("~/seed/factories");
const { context, services } = app;
afterAll(() => app.cleanup());

const seller = await app.member("seller@demo.test");
const admin = await app.member("admin@demo.test");
const [project] = await app.publishedProjects(seller.user.id);
const get = (cookie: string) => route.loader({ request: getRequest(`/api/1.0/projects/${project!.id}/matches`, cookie), context, params: { id: String(project!.id) } });

describe("GET /api/1.0/projects/{id}/matches with a session", () => {
  it("serves the project's seller and an admin with two-factor sign-in on", async () => {
    expect((await get(seller.cookie)).status).toBe(200);
    expect((await get(admin.cookie)).status).toBe(200);
  });

  it("serves nothing to an admin who has not turned two-factor sign-in on (every page sends them to enrol first)", async () => {
    const unenrolled = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    const response = await get(await app.cookieFor(unenrolled));
    expect(response.status).toBe(401);
  });

  it("answers a request with neither a session nor a token 401 naming the Bearer scheme, as /api/1.0/me does", async () => {
    const matched = await get("");
    const buyers = await (await import("./api.[1.0].matches")).loader({ request: getRequest("/api/1.0/matches", ""), context, params: {} });
    for (const response of [matched, buyers]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="api"');
      expect(await response.json()).toEqual({ error: "Sign in or send a Bearer token" });
    }
  });

  it("answers an id that names no record in JSON, as any other not found", async () => {
    for (const id of ["abc", "0", "1e3", "99999999999999999"]) {
      const response = await route.loader({ request: getRequest(`/api/1.0/projects/${id}/matches`, seller.cookie), context, params: { id } });
      expect(response.status, id).toBe(404);
      expect(response.headers.get("Content-Type"), id).toMatch(/application\/json/);
      expect(await response.json(), id).toEqual({ error: expect.any(String) });
    }
  });
});

const { saveGrants } = await import("~/models/seller-permissions.server");
// a second listing of the seller's, shared with a colleague (agent@demo.test, of the seller's company)
const [, shared] = await app.publishedProjects(seller.user.id);
const colleague = await app.member("agent@demo.test");
const getShared = (cookie: string) =>
  route.loader({ request: getRequest(`/api/1.0/projects/${shared!.id}/matches`, cookie), context, params: { id: String(shared!.id) } });
// a load context of its own each time, as each request has: a page's loaders share the member they looked up by context
const openPage = (cookie: string) =>
  sellerPage.loader({ request: getRequest(`/sellers/myprojects/${shared!.id}`, cookie), context: {}, params: { id: String(shared!.id) } });
const grant = (projects: Record<string, ("view" | "offers")[]>) => saveGrants(services.db, { actor: seller.user, memberId: colleague.user.id, grants: { all: [], projects } });

describe("GET /api/1.0/projects/{id}/matches for the seller's colleagues", () => {

  it("serves a colleague the seller's page shows the matched buyers to, the same rows the seller gets", async () => {
    await grant({ [String(shared!.id)]: ["view"] });
    expect((await (await sent(openPage(colleague.cookie))).json()).matched?.html).toContain("Matched buyers");
    const response = await getShared(colleague.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body).toEqual(await (await getShared(seller.cookie)).json());
  });

  it("answers 404 to a colleague without a grant on the project, another company's seller and a buyer, as for a project that does not exist", async () => {
    await grant({ [String(project!.id)]: ["offers"] });
    const stranger = await app.member("lakeshore@demo.test");
    const buyer = await app.member("buyer@demo.test");
    for (const [who, cookie] of [["colleague", colleague.cookie], ["another company's seller", stranger.cookie], ["buyer", buyer.cookie]] as const) {
      const response = await getShared(cookie);
      expect(response.status, who).toBe(404);
      expect(await response.json(), who).toEqual({ error: expect.any(String) });
      // nor does the seller's page show them the buyers
      expect((await responseOf(openPage(cookie))).status, who).not.toBe(200);
    }
  });
});

describe("GET /api/1.0/projects/{id}/matches: the buyers the seller's page keeps anonymous", () => {
  type Match = { customerId: number | null; customerName: string | null; label: string; anonymous: boolean };
  const matchesOf = async (cookie: string, id: number) =>
    ((await (await route.loader({ request: getRequest(`/api/1.0/projects/${id}/matches`, cookie), context, params: { id: String(id) } })).json()) as { data: Match[] }).data;
  const pageLabels = async (cookie: string, id: number) => {
    const data = await (await sent(sellerPage.loader({ request: getRequest(`/sellers/myprojects/${id}`, cookie), context: {}, params: { id: String(id) } }))).json();
    return [...data.matched!.html.matchAll(/<td class="[^"]*\bfont-medium\b[^"]*">([^<]*)<\/td>/g)].map((m) => m[1]);
  };

  it("tells the seller each one apart as the page does (\"Buyer #n\", its rank), and which are anonymous, naming only those past the NDA", async () => {
    const { eq } = await import("drizzle-orm");
    const { users } = await import("~/.server/db/schema");
    const [, , listing] = await app.publishedProjects(seller.user.id);
    // the second best company signs the NDA: the page names it, and only it
    const before = await matchesOf(admin.cookie, listing!.id);
    expect(before.length).toBeGreaterThan(2);
    const [member] = await services.db.select().from(users).where(eq(users.customerId, before[1]!.customerId!)).limit(1);
    await app.approvedNda(listing!, member!);

    const data = await matchesOf(seller.cookie, listing!.id);
    expect(data.map((m) => m.label).slice(0, 25)).toEqual(await pageLabels(seller.cookie, listing!.id));
    expect(data[0]).toMatchObject({ customerId: null, customerName: null, label: "Buyer #1", anonymous: true });
    expect(data[1]).toMatchObject({ customerId: before[1]!.customerId, customerName: before[1]!.customerName, label: before[1]!.customerName, anonymous: false });
    expect(data[2]).toMatchObject({ customerId: null, customerName: null, label: "Buyer #3", anonymous: true });
    expect(new Set(data.map((m) => m.label)).size).toBe(data.length);
    // an admin is shown every name
    expect((await matchesOf(admin.cookie, listing!.id)).every((m) => !m.anonymous && m.label === m.customerName && m.customerName)).toBe(true);
  });
});
