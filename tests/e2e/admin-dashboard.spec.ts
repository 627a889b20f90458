import { expect, test, type Page } from "@playwright/test";
import { DEMO, signIn, uniqueEmail } from "./support";

/** The admin's home (issue #12): what needs action, with counts and links, and the week in charts drawn on the server. */

async function demoRequests(admin: Page) {
  await admin.goto("/home");
  return Number(await admin.getByTestId("attention-demo").getByTestId("attention-count").textContent());
}

async function requestDemo(visitor: Page, email: string) {
  await visitor.goto("/contact-us?topic=demo");
  await expect(visitor.getByLabel("Topic")).toHaveValue("demo");
  await visitor.getByLabel("Name").fill("Dora Dashboard");
  await visitor.getByLabel("E-mail").fill(email);
  await visitor.getByLabel("Company").fill("Dashboard Capital");
  await visitor.getByLabel("Message").fill("Please show us the marketplace.");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByTestId("snackbar")).toContainText("arrange your demo");
}

test("an admin's home counts what needs action, a new demo request among it, and charts the week", async ({ page, browser, javaScriptEnabled, baseURL }) => {
  // the demo admin's code works once per 30 seconds: a sign-in may wait for the next one
  test.setTimeout(150_000);
  const admin = await (await browser.newContext({ baseURL, javaScriptEnabled })).newPage();
  await signIn(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/home$/);

  const needs = admin.getByRole("region", { name: "Needs action" });
  for (const label of ["Demo requests", "User inquiries", "Affiliate inquiries", "Contact messages", "Projects to review", "Outbox failures"]) {
    await expect(needs.getByRole("link", { name: new RegExp(`^\\d+ ${label}`) })).toBeVisible();
  }
  await expect(needs.getByTestId("attention-ndas")).toContainText("NDAs to approve");

  // the browser projects sharing a server submit demo requests too: an attempt they overlap is repeated
  let email = "";
  await expect(async () => {
    const before = await demoRequests(admin);
    email = uniqueEmail("dashboard");
    await requestDemo(page, email);
    expect(await demoRequests(admin)).toBe(before + 1);
  }).toPass({ timeout: 50_000 });

  await needs.getByRole("link", { name: /Demo requests/ }).click();
  await expect(admin).toHaveURL(/\/admin\/demorequests\?status=new$/);
  await expect(admin.getByTestId(`inbound-${email}`)).toContainText("Dashboard Capital");

  await admin.goto("/home");
  const week = admin.getByRole("region", { name: "The last 7 days" });
  for (const [chart, series] of [
    ["Sign-ups", ["Sign-ups"]],
    ["NDAs", ["Requested", "Signed"]],
    ["Offers", ["Offers made"]],
  ] as const) {
    await expect(week.getByRole("img", { name: `${chart} per day, last 7 days` })).toBeVisible();
    const table = week.getByRole("table", { name: `${chart} per day` });
    await expect(table.getByRole("columnheader")).toHaveText(["Day", ...series]);
    // a row for each of the 7 days with any, its counts
    const days = await table.locator("tbody tr").all();
    expect(days.length).toBeLessThanOrEqual(7);
    for (const day of days) {
      const counts = await day.locator("td").allTextContents();
      for (const n of counts) expect(n).toMatch(/^\d+$/);
      expect(counts.some((n) => Number(n) > 0)).toBe(true);
    }
  }
  await admin.context().close();
});

test("other members keep their dashboard", async ({ page }) => {
  await signIn(page, DEMO.seller);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("dashboard-role")).toContainText("Seller");
  await expect(page.getByRole("region", { name: "Needs action" })).toHaveCount(0);
});
