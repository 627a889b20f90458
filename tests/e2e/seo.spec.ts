import { expect, test, type Page } from "@playwright/test";
import { apiClient, baseUrlOf, DEMO, jsEnabled, signIn } from "./support";

/**
 * What search engines read: a description, a canonical URL and Open Graph tags on
 * every public page, the sitemap and robots.txt, a job's structured data, and
 * noindex on everything a person sees signed in or through a link made for them.
 */

const head = (page: Page) =>
  page.evaluate(() => ({
    description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute("content") ?? null,
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute("content") ?? null,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
    ld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? "null")),
  }));

test("every page of the sitemap has its description, its canonical URL and Open Graph tags, and is indexable", async ({ page }, testInfo) => {
  const client = await apiClient(baseUrlOf(testInfo));
  const sitemap = await client.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.length).toBeGreaterThan(8);
  for (const loc of locs) {
    const path = new URL(loc).pathname;
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const tags = await head(page);
    expect(tags.description, path).toBeTruthy();
    // the sitemap and the page name the same public URL (APP_URL's origin)
    expect(tags.canonical, path).toBe(loc);
    expect(tags.ogUrl, path).toBe(loc);
    expect(tags.ogTitle, path).toBeTruthy();
    expect(tags.robots, path).toBeNull();
  }
  const robots = await client.get("/robots.txt");
  expect(await robots.text()).toContain(`Sitemap: ${new URL(locs[0]!).origin}/sitemap.xml`);
  // asked for by crawlers and some browsers whatever the page links (it links the SVG): answered, not a 404
  const icon = await client.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/icon/);
  await client.dispose();
});

test("an open job carries its JobPosting data, which a closed one does not", async ({ page }) => {
  await page.goto("/jobs");
  await page.getByRole("link", { name: "Credit Analyst" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Credit Analyst" })).toBeVisible();
  const [ld] = (await head(page)).ld as Array<Record<string, unknown>>;
  expect(ld).toMatchObject({ "@type": "JobPosting", title: "Credit Analyst", hiringOrganization: { name: "Secondary Marketplace" } });
  expect(ld!.description).toMatch(/^<p>/);
});

test("signed-in pages and pages behind a personal link are kept out of search engines", async ({ page }) => {
  for (const link of ["/uobs/reset/not-a-real-token", "/unsubscribe/not-a-real-token", "/unsubscribe/alerts/not-a-real-token"]) {
    await page.goto(link);
    expect((await head(page)).robots, link).toBe("noindex");
  }
  await signIn(page, DEMO.buyer);
  await page.waitForURL(/\/buyers\/search|\/home/);
  // with JavaScript the head follows the navigation's data, a moment after the URL
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await page.goto("/jobs");
  expect((await head(page)).robots).toBe("noindex");
});

test("the first Tab offers to skip the navigation, and taking it moves focus to the page's content", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "focus moves the same without JavaScript; one run shows it");
  await page.goto("/jobs");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#content")).toBeFocused();
});
