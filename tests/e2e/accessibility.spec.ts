import { expect, test } from "@playwright/test";
import { isGuestOnly, isPathAllowed } from "../../app/lib/access";
import type { Role } from "../../app/lib/roles";
import { preloadAxe, scriptlessProbe, violations } from "./axe";
import { builtRoutes } from "./built-routes";
import { DEMO, hydrated, jsEnabled, SEEDED_BUYER, signIn } from "./support";

/**
 * axe-core (WCAG 2.0 and 2.1, A and AA, and its best practices) on every page route of
 * the built app that each role may open (the access table, app/lib/access.ts), with
 * JavaScript on and off: any violation fails, named with its page, rule and elements.
 * Routes with parameters are opened at a link the role was actually shown on its other
 * pages (a real project, deal, thread or envelope), so the page checked is a real one.
 * The server renders the same HTML on Node and under wrangler dev, so this runs on the
 * Node projects only.
 */

const ROLES: Record<"visitor" | "buyer" | "broker" | "seller" | "admin", { email: string | null; role: Role | null }> = {
  visitor: { email: null, role: null },
  // a member of the demo market with a deal at every step, so the NDA, envelope and workspace pages hold real records
  buyer: { email: SEEDED_BUYER, role: "buyer" },
  broker: { email: DEMO.broker, role: "broker" },
  seller: { email: DEMO.seller, role: "seller" },
  admin: { email: DEMO.admin, role: "admin" },
};

/** Under wrangler dev, every n-th page of each role's list. */
const EDGE_SAMPLE_EVERY = 4;

/** Pages that are steps of something else (a sign-out, a redirect after sign-in, a code step mid-sign-in). */
const NOT_PAGES = new Set(["/signout", "/auth/signed-in", "/signin/code"]);

/** Pages that show the answer to a GET form: opened with a filled-in query. */
const QUERY_PAGES: Record<string, string> = {
  "/sellers/analytics/loan-pricing/results": "/sellers/analytics/loan-pricing/results?balance=1000000&noteRate=6&termMonths=120&amortization=level&loanStatus=Performing&yield=7",
};

/** Views of a route that draw a different page (the search's map). */
const VARIANTS: Record<string, string[]> = {
  buyer: ["/buyers/search?view=map"],
  broker: ["/brokers/search?view=map"],
};

/** Pages behind a link from an e-mail: checked as a spent or unknown link shows them (4xx, a page all the same). */
const TOKEN_PAGES: Record<string, string> = {
  "/nda-feedback/:id": "/nda-feedback/not-a-token",
  "/unsubscribe/:token": "/unsubscribe/not-a-token",
  "/unsubscribe/alerts/:token": "/unsubscribe/alerts/not-a-token",
  "/uobs/reset/:id": "/uobs/reset/not-a-token",
  "/uobs/invite/:id": "/uobs/invite/not-a-token",
  "/uobs/unlock/:id": "/uobs/unlock/not-a-token",
};

/** A route path as a pattern over real URLs: each `:param` one segment. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\?:[A-Za-z]+/g, "[^/?#]+")}$`);

for (const [name, who] of Object.entries(ROLES)) {
  test(`${name}: every page the role may open passes axe`, async ({ page, browser }, testInfo) => {
    // under wrangler dev the server renders the same components: a sample of each role's pages
    // (with JavaScript) shows that, where the whole crawl again would add minutes to every run
    const edge = !testInfo.project.name.startsWith("node");
    test.skip(edge && !jsEnabled(testInfo), "the Node runs check every page without JavaScript");
    // the admin's crawl without JavaScript opens some 60 pages, each checked in a fresh context: on a
    // slower machine (2026-12-01) it passed 10 minutes, so the bound is twice that
    test.setTimeout(1_200_000);
    if (who.email) {
      await signIn(page, who.email);
      await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    }
    const origin = testInfo.project.use.baseURL!;
    const routes = (await builtRoutes())
      .filter((r) => !r.resource && r.loader && !NOT_PAGES.has(r.path) && isPathAllowed(who.role, r.path.replace(/\/:.*$/, "") || "/"))
      .filter((r) => !(who.email && isGuestOnly(r.path)))
      .map((r) => r.path);
    const plain = [...new Set(routes.filter((p) => !p.includes(":")))].sort();
    const withParams = [...new Set(routes.filter((p) => p.includes(":")))].sort();
    const seen = new Set<string>();
    const found: string[] = [];
    const unreached: string[] = [];
    const checked: string[] = [];
    const js = jsEnabled(testInfo);
    if (js) await preloadAxe(page.context());
    const probe = js ? null : await scriptlessProbe(browser, origin);

    const check = async (url: string, { spentLink = false } = {}) => {
      const response = await page.goto(url);
      const landed = new URL(page.url());
      // a page that sends this role elsewhere (sign-in, home) is that other page's business
      if (!response || (response.status() >= 400 && !spentLink) || landed.pathname !== new URL(url, origin).pathname) return false;
      checked.push(url);
      if (js) await hydrated(page);
      for (const v of probe ? await probe.violationsOf(page) : await violations(page)) found.push(`${url}: ${v}`);
      for (const href of await page.locator("a[href^='/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")!)))
        seen.add(href.split("#")[0]!);
      return true;
    };

    try {
      const sample = <T,>(list: T[]) => (edge ? list.filter((_, i) => i % EDGE_SAMPLE_EVERY === 0) : list);
      for (const path of sample(plain)) if (!(await check(QUERY_PAGES[path] ?? path))) unreached.push(path);
      for (const url of edge ? [] : (VARIANTS[name] ?? [])) if (!(await check(url))) unreached.push(url);
      for (const path of sample(withParams)) {
        const pattern = patternOf(path);
        const token = TOKEN_PAGES[path];
        const url = token ?? [...seen].find((href) => pattern.test(href.split("?")[0]!));
        if (!url || !(await check(url, { spentLink: Boolean(token) }))) unreached.push(path);
      }
    } finally {
      // its own context: a failed check must not leave it open until the worker ends
      await probe?.close();
    }
    testInfo.annotations.push({ type: "pages checked", description: String(checked.length) });
    console.log(`${name}: ${checked.length} pages checked; not opened (no link to a real record, or sent elsewhere): ${unreached.join(", ") || "none"}`);
    if (unreached.length) testInfo.annotations.push({ type: "no link to a real record for this role", description: unreached.join(", ") });
    expect(found).toEqual([]);
  });
}
