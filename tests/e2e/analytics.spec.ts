import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pageAs } from "./listing-steps";
import { apiClient, baseUrlOf, DEMO, joinAs } from "./support";

const setVisibility = (page: Page, state: "hidden" | "visible") =>
  page.evaluate((s) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => s });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => s === "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);

function record(sessionId: string, overrides: Record<string, unknown> = {}) {
  const start = Date.now() - 5_000;
  return {
    sessionId,
    userId: 999_999,
    route: "/projects/more-details/7",
    params: { id: "7" },
    query: {},
    sessionStart: start,
    sessionEnd: start + 4_000,
    totalDuration: 4_000,
    activeTime: 3_000,
    lastActiveTime: start + 3_000,
    isPageActive: false,
    userInteractions: { clicks: 1, keystrokes: 0, scrollEvents: 2, mouseMovements: 5, mouseLeaves: 0 },
    scrollDepthMax: 50,
    interactionTimepoints: [{ type: "scroll", time: start + 1_000, depth: 25 }],
    pageType: "company-before-nda",
    companyId: 7,
    userAgent: "bench",
    screenWidth: 1280,
    screenHeight: 800,
    language: "en",
    ...overrides,
  };
}

async function memberId(client: APIRequestContext) {
  const response = await client.get("/home?_data=root");
  return ((await response.json()) as { user: { id: number } }).user.id;
}

const sendRecord = (client: APIRequestContext, data: object) =>
  client.post("/api/analytics/session", { data: Buffer.from(JSON.stringify(data)), headers: { "Content-Type": "application/json" } });

