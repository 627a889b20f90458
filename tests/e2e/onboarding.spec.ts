import { expect, test, type Page } from "@playwright/test";
import { pageAs } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled, joinAs } from "./support";

/**
 * A new member's first minutes: /join lands in the on-boarding chat of their side, one
 * question per step, each answer saved at once; the admin reads the transcript and the
 * criteria it wrote. Works with JavaScript off as on.
 */

const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const question = (page: Page) => page.getByTestId("current-question");
const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();
const skip = (page: Page) => page.getByRole("button", { name: "Skip" }).click();
const choose = async (page: Page, ...labels: string[]) => {
  for (const label of labels) await page.getByLabel(label, { exact: true }).check();
};

test("a new buyer answers every question, and the admin reads the transcript and the criteria", async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const word = token();
  const company = `Osprey ${word} Credit`;
  const member = await joinAs(page, { role: "Buyer", name: `Olga ${word}`, company });
  await expect(page.getByRole("heading", { name: "Set up your account" })).toBeVisible();
  await expect(question(page)).toContainText("Which company do you invest for?");
  // the company named on /join is the first answer's start
  await expect(page.getByLabel("Company")).toHaveValue(company);
  await page.getByLabel("Website").fill(`https://${word}.osprey.example`);
  await next(page);

  await expect(question(page)).toContainText("What kind of business is it?");
  await expect(page.getByTestId("answer-company")).toHaveText(`${company} (https://${word}.osprey.example)`);
  await choose(page, "Hedge Fund");
  await next(page);
  await expect(question(page)).toContainText("What type of investor are you?");
  await choose(page, "Qualified Institutional Buyer (QIB)");
  await next(page);
  await expect(question(page)).toContainText("What do you buy?");
  await choose(page, "Debt (loans)");
  await next(page);
  await expect(question(page)).toContainText("Which kinds of transaction");
  await skip(page);
  await expect(question(page)).toContainText("Which industries do you invest in?");
  await expect(page.getByTestId("answer-transactionPref")).toHaveText("Skipped");
  await choose(page, "Aviation", "Energy");
  await next(page);
  await expect(question(page)).toContainText("Which regions?");
  await choose(page, "Midwest");
  await next(page);
  await expect(question(page)).toContainText("Any states you focus on?");
  // one answer too many: the /preferences rule, with its message, and nothing saved
  await choose(page, "Ohio", "Iowa", "Texas", "Maine");
  await next(page);
  await expect(page.getByText("Choose at most 3 states.")).toBeVisible();
  await expect(question(page)).toContainText("Any states you focus on?");
  await page.getByLabel("Maine", { exact: true }).uncheck();
  await next(page);
  await expect(question(page)).toContainText("Which transaction sizes?");
  await choose(page, "$5-$10m");
  await next(page);
  await expect(question(page)).toContainText("Performing or non-performing loans?");
  await choose(page, "Non-Performing");
  await next(page);
  await expect(question(page)).toContainText("Anything else");
  await page.getByLabel("Your answer").fill(`Seasoned senior loans (${word}).`);
  await next(page);
  await expect(page).toHaveURL(/\/buyers\/search/);
  await expect(page.getByTestId("snackbar")).toContainText("your account is set up");
  await page.goto("/home");
  await expect(page.getByTestId("onboarding-banner")).toHaveCount(0);

  const admin = await pageAs(browser, baseUrlOf(testInfo), DEMO.admin, jsEnabled(testInfo));
  await admin.goto("/admin/onboard-chats?status=completed&side=buyer");
  const row = admin.getByTestId(`chat-${member.email}`);
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("10 of 11");
  await row.getByRole("link", { name: "Transcript" }).click();
  const transcript = admin.getByTestId("transcript");
  await expect(transcript).toContainText(`Transcript: Olga ${word}`);
  await expect(transcript).toContainText("Aviation, Energy");
  await expect(transcript).toContainText("Iowa, Ohio, Texas");
  await expect(transcript).toContainText(`Seasoned senior loans (${word}).`);

  await row.getByRole("link", { name: company }).click();
  await expect(admin.getByRole("heading", { name: company })).toBeVisible();
  const profile = admin.getByRole("region", { name: "Profile" });
  await expect(profile).toContainText("In progress");
  await expect(profile).toContainText("Hedge Fund");
  await expect(profile).toContainText("Qualified Institutional Buyer (QIB)");
  const preferences = admin.getByRole("region", { name: "Preferences" });
  await expect(preferences).toContainText("Aviation, Energy");
  await expect(preferences).toContainText("Iowa, Ohio, Texas");
  await expect(preferences).toContainText("Midwest");
  await expect(preferences).toContainText("Non-Performing");
  await admin.context().close();
});

test("a new seller leaves half-way, comes back where they were, and ends at 'List your first project'", async ({ page }) => {
  test.setTimeout(120_000);
  const word = token();
  await joinAs(page, { role: "Seller", name: `Sam ${word}`, company: `Sandbar ${word} Bank` });
  await expect(question(page)).toContainText("Which company are you selling for?");
  await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Skip" })).toHaveCount(0);
  await next(page);
  await choose(page, "Bank");
  await next(page);
  await expect(question(page)).toContainText("What do you sell?");

  // away, then back through the dashboard's invitation
  await page.goto("/home");
  await page.getByRole("link", { name: "Finish setting up your account" }).click();
  await expect(page).toHaveURL(/\/on-board\/sellers$/);
  await expect(question(page)).toContainText("What do you sell?");
  await expect(page.getByTestId("answer-businessType")).toHaveText("Bank");

  // back to change the previous answer, then on to where they were
  await page.getByRole("button", { name: "Back" }).click();
  await expect(question(page)).toContainText("What kind of business is it?");
  await expect(page.getByLabel("Bank", { exact: true })).toBeChecked();
  await choose(page, "Credit Union");
  await next(page);
  await expect(question(page)).toContainText("What do you sell?");
  await expect(page.getByTestId("answer-businessType")).toHaveText("Credit Union");

  await choose(page, "Debt (loans)", "Assets");
  await next(page);
  for (const q of ["Which industries", "Which regions", "How large", "Are the loans you sell performing"]) {
    await expect(question(page)).toContainText(q);
    await skip(page);
  }
  await expect(page.getByRole("heading", { name: "You are all set" })).toBeVisible();
  await page.getByRole("link", { name: "List your first project" }).click();
  await expect(page).toHaveURL(/\/projects\/create/);
});

test("a visitor who joined from a project's link is taken back to it when the chat ends", async ({ page }) => {
  const word = token();
  // seed project 7: seller@demo.test's published insurance loan
  await joinAs(page, { role: "Buyer", name: `Rita ${word}`, company: `Return ${word} Partners`, redirect: "/projects/more-details/7" });
  await expect(page).toHaveURL(/\/on-board\/buyers\?redirect=%2Fprojects%2Fmore-details%2F7$/);
  await next(page);
  const questions = ["What kind of business", "What type of investor", "What do you buy?", "Which kinds of transaction", "Which industries", "Which regions?", "Any states", "Which transaction sizes?", "Performing or non-performing", "Anything else"];
  for (const q of questions) {
    await expect(question(page)).toContainText(q);
    await skip(page);
  }
  await expect(page).toHaveURL(/\/projects\/more-details\/7$/);
});
