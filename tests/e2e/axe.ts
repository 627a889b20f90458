import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import axeCore from "axe-core";

/** Contexts whose documents carry axe from their start (`preloadAxe`). */
const preloaded = new WeakSet<BrowserContext>();

/**
 * Loads axe into every document the context opens, before the page's own scripts. Left to
 * itself AxeBuilder sends axe's half-megabyte source over the protocol with every check (twice
 * in its legacy mode), which was most of a check's time in the crawls.
 */
export async function preloadAxe(context: BrowserContext) {
  await context.addInitScript({ content: axeCore.source });
  preloaded.add(context);
}

/**
 * axe-core over WCAG 2.0/2.1 A and AA and best practices: each violation as "rule (impact): where".
 * Legacy mode runs axe in the page itself; the default opens a blank page per check to merge the
 * results of frames, which these pages do not have.
 */
export async function violations(page: Page) {
  const builder = new AxeBuilder(preloaded.has(page.context()) ? { page, axeSource: ";" } : { page });
  const result = await builder.setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/**
 * axe runs as a script, which a page without JavaScript cannot: the page as the server
 * sent it (its scripts removed, so nothing hydrates) is checked in a probe page on the same origin.
 * One probe serves a whole crawl: a fresh context per page cost a context and the
 * stylesheets each time.
 */
export async function scriptlessProbe(browser: Browser, origin: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  await preloadAxe(context);
  const probe = await context.newPage();
  let html = "";
  await probe.route(`${origin}/__axe-probe`, (route) => route.fulfill({ body: html, contentType: "text/html" }));
  return {
    async violationsOf(page: Page) {
      html = (await page.content()).replace(/<script\b(?![^>]*application\/ld\+json)[\s\S]*?<\/script>/gi, "");
      await probe.goto(`${origin}/__axe-probe`);
      return violations(probe);
    },
    close: () => context.close(),
  };
}

export async function violationsWithoutJs(browser: Browser, page: Page) {
  const probe = await scriptlessProbe(browser, new URL(page.url()).origin);
  try {
    return await probe.violationsOf(page);
  } finally {
    await probe.close();
  }
}
