import { expect, test, type Page } from "@playwright/test";
import { DEMO, jsEnabled, signIn } from "./support";

/** The error page of a deal, inside the members' layout, below the buyer's navigation. */
async function expectMissingDeal(page: Page) {
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  // the page fails where the deal would have been: the members' layout and the site navigation stay
  await expect(page.locator("main").getByTestId("error-page")).toHaveAttribute("data-status", "404");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "My deals" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Search" })).toBeVisible();
  await expect(page.getByTestId("current-user")).toContainText("Bea Buyer");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

test("a deal that does not exist answers 404 inside the layout, with the navigation and a way back to the deals", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) problems.push(message.text());
  });
  await signIn(page, DEMO.buyer);
  await expect(page).toHaveURL(/\/home$/);

  for (const id of ["999999", "not-a-number"]) {
    const response = await page.goto(`/buyers/myprojects/${id}`);
    expect(response!.status(), id).toBe(404);
    await expectMissingDeal(page);
  }

  await page.getByRole("link", { name: "Back to my deals" }).click();
  await expect(page).toHaveURL(/\/buyers\/myprojects\/index_new$/);
  await expect(page.getByTestId("error-page")).toHaveCount(0);
  // the server-rendered error page hydrates without complaint
  expect(problems).toEqual([]);
});

test("with JavaScript, a client navigation to a missing deal shows the same page", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "a client navigation needs JavaScript");
  await signIn(page, DEMO.buyer);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/buyers/myprojects/index_new");
  // the router loads the deal's data (a 404) and renders the deal's boundary in place
  const data = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === "/buyers/myprojects/999999" && url.searchParams.get("_data") === "routes/_app.buyers.myprojects.$id";
  });
  await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/buyers/myprojects/999999"));
  expect((await data).status()).toBe(404);
  await expect(page).toHaveURL(/\/buyers\/myprojects\/999999$/);
  await expectMissingDeal(page);
});

test("a members' page without a boundary of its own fails inside the members' layout", async ({ page }) => {
  await signIn(page, DEMO.buyer);
  await expect(page).toHaveURL(/\/home$/);
  // a path outside the buyer's prefixes is 404, thrown by the members' guard
  const response = await page.goto("/admin/users");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await expect(page.locator("main").getByTestId("error-page")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My deals" })).toBeVisible();
  // the members' layout's own boundary: its way back is the dashboard (the root's is "/")
  const home = page.locator("main").getByRole("link", { name: "Go back to home" });
  await expect(home).toHaveAttribute("href", "/home");
  await home.click();
  await expect(page).toHaveURL(/\/home$/);
});

test("a marketing page that does not exist keeps the navigation and the footer", async ({ page }) => {
  const response = await page.goto("/jobs/no-such-job");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Footer" })).toBeVisible();
  // a job's old link leads to the open positions
  await page.locator("main").getByRole("link", { name: "See the open positions" }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
});
