import { expect, test } from "@playwright/test";
import { pageAs } from "./listing-steps";
import { baseUrlOf, DEMO, SEEDED_BUYER } from "./support";

/** The seeded demo market's charts: drawn on the server, so they show (with their tables) with JavaScript on and off. */

test("the admin sees the members' sessions per day by page type over 90 days, with the numbers for screen readers", async ({ browser, javaScriptEnabled }, testInfo) => {
  const admin = await pageAs(browser, baseUrlOf(testInfo), DEMO.admin, javaScriptEnabled);
  await admin.goto("/admin/analytics");
  const chart = admin.getByTestId("chart-sessions");
  await expect(chart.getByRole("img", { name: "Sessions per day by page type, last 90 days" })).toBeVisible();
  // the seeded market's members browsed on most of the last 90 days
  expect(Number(await chart.getByTestId("chart-total").textContent())).toBeGreaterThan(500);
  const table = chart.getByRole("table", { name: "Sessions per day by page type" });
  // a row for each day with any sessions, of the 90: most of them in the seeded market
  const days = await table.locator("tbody tr").count();
  expect(days).toBeGreaterThan(45);
  expect(days).toBeLessThanOrEqual(90);
  await expect(table.getByRole("columnheader")).toHaveText(["Day", "Project after NDA", "Search", "Home", "Project teaser", "Other", "All"]);
  await admin.context().close();
});

test("a buyer sees how far each of their deals got, with the same in a table for screen readers", async ({ browser, javaScriptEnabled }, testInfo) => {
  const buyer = await pageAs(browser, baseUrlOf(testInfo), SEEDED_BUYER, javaScriptEnabled);
  await buyer.goto("/buyers/myprojects/index_new");
  const chart = buyer.getByTestId("chart-deal-stages");
  await expect(chart.getByRole("img", { name: "Deal stages" })).toBeVisible();
  const table = chart.getByRole("table", { name: "Deal stages" });
  await expect(table.getByRole("columnheader")).toHaveText(["Deal", "Furthest step"]);
  // the first buyer company's member: an offer accepted, others made (one still under negotiation)
  await expect(table.getByRole("cell", { name: "Accepted", exact: true })).toHaveCount(1);
  await expect(table.getByRole("cell", { name: "Offer", exact: true }).first()).toBeVisible();

  // a deal's row (drawn by the server) opens its workspace; with JavaScript within the app, the page not loaded again
  type Marked = { stayed?: boolean; __remixRouter?: { state: { initialized: boolean } } };
  if (javaScriptEnabled) {
    await buyer.waitForFunction(() => (window as unknown as Marked).__remixRouter?.state.initialized);
    await buyer.evaluate(() => ((window as unknown as Marked).stayed = true));
  }
  const deal = buyer.getByTestId("stage-offered").getByRole("link").first();
  const href = (await deal.getAttribute("href"))!;
  expect(href).toMatch(/^\/buyers\/myprojects\/\d+$/);
  await deal.click();
  await expect(buyer).toHaveURL(new RegExp(`${href}$`));
  await expect(buyer.getByRole("heading", { level: 1 })).toBeVisible();
  if (javaScriptEnabled) expect(await buyer.evaluate(() => (window as unknown as Marked).stayed)).toBe(true);
  await buyer.context().close();
});

test("on first run the seller has buyers, NDAs and an offer under negotiation", async ({ browser, javaScriptEnabled }, testInfo) => {
  const seller = await pageAs(browser, baseUrlOf(testInfo), DEMO.seller, javaScriptEnabled);
  await seller.goto("/messages");
  await expect(seller.getByTestId("threads").getByRole("link").first()).toBeVisible();
  await seller.goto("/sellers/myprojects/13");
  const funnel = seller.getByTestId("chart-deal-funnel").getByRole("table", { name: "Deal funnel" });
  await expect(funnel.getByRole("row", { name: /^Offer/ })).not.toHaveText(/^Offer\s*0$/);
  await expect(seller.getByText("Countered by the seller").first()).toBeVisible();
  await seller.context().close();
});
