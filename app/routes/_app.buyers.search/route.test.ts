import { afterAll, describe, expect, it, vi } from "vitest";
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

type Page = Awaited<ReturnType<typeof data>>;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&").trim();
/** The rows the page drew (its body's markup), as a member reads them: each shown column's text, and the row's link. */
function rowsOf(page: Page) {
  const shown = page.view.headers.map((h) => h.value).filter((key) => page.view.visible[key] !== false);
  return [...(page.body?.html ?? "").matchAll(/<tr\b[^>]*>(.*?)<\/tr>/gs)].map(([, row]) => {
    const cells = [...row!.matchAll(/<td\b[^>]*>(.*?)<\/td>/gs)].map(([, cell]) => text(cell!));
    const href = /href="([^"]+)"/.exec(row!)?.[1] ?? null;
    return { id: Number(/\/(\d+)$/.exec(href ?? "")?.[1]), href, cells: Object.fromEntries(shown.map((key, i) => [key, cells[i]])), drawn: cells.length };
  });
}

describe("buyers' search loader", () => {
  it("draws the filtered results on the map (view=map): a dot per result up to the cap, coordinates rounded, no table rows", async () => {
    const table = await data("/buyers/search?industry=Real+Estate", buyer.cookie);
    const mapped = await data("/buyers/search?industry=Real+Estate&view=map", buyer.cookie);
    expect(mapped.body).toBeNull();
    expect(mapped.total).toBe(table.total);
    // the map arrives drawn: a link per dot, and the counts by state in its table
    const html = mapped.map!.html;
    // the dots, not the larger targets under them (the same links, out of the tab order)
    const dots = [...html.matchAll(/<a href="([^"]+)" aria-label=/g)].map((m) => m[1]!);
    expect(dots).toHaveLength(Math.min(table.total, 500));
    expect(dots.every((href) => /^\/(realestate|projects\/more-details)\/\d+$/.test(href))).toBe(true);
    const counts = [...html.matchAll(/data-testid="state-count-[A-Z]{2}">([\d,]+)</g)].map((m) => Number(m[1]!.replace(/,/g, "")));
    expect(counts.reduce((n, c) => n + c, 0)).toBe(dots.length);
    const { searchProjectPlaces } = await import("~/models/project-search.server");
    const { places, capped } = await searchProjectPlaces(services.db, { industry: "Real Estate" }, 3);
    expect(places).toHaveLength(3);
    expect(capped).toBe(true);
    for (const p of places.filter((p) => p.latitude !== null)) expect((p.latitude! * 2) % 1).toBe(0);
    expect((await data("/buyers/search", buyer.cookie)).map).toBeNull();
  });

  it("answers 25 published listings a page, the next page the next 25, never the borrower", async () => {
    const first = await data("/buyers/search", buyer.cookie);
    expect(first.pageSize).toBe(25);
    const firstRows = rowsOf(first);
    expect(firstRows).toHaveLength(25);
    expect(first.total).toBeGreaterThan(25);
    const { inArray } = await import("drizzle-orm");
    const listed = await services.db
      .select({ status: projects.status, borrower: projects.borrower })
      .from(projects)
      .where(inArray(projects.id, firstRows.map((r) => r.id)));
    expect(listed).toHaveLength(25);
    for (const { status } of listed) expect(["published", "under_offer"]).toContain(status);
    // the rows go as their markup alone, and no borrower is in it
    expect(first).not.toHaveProperty("rows");
    for (const { borrower } of listed.filter((p) => p.borrower)) expect(first.body!.html).not.toContain(borrower);
    const second = await data("/buyers/search?page=2", buyer.cookie);
    expect(second.page).toBe(2);
    const firstIds = new Set(firstRows.map((r) => r.id));
    expect(rowsOf(second).length).toBeGreaterThan(0);
    expect(rowsOf(second).some((r) => firstIds.has(r.id))).toBe(false);
  });

  it("filters by the industry and the words in the URL", async () => {
    const all = await data("/buyers/search", buyer.cookie);
    const industry = rowsOf(all)[0]!.cells.industry!;
    const byIndustry = await data(`/buyers/search?industry=${encodeURIComponent(industry)}`, buyer.cookie);
    expect(byIndustry.total).toBeGreaterThan(0);
    expect(byIndustry.total).toBeLessThan(all.total);
    expect(rowsOf(byIndustry).every((r) => r.cells.industry === industry)).toBe(true);
    expect(byIndustry.view.filters.industry).toBe(industry);

    // a listing with a word no demo listing has
    const [quokka] = await services.db
      .insert(projects)
      .values({ sellerId: seller.user.id, kind: "insurance_loan", status: "published", projectName: "Quokka orchard receivables", industry: "Insurance", publishedAt: new Date() })
      .returning();
    const found = await data("/buyers/search?q=quokka", buyer.cookie);
    expect(found.total).toBe(1);
    expect(rowsOf(found).map((r) => [r.id, r.cells.projectName])).toEqual([[quokka!.id, "Quokka orchard receivables"]]);
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
    const target = rowsOf(before)[1]!;
    expect(target.cells.ndaStatus).toBe("—");
    const project = (await services.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, target.id) }))!;
    await requestNda(app.deal, project, buyer.user);

    const after = await data("/buyers/search", buyer.cookie);
    const statuses = new Map(rowsOf(after).map((r) => [r.id, r.cells.ndaStatus]));
    expect(statuses.get(target.id)).toBe("Requested");
    expect(rowsOf(after).filter((r) => r.id !== target.id).every((r) => r.cells.ndaStatus === "—")).toBe(true);

    const otherBuyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const theirs = await data("/buyers/search", await app.cookieFor(otherBuyer));
    expect(rowsOf(theirs).find((r) => r.id === target.id)?.cells.ndaStatus).toBe("—");
  });

  it("sends a page past the last to the last, its filters and sort kept", async () => {
    const filtered = await data("/buyers/search?industry=Real+Estate&sort=projectName&desc=0", buyer.cookie);
    const last = Math.ceil(filtered.total / 25);
    expect(last).toBeGreaterThan(0);
    const past = await responseOf(search(`/buyers/search?industry=Real+Estate&sort=projectName&desc=0&page=${last + 3}`, buyer.cookie));
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`/buyers/search?industry=Real+Estate&sort=projectName&desc=0&page=${last}`);
    const lastPage = await data(past.headers.get("Location")!, buyer.cookie);
    expect(rowsOf(lastPage)).toHaveLength(filtered.total - (last - 1) * 25);
    // nothing matching is no page to go to: the empty table, not a redirect
    const none = await search("/buyers/search?q=zzzqqqxxnomatch&page=4", buyer.cookie);
    expect(none.status).toBe(200);
    expect((await none.json()).total).toBe(0);
  });

  it("sorts by every header it offers to sort by, and offers no other", async () => {
    const { SORTABLE } = await import("~/models/project-search.server");
    const page = await data("/buyers/search", buyer.cookie);
    const offered = page.view.headers.filter((h) => h.sortable !== false).map((h) => h.value);
    expect(offered).toContain("projectName");
    expect(offered).not.toContain("saleType");
    for (const key of offered) expect(Object.keys(SORTABLE)).toContain(key);
    // a sort the headers do not offer (once a sale type's link) is not shown as the table's order
    const bySaleType = await data("/buyers/search?sort=saleType&desc=0", buyer.cookie);
    expect(bySaleType.view.sortBy).toBe("date");
    expect(rowsOf(bySaleType).map((r) => r.id)).toEqual(rowsOf(await data("/buyers/search?sort=date&desc=0", buyer.cookie)).map((r) => r.id));
    // in best-match order no header is the table's sort (it showed "Size ↑" over rows in best-match order)
    expect((await data("/buyers/search?order=best&sort=size&desc=0", buyer.cookie)).view.sortBy).toBe("");
  });

  it("is the buyers' page at /buyers/search and the brokers' at /brokers/search: anyone else gets 404", async () => {
    expect((await responseOf(search("/buyers/search", seller.cookie))).status).toBe(404);
    expect((await responseOf(search("/buyers/search", broker.cookie))).status).toBe(404);
    expect((await responseOf(search("/brokers/search", buyer.cookie))).status).toBe(404);
    expect((await responseOf(search("/brokers/search", seller.cookie))).status).toBe(404);
    const brokers = await search("/brokers/search", broker.cookie);
    expect(brokers.status).toBe(200);
    expect(rowsOf(await brokers.json())).toHaveLength(25);
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
    expect(rowsOf(next).every((r) => r.cells.industry === "Insurance")).toBe(true);
  });

  it("draws each row in the columns the member shows, and a column turned on with the next page", async () => {
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(member);
    const before = await data("/buyers/search", cookie);
    // the default view shows no state column; the row still links to its teaser
    const shownBefore = Object.keys(before.view.visible).filter((key) => before.view.visible[key]);
    const [row] = rowsOf(before);
    expect(row!.drawn).toBe(shownBefore.length);
    expect(row!.href).toMatch(new RegExp(`^/(projects/more-details|realestate)/${row!.id}$`));
    expect(shownBefore).not.toContain("state");
    expect(shownBefore).not.toContain("impressionsCounter");
    const columns = [...Object.keys(before.view.visible).filter((key) => before.view.visible[key]), "state"];
    const chosen = new URLSearchParams([["intent", "columns"], ["table", "projectSearch"], ...columns.map((c) => ["column", c])]);
    expect((await responseOf(action({ request: postRequest("/buyers/search", cookie, chosen), context, params: {} }))).status).toBe(302);
    // the next page: a request of its own (the member is looked up once per request's context)
    const after = await (await sent(loader({ request: getRequest("/buyers/search", cookie), context: {}, params: {} }))).json();
    const rowsAfter = rowsOf(after);
    expect(rowsAfter.every((r) => r.drawn === columns.length && typeof r.cells.state === "string")).toBe(true);
    expect(rowsAfter.some((r) => r.cells.state !== "—")).toBe(true);
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
    expect(result.error[""]).toEqual(["This action is not available on this page."]);
  });
});

describe("a HEAD of the search", () => {
  it("answers as the GET does and counts no impression of the listings it would show", async () => {
    const impressions = vi.spyOn(services, "recordLook").mockImplementation(() => {});
    try {
      const request = new Request(getRequest("/buyers/search", buyer.cookie), { method: "HEAD" });
      expect((await responseOf(loader({ request, context, params: {} }))).status).toBe(200);
      expect(impressions).not.toHaveBeenCalled();
      await search("/buyers/search", buyer.cookie);
      expect(impressions).toHaveBeenCalledTimes(1);
    } finally {
      impressions.mockRestore();
    }
  });
});

describe("a filter value no list offers", () => {
  it("is ignored, on every filter, and the form shows it unset: the page lists what it lists without it", async () => {
    const all = await data("/buyers/search", buyer.cookie);
    for (const key of ["industry", "region", "status", "transactionSize"]) {
      const page = await data(`/buyers/search?${key}=No+such+value`, buyer.cookie);
      expect([key, page.total]).toEqual([key, all.total]);
      expect([key, page.view.filters[key]]).toEqual([key, undefined]);
    }
  });
});
