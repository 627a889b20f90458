import { expect, test, type APIRequestContext } from "@playwright/test";
import { listProject, pageAs, token } from "./listing-steps";
import { apiClient, baseUrlOf, DEMO } from "./support";

/** A visit to the project's teaser, as the tracker would send it, with `minutes` of active time. */
function visit(userId: number, projectId: number, minutes: number, start: number) {
  const ms = minutes * 60_000;
  return {
    sessionId: `charts-${token()}`,
    userId,
    route: `/projects/more-details/${projectId}`,
    params: { id: String(projectId) },
    query: {},
    sessionStart: start,
    sessionEnd: start + ms,
    totalDuration: ms,
    activeTime: ms,
    lastActiveTime: start + ms,
    isPageActive: false,
    userInteractions: { clicks: 1, keystrokes: 0, scrollEvents: 2, mouseMovements: 5, mouseLeaves: 0 },
    scrollDepthMax: 50,
    interactionTimepoints: [],
    pageType: "company-before-nda",
    companyId: projectId,
    userAgent: "e2e",
    screenWidth: 1280,
    screenHeight: 800,
    language: "en",
  };
}

async function memberId(client: APIRequestContext) {
  const response = await client.get("/home?_data=root");
  return ((await response.json()) as { user: { id: number } }).user.id;
}

test("the seller sees buyers' views and active time per day and the deal funnel, drawn with their numbers for screen readers", async ({ browser, javaScriptEnabled }, testInfo) => {
  const base = baseUrlOf(testInfo);
  const name = `Charted company ${token()}`;
  const seller = await pageAs(browser, base, DEMO.seller, javaScriptEnabled);
  const id = await listProject(seller, "Limited company", name, `Confidential Borrower ${token()}`);
  const admin = await pageAs(browser, base, DEMO.admin, javaScriptEnabled);
  await admin.goto(`/admin/projects/${id}`);
  await admin.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("The project is published.");
  await admin.context().close();

  // two visits by one buyer today: 1 view (a buyer counts once a day, as the Views figure counts them), 3 active minutes, 1 buyer who viewed
  const buyer = await apiClient(base, DEMO.buyer);
  const buyerId = await memberId(buyer);
  // both visits start at one moment, so they fall on one UTC day even when the test runs across midnight
  const start = Date.now() - 3 * 60_000 - 5_000;
  for (const minutes of [2, 1]) {
    const sent = await buyer.post("/api/analytics/session", { data: Buffer.from(JSON.stringify(visit(buyerId, id, minutes, start))), headers: { "Content-Type": "application/json" } });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
  }
  await buyer.dispose();

  // the endpoint answers before the rows are written
  await expect
    .poll(async () => {
      await seller.goto(`/sellers/myprojects/${id}`);
      return seller.getByTestId("chart-active-time").getByTestId("chart-total").textContent();
    }, { timeout: 20_000 })
    .toBe("3");
  const today = new Date(start).toISOString().slice(0, 10);
  const views = seller.getByTestId("chart-views");
  await expect(views.getByRole("img", { name: "Views per day, last 90 days" })).toBeVisible();
  await expect(views.getByTestId("chart-total")).toHaveText("1");
  // the table lists the days with any: the header and today
  await expect(views.getByRole("table", { name: "Views per day" }).getByRole("row")).toHaveCount(2);
  await expect(views.getByRole("row", { name: new RegExp(today) })).toHaveText(new RegExp(`${today}\\s*1$`));

  const active = seller.getByTestId("chart-active-time");
  await expect(active.getByRole("img", { name: "Active time per day, last 90 days" })).toBeVisible();
  await expect(active.getByTestId("chart-total")).toHaveText("3");
  await expect(active.getByRole("row", { name: new RegExp(today) })).toHaveText(new RegExp(`${today}\\s*3$`));

  const funnel = seller.getByTestId("chart-deal-funnel");
  await expect(funnel.getByRole("img", { name: "Deal funnel: buyers at each step" })).toBeVisible();
  const steps = funnel.getByRole("table", { name: "Deal funnel" });
  for (const [step, count] of [["Viewed", 1], ["NDA signed", 0], ["Approved", 0], ["Offer", 0]] as const) {
    await expect(steps.getByRole("row", { name: step, exact: false }).filter({ hasText: new RegExp(`^${step}\\s*${count}$`) })).toHaveCount(1);
  }
  await seller.context().close();
});
