import { expect, test, type Locator, type Page } from "@playwright/test";
import { violations, violationsWithoutJs } from "./axe";
import { listProject, pageAs, token } from "./listing-steps";
import { baseUrlOf, DEMO } from "./support";

/**
 * The keyboard alone (issue #17, item 1): the main flows done with Tab, Enter, Space and typing,
 * never a click, with and without JavaScript. `tabTo` presses Tab until the control has focus,
 * so each step also proves that the control is reachable in the page's order, and that what
 * has focus shows it. Arranging a listing for the deal is done as the other tests do it.
 */

const MAX_TABS = 120;

/** Tabs forward until `target` has focus; fails if it is never reached. */
async function tabTo(page: Page, target: Locator) {
  const handle = await target.elementHandle();
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((el) => el === document.activeElement, handle)) {
      expect(await focusIsVisible(page), "the focused control has a visible focus indicator").toBe(true);
      return;
    }
  }
  throw new Error(`${target} was not reached in ${MAX_TABS} presses of Tab`);
}

/** Whether the element with focus draws an outline or a ring (a box shadow). */
function focusIsVisible(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
  });
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

// the first Tab's "Skip to content" is checked in seo.spec.ts
test("the phone menu opens from the keyboard, Escape closes it, and its first link takes you there", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // a page not in the menu's first place, so that its first link leads elsewhere
  await page.goto("/privacy");
  const menu = page.locator("summary", { hasText: "Menu" });
  await tabTo(page, menu);
  await page.keyboard.press("Enter");
  await expect(page.locator("details:has(> summary)").first()).toHaveJSProperty("open", true);
  await page.keyboard.press("Tab");
  const first = page.locator("details nav a").first();
  await expect(first).toBeFocused();
  if (javaScriptEnabled) {
    await page.keyboard.press("Escape");
    await expect(page.locator("details:has(> summary)").first()).toHaveJSProperty("open", false);
    await expect(menu).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(first).toBeFocused();
  }
  const href = await first.getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // with JavaScript the new page's content has the focus, where a page loaded anew starts (it was left on <body>)
  if (javaScriptEnabled) await expect(page.locator("#content")).toBeFocused();
});

