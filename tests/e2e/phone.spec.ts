import { expect, test, type Page } from "@playwright/test";
import { DEMO, joinAs, jsEnabled, signIn } from "./support";

/**
 * Readable on a phone: at 375 px no page scrolls sideways (a wide table scrolls in
 * its own box), and the navigation folds into a menu that opens without JavaScript.
 * Each role's main pages are kept as screenshots at 375 px and 1366 px.
 */

const PAGES: Record<"visitor" | "buyer" | "seller" | "admin", string[]> = {
  visitor: ["/", "/jobs", "/signin", "/join", "/contact-us", "/terms"],
  buyer: ["/home", "/buyers/search", "/preferences", "/messages"],
  seller: ["/home", "/sellers/myprojects", "/projects/create"],
  admin: ["/home", "/admin/customers", "/admin/projects", "/admin/users"],
};

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const [role, paths] of Object.entries(PAGES)) {
  test(`${role}: the main pages fit a 375 px phone`, async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo) && role !== "visitor", "layout is the same without JavaScript; the visitor run shows the menu");
    await page.setViewportSize({ width: 375, height: 800 });
    if (role !== "visitor") {
      await signIn(page, DEMO[role as keyof typeof DEMO]);
      await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    }
    for (const path of paths) {
      await page.goto(path);
      expect(await overflow(page), `${path} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
      const name = `${role}${path.replace(/\//g, "-")}`;
      await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`), fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`${name}-1366.png`), fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
    }
  });
}

test("a buyer's words with no space to break at fit a 375 px phone: a saved search's name and text, a link told to the assistant", async ({ page }) => {
  // a new buyer, so the demo buyer's searches and conversation are left alone
  await joinAs(page, { role: "Buyer" });
  await page.setViewportSize({ width: 375, height: 800 });
  const word = `receivables${Date.now().toString(36)}`.padEnd(150, "x");
  const name = `Search${Date.now().toString(36)}`.padEnd(80, "y");
  await page.goto(`/buyers/search?q=${word}`);
  await page.getByLabel("Save this search as").fill(name);
  await page.getByRole("button", { name: "Save and alert me" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Search saved as");
  await page.goto("/preferences");
  await expect(page.getByRole("listitem", { name })).toContainText(word);
  expect(await overflow(page), "/preferences scrolls sideways at 375 px").toBeLessThanOrEqual(0);

  await page.goto("/buyers/assistant");
  const assistant = page.getByTestId("matchmaking-assistant");
  const link = `https://example.com/${"afundwelike".repeat(18)}`;
  await assistant.getByLabel("Your answer").fill(link);
  await assistant.getByRole("button", { name: "Send" }).click();
  await expect(assistant.getByTestId("member-says")).toContainText(link, { timeout: 30_000 });
  expect(await overflow(page), "/buyers/assistant scrolls sideways at 375 px").toBeLessThanOrEqual(0);
});

test("a company's name with no space to break at fits a 375 px phone in the on-boarding's answers", async ({ page }) => {
  const company = `Osprey${Date.now().toString(36)}`.padEnd(90, "z");
  await joinAs(page, { role: "Buyer", company });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("answer-company")).toContainText(company);
  expect(await overflow(page), "/on-board/buyers scrolls sideways at 375 px").toBeLessThanOrEqual(0);
});

test("on a phone the navigation is a menu that opens without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const jobs = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" });
  await expect(jobs).toBeHidden();
  await page.locator("summary", { hasText: "Menu" }).click();
  await expect(jobs).toBeVisible();
  await jobs.click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  // the new page starts with the menu folded again
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" })).toBeHidden();
});
