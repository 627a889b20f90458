import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The search as its loader answers a browser: the demo market, a demo buyer's session. */
const app = await bootApp("route-search");
const { loader, action } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { requestNda } = await import("~/models/contracts.server");
const { projects } = await import("~/.server/db/schema");
const { context, services } = app;

const buyer = await app.member("buyer@demo.test");
const seller = await app.member("seller@demo.test");
const broker = await app.member("broker@demo.test");
afterAll(() => app.cleanup());

const search = (url: string, cookie: string) => sent(loader({ request: getRequest(url, cookie), context, params: {} }));
const data = async (url: string, cookie: string) => (await search(url, cookie)).json();

describe("buyers' search loader", () => {
  it("draws the filtered results on the map (view=map): a dot per result up to the cap, coordinates rounded, no table rows", async () => {
    const table = await data("/buyers/search?industry=Real+Estate", buyer.cookie);
    const mapped = await data("/buyers/search?industry=Real+Estate&view=map", buyer.cookie);
    expect(mapped.rows).toEqual([]);
    expect(mapped.total).toBe(table.total);
    // the map arrives drawn: a link per dot, and the counts by state in its table
    const html = mapped.map!.html;
    const dots = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);
    expect(dots).toHaveLength(Math.min(table.total, 500));
    expect(dots.every((href) => /^\/(realestate|projects\/more-details)\/\d+$/.test(href))).toBe(true);
    const counts = [...html.matchAll(/data-testid="state-count-[A-Z]{2}">([\d,]+)</g)].map((m) => Number(m[1]!.replace(/,/g, "")));
    expect(counts.reduce((n, c) => n + c, 0)).toBe(dots.length);
    const { searchProjectPlaces } = await import("~/models/projects.server");
    const { places, capped } = await searchProjectPlaces(services.db, { industry: "Real Estate" }, 3);
    expect(places).toHaveLength(3);
    expect(capped).toBe(true);
    for (const p of places.filter((p) => p.latitude !== null)) expect((p.latitude! * 2) % 1).toBe(0);
    expect((await data("/buyers/search", buyer.cookie)).map).toBeNull();
  });

  it("answers 25 published listings a page, the next page the next 25, never the borrower", async () => {
    const first = await data("/buyers/search", buyer.cookie);
    expect(first.pageSize).toBe(25);
    expect(first.rows).toHaveLength(25);
    expect(first.total).toBeGreaterThan(25);
    const { inArray } = await import("drizzle-orm");
    const listed = await services.db.select({ status: projects.status }).from(projects).where(inArray(projects.id, first.rows.map((r) => r.id)));
    expect(listed).toHaveLength(25);
    for (const { status } of listed) expect(["published", "under_offer"]).toContain(status);
    for (const row of first.rows) {
      expect(row).not.toHaveProperty("borrower");
      expect(row).not.toHaveProperty("fullDetails");
    }
    const second = await data("/buyers/search?page=2", buyer.cookie);
    expect(second.page).toBe(2);
    const firstIds = new Set(first.rows.map((r) => r.id));
    expect(second.rows.length).toBeGreaterThan(0);
    expect(second.rows.some((r) => firstIds.has(r.id))).toBe(false);
  });

  it("filters by the industry and the words in the URL", async () => {
    const all = await data("/buyers/search", buyer.cookie);
    const industry = all.rows[0]!.industry!;
    const byIndustry = await data(`/buyers/search?industry=${encodeURIComponent(industry)}`, buyer.cookie);
    expect(byIndustry.total).toBeGreaterThan(0);
    expect(byIndustry.total).toBeLessThan(all.total);
    expect(byIndustry.rows.every((r) => r.industry === industry)).toBe(true);
    expect(byIndustry.view.filters.industry).toBe(industry);

    // a listing with a word no demo listing has
    const [quokka] = await services.db
      .insert(projects)
      .values({ sellerId: seller.user.id, kind: "insurance_loan", status: "published", projectName: "Quokka orchard receivables", industry: "Insurance", publishedAt: new Date() })
      .returning();
    const found = await data("/buyers/search?q=quokka", buyer.cookie);
    expect(found.total).toBe(1);
    expect(found.rows.map((r) => [r.id, r.projectName])).toEqual([[quokka!.id, "Quokka orchard receivables"]]);
    // the words and the industry together
    expect((await data("/buyers/search?q=quokka&industry=Insurance", buyer.cookie)).total).toBe(1);
    const other = industry === "Insurance" ? "Real Estate" : industry;
    expect((await data(`/buyers/search?q=quokka&industry=${encodeURIComponent(other)}`, buyer.cookie)).total).toBe(0);
    // a draft is never found
    await services.db
      .insert(projects)
      .values({ sellerId: seller.user.id, kind: "insurance_loan", status: "draft", projectName: "Quokka draft portfolio", industry: "Insurance" });
    expect((await data("/buyers/search?q=quokka", buyer.cookie)).total).toBe(1);
  });

  it("shows each member their own NDA status on a listing, and nobody else's", async () => {
    const before = await data("/buyers/search", buyer.cookie);
    const target = before.rows[1]!;
    expect(target.ndaStatus).toBeNull();
    const project = (await services.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, target.id) }))!;
    await requestNda(app.deal, project, buyer.user);

    const after = await data("/buyers/search", buyer.cookie);
    const statuses = new Map(after.rows.map((r) => [r.id, r.ndaStatus]));
    expect(statuses.get(target.id)).toBe("Requested");
    expect(after.rows.filter((r) => r.id !== target.id).every((r) => r.ndaStatus === null)).toBe(true);

    const otherBuyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const theirs = await data("/buyers/search", await app.cookieFor(otherBuyer));
    expect(theirs.rows.find((r) => r.id === target.id)?.ndaStatus).toBeNull();
  });

  it("is the buyers' page at /buyers/search and the brokers' at /brokers/search: anyone else gets 404", async () => {
    expect((await responseOf(search("/buyers/search", seller.cookie))).status).toBe(404);
    expect((await responseOf(search("/buyers/search", broker.cookie))).status).toBe(404);
    expect((await responseOf(search("/brokers/search", buyer.cookie))).status).toBe(404);
    expect((await responseOf(search("/brokers/search", seller.cookie))).status).toBe(404);
    const brokers = await search("/brokers/search", broker.cookie);
    expect(brokers.status).toBe(200);
    expect((await brokers.json()).rows).toHaveLength(25);
  });

  it("sends a visitor to sign in, the search kept", async () => {
    const response = await responseOf(loader({ request: getRequest("/buyers/search?q=pool"), context, params: {} }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signin?${new URLSearchParams({ redirect: "/buyers/search?q=pool" })}`);
  });
});

describe("buyers' search action", () => {
  it("saves the view the URL shows, so the next plain visit opens with it", async () => {
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(member);
    const saved = await responseOf(
      action({ request: postRequest("/buyers/search?industry=Insurance", cookie, { intent: "save-view", table: "projectSearch" }), context, params: {} }),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/buyers/search?industry=Insurance");
    const next = await data("/buyers/search", cookie);
    expect(next.view.filters.industry).toBe("Insurance");
    expect(next.rows.every((r) => r.industry === "Insurance")).toBe(true);
  });

  it("sends each row with the columns the member shows, and a column turned on with the next page", async () => {
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(member);
    const before = await data("/buyers/search", cookie);
    // the default view shows no state column; the row still links and is keyed by its id
    expect(Object.keys(before.rows[0]!).sort()).toEqual(
      [...Object.keys(before.view.visible).filter((key) => before.view.visible[key]), "id", "updatedAt", "href"].sort(),
    );
    expect(before.rows[0]).not.toHaveProperty("state");
    expect(before.rows[0]).not.toHaveProperty("impressionsCounter");
    const columns = [...Object.keys(before.view.visible).filter((key) => before.view.visible[key]), "state"];
    const chosen = new URLSearchParams([["intent", "columns"], ["table", "projectSearch"], ...columns.map((c) => ["column", c])]);
    expect((await responseOf(action({ request: postRequest("/buyers/search", cookie, chosen), context, params: {} }))).status).toBe(302);
    // the next page: a request of its own (the member is looked up once per request's context)
    const after = await (await sent(loader({ request: getRequest("/buyers/search", cookie), context: {}, params: {} }))).json();
    expect(after.rows.every((r) => "state" in r)).toBe(true);
    expect(after.rows.some((r) => typeof r.state === "string" && r.state !== "")).toBe(true);
  });

  it("saves the search the page shows under a name: its filters in canonical order, a name used twice refused", async () => {
    const member = await makeUser(services.db, { roles: ["ROLE_BROKER"] });
    const cookie = await app.cookieFor(member);
    const url = "/brokers/search?region=West&industry=Energy&status=Any&q=&sort=size&page=2";
    const saved = await responseOf(action({ request: postRequest(url, cookie, { intent: "save-search", name: "Energy west" }), context, params: {} }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(url);
    const { listSavedSearches } = await import("~/models/saved-searches.server");
    expect(await listSavedSearches(services.db, { userId: member.id })).toMatchObject([{ name: "Energy west", query: "industry=Energy&region=West", alerts: true }]);

    const again = await responseOf(action({ request: postRequest(url, cookie, { intent: "save-search", name: "energy WEST" }), context, params: {} }));
    expect(again.status).toBe(409);
    const { result } = (await again.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error.name).toEqual(["You already have a saved search with this name."]);
    const unnamed = await responseOf(action({ request: postRequest(url, cookie, { intent: "save-search", name: " " }), context, params: {} }));
    expect(unnamed.status).toBe(400);
  });

  it("answers 400 to a form it does not know", async () => {
    const response = await responseOf(action({ request: postRequest("/buyers/search", buyer.cookie, { intent: "launch" }), context, params: {} }));
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error[""]).toEqual(["Unknown request"]);
  });
});