test("a buyer joins, finds a listing, signs its NDA, the seller approves it and they talk: keyboard only", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(240_000);
  const base = baseUrlOf(testInfo);
  const word = token();
  const name = `Keys ${word}`;

  // arranged: a published listing of the demo seller
  const seller = await pageAs(browser, base, DEMO.seller, javaScriptEnabled);
  const id = await listProject(seller, "Insurance-backed loan", name, `Borrower ${word}`);
  const admin = await pageAs(browser, base, DEMO.admin, javaScriptEnabled);
  await admin.goto(`/admin/projects/${id}`);
  await admin.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("The project is published.");
  await admin.context().close();

  // the buyer joins
  const buyerName = `Kim Tabber ${word}`;
  await page.goto("/join");
  await tabTo(page, page.getByLabel("I am a"));
  await page.keyboard.type("Buyer");
  await typeInto(page, page.getByLabel("Full name"), buyerName);
  await typeInto(page, page.getByLabel("Company"), `Keyboard Capital ${word}`);
  await tabTo(page, page.getByLabel("Business type"));
  await page.keyboard.type("Credit Union");
  await typeInto(page, page.getByLabel("E-mail"), `keys-${word.toLowerCase()}@example.test`);
  await typeInto(page, page.getByLabel("Phone"), "+1 212 555 0142");
  await typeInto(page, page.getByLabel(/^Password/), "a good long password");
  await typeInto(page, page.getByLabel("Repeat password"), "a good long password");
  await tabTo(page, page.getByRole("button", { name: "Create account" }));
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/\/join/, { timeout: 20_000 });

  // finds the listing and opens its teaser
  await page.goto("/buyers/search");
  await typeInto(page, page.locator('input[name="q"]'), word.toLowerCase());
  await page.keyboard.press("Enter");
  // the results are the search's once its count says so: the newest listing is on the first page
  // before it too, and that table is replaced when the search's answer arrives
  await expect(page.getByTestId("result-count")).toHaveText("1 project");
  const result = page.getByRole("link", { name, exact: true }).first();
  await expect(result).toBeVisible();
  await tabTo(page, result);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/projects/more-details/${id}$`));

  // signs the NDA
  await tabTo(page, page.getByRole("button", { name: "Sign the NDA" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/buyers/myprojects/${id}/[A-Za-z0-9_-]+$`));
  // the envelope page exists only mid-signature, so the page crawl of the accessibility test never opens it
  expect(javaScriptEnabled ? await violations(page) : await violationsWithoutJs(browser, page)).toEqual([]);
  await typeInto(page, page.getByLabel("Type your full name"), buyerName);
  await tabTo(page, page.getByRole("checkbox"));
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox")).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Sign the NDA" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("snackbar")).toContainText("NDA signed. The seller will review it.");

  // the seller approves it
  await seller.goto(`/sellers/myprojects/${id}`);
  await tabTo(seller, seller.getByTestId("nda-row").filter({ hasText: buyerName }).getByRole("button", { name: "Approve" }));
  await seller.keyboard.press("Enter");
  await expect(seller.getByTestId("snackbar")).toContainText("The NDA is approved");
  // with JavaScript the page drawn again at its address takes the focus to its message, as a page loaded anew
  // starts at its top: the button pressed is gone, and the focus was left on <body>
  if (javaScriptEnabled) {
    await expect(seller.getByTestId("snackbar")).toBeFocused();
    await seller.keyboard.press("Tab");
    await expect(seller.getByRole("button", { name: "Dismiss" })).toBeFocused();
  }

  // and they talk in the deal's thread
  await page.goto(`/buyers/myprojects/${id}`);
  const thread = page.getByRole("region", { name: "Negotiation" });
  await typeInto(page, thread.getByLabel("Your message"), "Typed without a mouse: could you share the premium notices?");
  await tabTo(page, thread.getByRole("button", { name: "Send message" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("thread")).toContainText("Typed without a mouse");

  // and the buyer makes an offer
  const offer = page.locator("form#offer");
  await typeInto(page, offer.getByLabel("Price (USD)"), "2,100,000");
  await typeInto(page, offer.getByLabel("Structure"), "All cash at closing");
  await typeInto(page, offer.getByLabel("Due-diligence period (days)"), "30");
  await tabTo(page, offer.getByLabel("Offer expires on"));
  const expires = new Date(Date.now() + 30 * 86_400_000);
  // a date field takes its parts in the browser's order (month, day, year in en-US)
  await page.keyboard.type(`${String(expires.getUTCMonth() + 1).padStart(2, "0")}${String(expires.getUTCDate()).padStart(2, "0")}${expires.getUTCFullYear()}`);
  await typeInto(page, offer.getByLabel("Conditions"), "Subject to confirmatory due diligence.");
  await tabTo(page, offer.getByRole("button", { name: "Submit the LOI" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("snackbar")).toContainText(/offer|LOI/i);
  await seller.context().close();
});

test("an admin creates a customer and finds it in the customers table: keyboard only", async ({ browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000);
  const admin = await pageAs(browser, baseUrlOf(testInfo), DEMO.admin, javaScriptEnabled);
  const word = token();
  const name = `Keyboard Holdings ${word}`;
  await admin.goto("/admin/customers/create");
  await typeInto(admin, admin.getByLabel("Customer name"), name);
  await tabTo(admin, admin.getByLabel("Customer type"));
  await admin.keyboard.type("Buyer");
  await typeInto(admin, admin.getByLabel("Attention e-mail"), `desk@${word.toLowerCase()}.example`);
  await typeInto(admin, admin.getByLabel("Website"), `https://${word.toLowerCase()}.example`);
  await tabTo(admin, admin.getByRole("button", { name: "Create customer" }));
  await admin.keyboard.press("Enter");
  await expect(admin.getByRole("heading", { name })).toBeVisible();

  await admin.goto("/admin/customers");
  const search = admin.getByRole("searchbox", { name: "Search" });
  await typeInto(admin, search, word);
  await admin.keyboard.press("Enter");
  const link = admin.getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();
  await tabTo(admin, link);
  await admin.keyboard.press("Enter");
  await expect(admin.getByRole("heading", { name })).toBeVisible();
  await admin.context().close();
});

test("the flash message that has the focus goes when the page's data is read again, and the focus goes to the content", async ({ browser, javaScriptEnabled }, testInfo) => {
  test.skip(!javaScriptEnabled, "without JavaScript the message stays in the page drawn with it");
  test.setTimeout(120_000);
  const admin = await pageAs(browser, baseUrlOf(testInfo), DEMO.admin, javaScriptEnabled);
  // a point of a day no other test reads, to delete: the Delete pressed goes with its row, and the focus to the message
  const day = "2020-02-02";
  await admin.goto(`/admin/system/interest-rates?asOf=${day}`);
  const point = admin.getByRole("region", { name: "Add a point" });
  await point.getByLabel("As of").fill(day);
  await point.getByLabel("Tenor").fill(String(1 + Math.floor(Math.random() * 360)));
  await point.getByLabel("Rate").fill("4.25");
  await point.getByRole("button", { name: "Add" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("The curve point is added.");
  await admin.goto(`/admin/system/interest-rates?asOf=${day}`);
  await tabTo(admin, admin.getByRole("button", { name: /^Delete / }).first());
  await admin.keyboard.press("Enter");
  await expect(admin.getByTestId("snackbar")).toContainText("The curve point is deleted.");
  await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe("notification");
  // a column choice saved (the box ticked from code, the focus left where it is): the page's data is read
  // again, the flash message taken with it, and the message goes while it has the focus
  await admin.locator("details summary", { hasText: "Columns" }).evaluate((summary) => ((summary.parentElement as HTMLDetailsElement).open = true));
  const box = admin.locator('details input[name="column"]').last();
  await box.evaluate((box) => (box as HTMLInputElement).click());
  await expect(admin.getByTestId("snackbar")).toHaveCount(0);
  expect(await admin.evaluate(() => document.activeElement?.id)).toBe("content");
  // the column shown again, as it was
  await box.evaluate((box) => (box as HTMLInputElement).click());
  await admin.context().close();
});
