import { expect, test, type Page } from "@playwright/test";
import { DEMO, joinAs, jsEnabled, SEEDED_BUYER, signIn } from "./support";

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

/**
 * A phone of 360 CSS px that a finger uses (isMobile: the page's viewport meta is honoured, so a
 * page wider than the screen is shown shrunk, innerWidth growing with it: the width is compared
 * with the screen's), and a 1280 px window at 200 % zoom (640 CSS px).
 */
test.describe("a 360 px touch phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  const sideways = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth) - 360);

  async function noneScrollSideways(page: Page, paths: string[]) {
    for (const path of paths) {
      await page.goto(path);
      expect(await sideways(page), `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
    }
  }

  test("a buyer's pages do not scroll sideways: each deal's workspace, a limited company's web address among its facts", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "the layout is the same without JavaScript");
    await signIn(page, SEEDED_BUYER);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await page.goto("/buyers/myprojects/index_new");
    const deals = await page.locator('main a[href^="/buyers/myprojects/"]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))].filter((h) => /\/\d+$/.test(h)));
    expect(deals.length, "the seeded buyer's deals").toBeGreaterThan(0);
    await noneScrollSideways(page, ["/home", "/buyers/search", "/messages", "/preferences", ...deals, ...deals.map((d) => d.replace("/buyers/myprojects/", "/projects/more-details/"))]);
  });

  test("a seller's and an admin's pages do not scroll sideways", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "the layout is the same without JavaScript");
    // project 13 of the demo seller has NDAs, negotiations and offers (README, Demo accounts)
    await signIn(page, DEMO.seller);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await noneScrollSideways(page, ["/home", "/sellers/myprojects", "/sellers/myprojects/13", "/projects/create", "/messages"]);
    const company = await page.goto("/sellers/myprojects/13").then(() => page.getByTestId("nda-buyer-company").first().getAttribute("href"));
    await noneScrollSideways(page, [company!]);
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await noneScrollSideways(page, ["/home", "/admin/customers", "/admin/projects", "/admin/projects/13", "/admin/users", "/admin/uploads/individual-listings", "/admin/analytics"]);
  });

  test("links and choices one above the other are 24 px tall: a buyer's company and e-mail in the NDA table, an upload's 'Import as'", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "the layout is the same without JavaScript");
    const heights = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    await signIn(page, DEMO.seller);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await page.goto("/sellers/myprojects/13");
    for (const id of ["nda-buyer-company", "nda-buyer-email"]) {
      const tall = await heights(page, `[data-testid="${id}"]`);
      expect(tall.length, id).toBeGreaterThan(0);
      for (const h of tall) expect(h, `${id} is a target 24 px tall`).toBeGreaterThanOrEqual(24);
    }
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await page.goto("/admin/uploads/individual-listings");
    const choices = await heights(page, 'label:has(input[name="target"])');
    expect(choices).toHaveLength(2);
    for (const h of choices) expect(h, "an 'Import as' choice is a target 24 px tall").toBeGreaterThanOrEqual(24);
  });

  test("without JavaScript the flash message, which stays, leaves the end of the page to be scrolled clear of it", async ({ page }, testInfo) => {
    test.skip(jsEnabled(testInfo), "with JavaScript it can be closed");
    await joinAs(page, { role: "Buyer" });
    await page.goto("/profile");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByTestId("snackbar")).toContainText("Your profile is saved.");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const { flashTop, pageEnd } = await page.evaluate(() => ({
      flashTop: document.getElementById("notification")!.getBoundingClientRect().top,
      pageEnd: Math.max(...[...document.querySelectorAll("#content *")].map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0).map((r) => r.bottom)),
    }));
    // the last of /profile is its "Change password" button
    expect(pageEnd, "the end of the page, scrolled to, is above the flash message").toBeLessThanOrEqual(flashTop);
  });

  /** The smallest on-screen size of a chart's words on the page, in CSS px (its font size scaled as its SVG is drawn). */
  const smallestChartText = (page: Page) =>
    page.locator("main svg[viewBox]").evaluateAll((svgs) =>
      Math.min(...svgs.flatMap((svg) => [...svg.querySelectorAll("text")].map((t) => (Number(t.getAttribute("font-size")) * svg.getBoundingClientRect().width) / (svg as SVGSVGElement).viewBox.baseVal.width))),
    );
  /** Dates ("2026-12-07", "2026-12-07 18:12 UTC") in the page's tables that take more than one line. */
  const wrappedDates = (page: Page) =>
    page.locator("main table").evaluateAll((tables) =>
      tables.flatMap((table) =>
        [...table.querySelectorAll("td")].flatMap((td) => {
          const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
          const found: string[] = [];
          for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
            const date = /\d{4}-\d\d-\d\d( \d\d:\d\d UTC)?/.exec(node.data);
            if (!date) continue;
            const range = document.createRange();
            range.setStart(node, date.index);
            range.setEnd(node, date.index + date[0].length);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) found.push(date[0]);
          }
          return found;
        }),
      ),
    );
  /** Boxes that scroll sideways (their content wider than they are) with no shadow at an edge to say so. */
  const hiddenScrolls = (page: Page) =>
    page.locator("main [role=group][tabindex='0']").evaluateAll((boxes) =>
      boxes.filter((box) => box.scrollWidth > box.clientWidth && (getComputedStyle(box).backgroundImage.match(/gradient/g)?.length ?? 0) < 4).map((box) => box.getAttribute("aria-label") ?? box.id),
    );

  test("a seller's and an admin's charts keep 10 px words, their tables' dates stay on one line and a table wider than its box shows a shadow at its edge", async ({ page }) => {
    await signIn(page, DEMO.seller);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await page.goto("/sellers/myprojects/13");
    expect(await smallestChartText(page), "the desk's charts' smallest words, px").toBeGreaterThanOrEqual(9.95);
    expect(await wrappedDates(page), "dates over two lines on the desk").toEqual([]);
    expect(await hiddenScrolls(page), "boxes that scroll with nothing to show it").toEqual([]);
    // the matched buyers showed Buyer, Type and Size, and nothing said that more columns scroll
    const matched = page.getByRole("group", { name: "Matched buyers" });
    expect(await matched.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await sideways(page), "the desk scrolls sideways at 360 px").toBeLessThanOrEqual(0);
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    for (const path of ["/admin/analytics", "/admin/projects/13", "/home"]) {
      await page.goto(path);
      expect(await smallestChartText(page), `${path}: the charts' smallest words, px`).toBeGreaterThanOrEqual(9.95);
      expect(await wrappedDates(page), `${path}: dates over two lines`).toEqual([]);
      expect(await hiddenScrolls(page), `${path}: boxes that scroll with nothing to show it`).toEqual([]);
      expect(await sideways(page), `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
    }
    // the sessions over 90 days open on the latest days, at the chart's right end
    await page.goto("/admin/analytics");
    const chart = page.getByRole("group", { name: /^Sessions per day/ });
    expect(await chart.evaluate((box) => box.getBoundingClientRect().right - box.querySelector("svg")!.getBoundingClientRect().right)).toBeLessThanOrEqual(1);
  });

  test("a chart that scrolls keeps its scale and its rows' names in view: a loan's cash flows, a seller's funnel", async ({ page }) => {
    await signIn(page, DEMO.seller);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    const check = async (figure: ReturnType<Page["getByTestId"]>, name: string) => {
      const box = figure.getByRole("group");
      expect(await box.evaluate((b) => b.scrollWidth > b.clientWidth), "the chart scrolls at 360 px").toBe(true);
      await box.evaluate((b) => (b.scrollLeft = b.scrollWidth));
      const axis = figure.getByTestId("chart-axis");
      const [boxLeft, axisLeft] = await Promise.all([box.evaluate((b) => b.getBoundingClientRect().left), axis.evaluate((a) => a.getBoundingClientRect().left)]);
      expect(Math.abs(axisLeft - boxLeft), "the axis at the box's left edge, scrolled to the end").toBeLessThanOrEqual(1);
      await expect(axis.locator("text", { hasText: name })).toBeVisible();
      // drawn at the plot's scale: as tall as the plot
      const heights = await figure.locator("svg[viewBox]").evaluateAll((svgs) => svgs.map((s) => Math.round(s.getBoundingClientRect().height)));
      expect(new Set(heights).size, `the plot's and the axis's heights ${heights}`).toBe(1);
    };
    await page.goto("/sellers/analytics/loan-pricing/results?balance=100000&noteRate=6&termMonths=360&amortization=level&loanStatus=Performing&cpr=2&cdr=1&severity=30&yield=7");
    await check(page.getByTestId("cash-flow-chart"), "$0");
    await page.goto("/sellers/myprojects/13");
    await check(page.getByTestId("chart-deal-funnel"), "Viewed");
  });

  test("a seller's matched buyers are rows a few lines tall: a short reason on one line, the buyer's name on one and kept in view", async ({ page }) => {
    await signIn(page, DEMO.seller);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await page.goto("/sellers/myprojects/13");
    const table = page.getByTestId("matched-buyers");
    // the Reasons column shrank to its longest word: "Industry: Insurance +25" over three lines, a row 220 px tall
    const broken = await table.locator("tbody li").evaluateAll((lis) => lis.filter((li) => li.textContent!.length <= 30 && li.getBoundingClientRect().height > 20).map((li) => li.textContent));
    expect(broken, "short reasons over more than one line").toEqual([]);
    const names = await table.locator("tbody tr > :first-child").evaluateAll((tds) =>
      tds.filter((td) => {
        const text = document.createRange();
        text.selectNodeContents(td);
        return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      }).map((td) => td.textContent),
    );
    expect(names, "buyers' names over more than one line").toEqual([]);
    const box = page.getByRole("group", { name: "Matched buyers" });
    await box.evaluate((b) => (b.scrollLeft = b.scrollWidth));
    const [boxLeft, nameLeft] = await Promise.all([box.evaluate((b) => b.getBoundingClientRect().left), table.locator("tbody tr > :first-child").first().evaluate((td) => td.getBoundingClientRect().left)]);
    expect(Math.abs(nameLeft - boxLeft), "the buyer's column in view, scrolled to the end").toBeLessThanOrEqual(1);
  });

  test("the search map's dots, 3 px across, are targets 24 px across: a tap on a dot opens it, 11 px beside one opens a project", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await page.goto("/buyers/search?view=map");
    const map = page.getByTestId("us-map");
    await map.scrollIntoViewIfNeeded();
    const taps = await map.evaluate((svg) =>
      [...svg.querySelectorAll("a[aria-label] circle")].map((dot) => {
        const r = dot.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        const edges = svg.getBoundingClientRect();
        // past the map's edge (a dot on the Keys) is no place to tap
        const link = (dx: number, dy: number) =>
          x + dx < edges.left || x + dx > edges.right || y + dy < edges.top || y + dy > edges.bottom ? "outside" : (document.elementFromPoint(x + dx, y + dy)?.closest("a")?.getAttribute("href") ?? null);
        return { size: r.width, beside: [link(11, 0), link(-11, 0), link(0, 11), link(0, -11)] };
      }),
    );
    expect(taps.length).toBeGreaterThan(10);
    expect(Math.max(...taps.map((t) => t.size)), "the dots' size on a phone, px").toBeLessThan(5);
    // a project's link: its teaser, or a property's page (/realestate/…)
    expect(taps.filter((t) => t.beside.includes(null)).length, "dots with no project 11 px beside them").toBe(0);
  });

  test("a buyer's loan tape keeps each loan's number and maturity date on one line", async ({ page }) => {
    // the seeded buyer's deal on the demo seller's loan pool (project 13), whose tape has 13 loans
    await signIn(page, SEEDED_BUYER);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await page.goto("/buyers/myprojects/13");
    const tape = page.getByRole("group", { name: "Loan tape" });
    expect(await tape.evaluate((box) => box.scrollWidth > box.clientWidth), "the tape scrolls at 360 px").toBe(true);
    expect(await wrappedDates(page), "dates over two lines in the tape").toEqual([]);
    const numbers = await tape.locator("tbody tr > td:nth-child(2)").evaluateAll((tds) =>
      tds.filter((td) => {
        const text = document.createRange();
        text.selectNodeContents(td);
        return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      }).map((td) => td.textContent),
    );
    expect(numbers, "loan numbers over more than one line").toEqual([]);
  });

  test("a buyer's criteria keep every choice inside the card: 'Trading Assets/Liquidation' breaks after its slash", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await page.goto("/preferences");
    const outside = await page.locator("form.card label").evaluateAll((labels) =>
      labels.flatMap((label) => {
        const card = label.closest(".card")!.getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(label);
        const right = Math.max(...[...text.getClientRects()].map((r) => r.right));
        // the card's padding is 24 px
        return right > card.right - 24 + 0.5 ? [label.textContent] : [];
      }),
    );
    expect(outside, "choices running into the card's padding").toEqual([]);
  });
});

test("at 200 % zoom (640 px) a buyer company's facts each stay in their column: a web address runs into none beside it", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the layout is the same without JavaScript");
  await page.setViewportSize({ width: 640, height: 400 });
  await signIn(page, DEMO.seller);
  await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
  await page.goto("/sellers/myprojects/13");
  await page.getByTestId("nda-buyer-company").first().click();
  await expect(page.getByTestId("buyer-profile")).toBeVisible();
  const spilling = await page.getByTestId("buyer-profile").locator("dd").evaluateAll((dds) => dds.filter((dd) => dd.scrollWidth > dd.clientWidth).map((dd) => dd.textContent));
  expect(spilling, "values wider than their column").toEqual([]);
});

test("at 200 % zoom (1280 × 800, 640 × 400 CSS px) the NDA to sign scrolls in a box no taller than the window", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the layout is the same without JavaScript");
  await page.setViewportSize({ width: 640, height: 400 });
  // a new buyer, so that no demo member's NDA is started
  await joinAs(page, { role: "Buyer" });
  await page.goto("/buyers/search");
  const teaser = await page.locator('main a[href^="/projects/more-details/"]').first().getAttribute("href");
  await page.goto(teaser!);
  await page.getByRole("button", { name: "Sign the NDA" }).click();
  await expect(page).toHaveURL(/\/buyers\/myprojects\/\d+\/[A-Za-z0-9_-]+$/);
  const box = await page.getByRole("article", { name: "The NDA" }).boundingBox();
  expect(box!.height, "the NDA's box fits the window's 400 px").toBeLessThanOrEqual(400);
});

test("a chart or table box that fits is no tab stop; one that scrolls is, and becomes one when the window narrows", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript every box is a tab stop: the server cannot know which will scroll");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO.seller);
  await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
  await page.goto("/sellers/myprojects/13");
  const boxes = page.locator("main .scroll-shadows[role=group], main .table-scroll[role=group]");
  const stops = () => boxes.evaluateAll((all) => all.map((box) => ({ scrolls: box.scrollWidth > box.clientWidth, stop: box.getAttribute("tabindex") === "0" })));
  const wrong = async () => (await stops()).filter((b) => b.scrolls !== b.stop).length;
  await expect.poll(wrong, { message: "boxes that are a tab stop if and only if they scroll" }).toBe(0);
  expect((await stops()).filter((b) => !b.stop).length, "the desk's charts and tables that fit a wide window").toBeGreaterThan(3);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(wrong).toBe(0);
  await expect(page.getByRole("group", { name: "Matched buyers" })).toHaveAttribute("tabindex", "0");
});
