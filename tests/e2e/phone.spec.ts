import { expect, test, type Page } from "@playwright/test";
import { DEMO, jsEnabled, signIn } from "./support";

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
