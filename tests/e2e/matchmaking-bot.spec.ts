import { expect, test, type Page } from "@playwright/test";
import { fillBasics, fillTerms, pageAs } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled, joinAs, uniqueEmail } from "./support";

/**
 * The matchmaking assistant as people use it (issue #13 item 5): a buyer tells it what
 * it looks for, sees the projects that fit and why, saves the criteria it understood
 * (and they are on /preferences), or says "Not now"; a seller sees the buyers likely
 * to bid on a draft, never by name. JavaScript on (a fetcher) and off (form posts).
 * The buyer is new for each run, with a company of its own, so runs do not meet.
 */

async function newBuyerWithCompany(page: Page) {
  const company = `Assistant Test Fund ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await joinAs(page, { email: uniqueEmail("bot"), company });
  // the on-boarding chat's first answer gives the member a company of its own
  await page.getByLabel("Company").fill(company);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("answer-company")).toContainText(company);
}

test("a buyer converses with the assistant, sees matching projects with reasons, and saves the criteria with consent", async ({ page }) => {
  test.setTimeout(180_000);
  await newBuyerWithCompany(page);
  await page.goto("/home");
  const assistant = page.getByTestId("matchmaking-assistant");
  await expect(assistant.getByRole("heading", { name: "Matchmaking assistant" })).toBeVisible();
  await expect(assistant.getByTestId("assistant-says")).toHaveCount(1);

  await assistant.getByLabel("Your answer").fill("loan pools in Texas under $5M, performing");
  await assistant.getByRole("button", { name: "Send" }).click();
  await expect(assistant.getByTestId("assistant-says").last()).toContainText("Here is what I understood: states Texas", { timeout: 30_000 });
  await expect(assistant.getByTestId("member-says")).toHaveText(/loan pools in Texas/);
  const match = assistant.getByTestId("assistant-match").first();
  await expect(match).toContainText("Loan status: Performing");
  await expect(assistant.getByTestId("assistant-proposal")).toContainText("performing loans");

  // a reload keeps the conversation: it is stored on the server
  await page.reload();
  await expect(assistant.getByTestId("member-says")).toHaveCount(1);

  await assistant.getByRole("button", { name: "Save to my criteria" }).click();
  await expect(page.getByText("Your criteria are saved.")).toBeVisible({ timeout: 30_000 });
  await expect(assistant.getByTestId("assistant-proposal")).toHaveCount(0);
  await page.goto("/preferences");
  const form = page.locator("form#criteria");
  await expect(form.getByLabel("Texas", { exact: true })).toBeChecked();
  await expect(form.getByLabel("Performing", { exact: true })).toBeChecked();
  await expect(form.getByLabel("$1-$5m", { exact: true })).toBeChecked();

  // on search: more than 3 states is refused; "Not now" keeps the criteria; "Start over" forgets the talk
  await page.goto("/buyers/search");
  await assistant.getByLabel("Your answer").fill("Texas, Ohio, Iowa and Utah");
  await assistant.getByRole("button", { name: "Send" }).click();
  await expect(assistant.getByTestId("assistant-says").last()).toContainText("Choose at most 3 states.", { timeout: 30_000 });
  await expect(page).toHaveURL(/\/buyers\/search/);
  await assistant.getByLabel("Your answer").fill("Energy");
  await assistant.getByRole("button", { name: "Send" }).click();
  await expect(assistant.getByTestId("assistant-proposal")).toContainText("industries Energy", { timeout: 30_000 });
  await assistant.getByRole("button", { name: "Not now" }).click();
  await expect(assistant.getByTestId("assistant-says").last()).toContainText("your criteria stay as they were", { timeout: 30_000 });
  await page.goto("/preferences");
  await expect(form.getByLabel("Energy", { exact: true })).not.toBeChecked();
  await page.goto("/buyers/search");
  await assistant.getByRole("button", { name: "Start over" }).click();
  await expect(assistant.getByTestId("member-says")).toHaveCount(0, { timeout: 30_000 });
  await expect(assistant.getByTestId("assistant-says")).toHaveCount(1);
});

test("a seller sees the buyers likely to bid on a draft, as Buyer #n", async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const page = await pageAs(browser, baseUrlOf(testInfo), DEMO.seller, jsEnabled(testInfo));
  await page.goto("/projects/create");
  await page.getByLabel("Loan pool", { exact: false }).first().check();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/step=1/);
  await fillBasics(page, `Bidders draft ${Date.now().toString(36)}`, "Healthcare");
  await fillTerms(page, "A Borrower LLC");
  const draft = Number(new URL(page.url()).searchParams.get("draft"));
  await page.goto("/sellers/myprojects/drafts");
  await page.getByTestId(`draft-${draft}`).getByRole("link", { name: "Buyers likely to bid" }).click();
  await expect(page).toHaveURL(new RegExp(`/sellers/myprojects/${draft}`));
  const table = page.getByTestId("likely-bidders");
  await expect(page.getByRole("heading", { name: "Buyers likely to bid" })).toBeVisible();
  await expect(table.locator("tbody tr").first()).toContainText("Buyer #1");
  await expect(table).toContainText("Industry: Healthcare");
  expect(await table.locator("tbody tr").count()).toBeLessThanOrEqual(10);
  await page.context().close();
});