/** A member's page sessions as the admin's table shows them (its first page), read from the page's HTML. */
async function sessionsOf(admin: APIRequestContext, email: string) {
  const response = await admin.get(`/admin/analytics?email=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const rows = [...html.matchAll(/<tr data-testid="session-row" data-session-id="([^"]+)">([\s\S]*?)<\/tr>/g)].map(([, sessionId, row]) => {
    const cell = (testId: string) => row!.match(new RegExp(`data-testid="${testId}"(?: data-ms="(\\d+)")?>([^<]*)<`));
    const [route, pageType, total, active] = ["session-route", "session-page-type", "total-time", "active-time"].map(cell);
    return { sessionId: sessionId!, route: route![2]!, pageType: pageType![2]!, totalDuration: Number(total![1]), activeTime: Number(active![1]) };
  });
  return { rows };
}

test.describe("page-session analytics", () => {
  test("a buyer's visit is tracked with its active time, and shows on the seller's page and the admin view", async ({ page, browser, javaScriptEnabled }, testInfo) => {
    test.skip(!javaScriptEnabled, "the tracker is the page's script");
    const base = baseUrlOf(testInfo);
    const { email, name } = await joinAs(page, { role: "Buyer", name: `Tracy ${Date.now().toString(36)}` });
    await page.goto("/projects/more-details/7");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.mouse.move(200, 300);
    await page.waitForTimeout(2_000);
    await setVisibility(page, "hidden");
    await page.waitForTimeout(3_000);
    await setVisibility(page, "visible");
    await page.mouse.move(220, 320);
    await page.waitForTimeout(2_000);
    // leaving the page by a link ends its session
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/home$/);

    const admin = await apiClient(base, DEMO.admin);
    await expect.poll(async () => (await sessionsOf(admin, email)).rows.filter((r) => r.pageType === "company-before-nda").length, { timeout: 15_000 }).toBe(1);
    const session = (await sessionsOf(admin, email)).rows.find((r) => r.pageType === "company-before-nda")!;
    expect(session.route).toBe("/projects/more-details/7");
    // about 4 s active (2 s + 2 s), about 7 s in total: the hidden 3 s do not count
    expect(session.activeTime).toBeGreaterThan(3_000);
    expect(session.activeTime).toBeLessThan(5_500);
    expect(session.totalDuration).toBeGreaterThan(6_500);
    await admin.dispose();

    // the seller sees the visit under a pseudonym (no NDA signed yet); the admin sees who it was
    const seller = await pageAs(browser, base, DEMO.seller);
    await seller.goto("/sellers/myprojects/7");
    await expect(seller.getByTestId("viewer-row").filter({ hasText: /^Buyer [0-9A-F]{6}/ }).first()).toBeVisible();
    await expect(seller.getByTestId("viewer-row").filter({ hasText: name })).toHaveCount(0);
    await seller.context().close();

    const adminPage = await pageAs(browser, base, DEMO.admin);
    await adminPage.goto("/admin/projects/7");
    await expect(adminPage.getByTestId("viewer-row").filter({ hasText: name })).toBeVisible();
    await adminPage.goto(`/admin/analytics?email=${encodeURIComponent(email)}&pageType=company-before-nda`);
    await expect(adminPage.getByTestId("session-row")).toHaveCount(1);
    await expect(adminPage.getByTestId("session-row")).toContainText("/projects/more-details/7");
    // the market's sessions come a page of 50 at a time, newest first (up to yesterday: other tests add sessions today)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await adminPage.goto(`/admin/analytics?to=${yesterday}`);
    await expect(adminPage.getByTestId("session-row")).toHaveCount(50);
    await expect(adminPage.getByTestId("session-range")).toHaveText(/^1–50 of [\d,]+ sessions$/);
    const newest = await adminPage.getByTestId("session-row").first().textContent();
    await adminPage.getByRole("navigation", { name: "Page-session pages" }).getByRole("link", { name: "Next" }).click();
    await expect(adminPage.getByTestId("session-range")).toHaveText(/^51–100 of /);
    await expect(adminPage.getByTestId("session-row").first()).not.toHaveText(newest!);
    await adminPage.context().close();
  });

  test("an admin is not tracked", async ({ page, javaScriptEnabled }, testInfo) => {
    test.skip(!javaScriptEnabled, "the tracker is the page's script");
    const beacons: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/analytics/session")) beacons.push(r.url());
    });
    await pageAs(page.context().browser()!, baseUrlOf(testInfo), DEMO.admin).then(async (admin) => {
      admin.on("request", (r) => {
        if (r.url().includes("/api/analytics/session")) beacons.push(r.url());
      });
      await admin.goto("/projects/more-details/7");
      await admin.waitForTimeout(800);
      await admin.getByRole("link", { name: "Dashboard" }).click();
      await admin.waitForTimeout(800);
      await admin.goto("/admin/projects");
      await admin.context().close();
    });
    expect(beacons).toEqual([]);
  });

  test("the endpoint refuses bad records with 400 and the fields at fault, and counts a resent session once", async ({ javaScriptEnabled }, testInfo) => {
    test.skip(!javaScriptEnabled, "HTTP-level: once per server");
    const base = baseUrlOf(testInfo);
    const buyer = await apiClient(base, DEMO.broker);
    const brokerId = await memberId(buyer);
    const id = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const post = (data: string | object, headers: Record<string, string> = {}) =>
      buyer.post("/api/analytics/session", {
        // raw bytes: a string would be JSON-encoded once more
        data: Buffer.from(typeof data === "string" ? data : JSON.stringify(data)),
        headers: { "Content-Type": "application/json", ...headers },
      });

    expect((await post(record(id, { userId: brokerId }))).status()).toBe(202);
    expect((await post(record(id, { userId: brokerId }))).status()).toBe(202);

    const wrongTypes = await post(record(`${id}a`, { activeTime: "long", companyId: "seven" }));
    expect(wrongTypes.status()).toBe(400);
    expect((await wrongTypes.json()).fields).toEqual(expect.arrayContaining(["activeTime", "companyId"]));
    const { route: _route, pageType: _pageType, ...missing } = record(`${id}b`, { userId: brokerId });
    const incomplete = await post(missing);
    expect(incomplete.status()).toBe(400);
    expect((await incomplete.json()).fields).toEqual(expect.arrayContaining(["route", "pageType"]));
    // past the beacon's 64 KiB body limit
    const huge = await post(record(`${id}c`, { userAgent: "x".repeat(1024 * 1024) }));
    expect(huge.status()).toBe(413);
    const malformed = await post('{"sessionId": "abc",');
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).error).toBe("Malformed JSON");
    // answered before Remix on the Worker, with the same security headers as every other answer
    expect(malformed.headers()).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY", "content-security-policy": "default-src 'none'; frame-ancestors 'none'" });

    const visitor = await apiClient(base);
    expect((await visitor.post("/api/analytics/session", { data: JSON.stringify(record(`${id}d`)) })).status()).toBe(401);
    await visitor.dispose();
    const admin = await apiClient(base, DEMO.admin);
    expect((await admin.post("/api/analytics/session", { data: JSON.stringify(record(`${id}e`)) })).status()).toBe(204);

    await expect.poll(async () => (await sessionsOf(admin, DEMO.broker)).rows.filter((r) => r.sessionId.startsWith(id)).length, { timeout: 15_000 }).toBe(1);
    const stored = (await sessionsOf(admin, DEMO.broker)).rows.filter((r) => r.sessionId.startsWith(id));
    expect(stored.map((r) => r.sessionId)).toEqual([id]);
    expect((await sessionsOf(admin, DEMO.admin)).rows.filter((r) => r.sessionId.startsWith(id))).toEqual([]);
    await admin.dispose();
    await buyer.dispose();
  });

  test("the endpoint refuses another member's record, a project not on show, and a member past 120 records a minute", async ({ page, javaScriptEnabled }, testInfo) => {
    test.skip(!javaScriptEnabled, "HTTP-level: once per server");
    test.setTimeout(120_000);
    const base = baseUrlOf(testInfo);
    const id = `e2f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    // a fresh member, so the budget this test spends is nobody else's
    await joinAs(page);
    const member = page.request;
    const headers = { Origin: base };
    const own = await memberId(member);
    const send = (data: object) => member.post("/api/analytics/session", { data: Buffer.from(JSON.stringify(data)), headers: { ...headers, "Content-Type": "application/json" } });

    // a shared computer's queue: the broker's record sent with this member's cookie
    const broker = await apiClient(base, DEMO.broker);
    const brokerId = await memberId(broker);
    const foreign = await send(record(`${id}a`, { userId: brokerId }));
    expect(foreign.status()).toBe(400);
    expect((await foreign.json()).fields).toEqual(["userId"]);
    expect((await send(record(`${id}b`, { userId: null }))).status()).toBe(400);

    // a project nobody but its seller may see yet, and one that does not exist
    const seller = await apiClient(base, DEMO.seller);
    const started = await seller.post("/projects/create", { form: { intent: "start", kind: "insurance_loan" }, maxRedirects: 0 });
    expect(started.status()).toBe(302);
    const draft = Number(new URL(started.headers()["location"]!, base).searchParams.get("draft"));
    expect(draft).toBeGreaterThan(0);
    for (const companyId of [draft, 987_654_321]) {
      const refused = await send(record(`${id}c${companyId}`, { userId: own, companyId, route: `/projects/more-details/${companyId}` }));
      expect(refused.status()).toBe(400);
      expect((await refused.json()).fields).toEqual(["companyId"]);
    }
    const sellerId = await memberId(seller);
    expect((await sendRecord(seller, record(`${id}d`, { userId: sellerId, companyId: draft }))).status()).toBe(400);
    await seller.dispose();

    // the budget: 120 records a minute (the refusals above counted too); a window boundary may reset it once
    const statuses: number[] = [];
    for (let i = 0; i < 250 && !statuses.includes(429); i++) {
      statuses.push((await send(record(`${id}e${i}`, { userId: own }))).status());
    }
    expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(240);
    const limited = await send(record(`${id}f`, { userId: own }));
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);

    // nothing refused was stored, and the broker was credited with nothing
    const admin = await apiClient(base, DEMO.admin);
    expect((await sessionsOf(admin, DEMO.broker)).rows.filter((r) => r.sessionId.startsWith(id))).toEqual([]);
    await admin.dispose();
    await broker.dispose();
  });
});
