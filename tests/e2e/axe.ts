import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";

/** axe-core over WCAG 2.0/2.1 A and AA and best practices: each violation as "rule (impact): where". */
export async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/**
 * axe runs as a script, which a page without JavaScript cannot: the page as the server
 * sent it (its scripts removed, so nothing hydrates) is checked in a probe page on the same origin.
 */
export async function violationsWithoutJs(browser: Browser, page: Page) {
  const html = (await page.content()).replace(/<script\b(?![^>]*application\/ld\+json)[\s\S]*?<\/script>/gi, "");
  const origin = new URL(page.url()).origin;
  const context = await browser.newContext({ javaScriptEnabled: true });
  const probe = await context.newPage();
  await probe.route(`${origin}/__axe-probe`, (route) => route.fulfill({ body: html, contentType: "text/html" }));
  await probe.goto(`${origin}/__axe-probe`);
  const found = await violations(probe);
  await context.close();
  return found;
}
