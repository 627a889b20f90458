import type { Browser, BrowserContext, Page } from "@playwright/test";
import axeCore from "axe-core";

/** WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** Contexts whose documents carry axe from their start (`preloadAxe`). */
const preloaded = new WeakSet<BrowserContext>();

/**
 * Loads axe into every document the context opens, before the page's own scripts, so that a
 * check does not send axe's half-megabyte source over the protocol each time.
 */
export async function preloadAxe(context: BrowserContext) {
  await context.addInitScript({ content: axeCore.source });
  preloaded.add(context);
}

/**
 * axe-core over `TAGS` in the page itself: each violation as "rule (impact): where". Only the
 * violations come back, summarised in the page: AxeBuilder returned every pass and inapplicable
 * rule with its elements' HTML over the protocol, which took three times as long as axe's run.
 */
export async function violations(page: Page): Promise<string[]> {
  if (!preloaded.has(page.context()) && !(await page.evaluate(() => "axe" in window))) await page.evaluate(axeCore.source);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof axeCore };
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  }, TAGS);
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
