import { expect, test } from "@playwright/test";
import { MAIL_PROVIDER_URL } from "../support/urls";
import { listProject, pageAs, token } from "./listing-steps";
import { baseUrlOf, DEMO, joinAs, type SentMail } from "./support";

/**
 * A buyer saves a search; once a matching listing is published, the daily digest
 * reaches them through the outbox (the housekeeping run: a timer on Node, the cron on
 * Workers, which `wrangler dev --test-scheduled` runs at GET /__scheduled), and its stop
 * link turns that search's alerts off; delete removes the search.
 */

type Received = SentMail & { headers?: Record<string, string> };

/** The digest for `email`, waiting for the housekeeping run (the Node timer runs every minute). */
async function digestTo(email: string, { baseURL, edge }: { baseURL: string; edge: boolean }) {
  let found: Received | undefined;
  await expect
    .poll(
      async () => {
        if (edge) await fetch(`${baseURL}/__scheduled`).catch(() => undefined);
        const sent = (await (await fetch(`${MAIL_PROVIDER_URL}/messages`)).json()) as Received[];
        found = sent.find((m) => m.to === email && m.subject === "New listings for your saved searches");
        return Boolean(found);
      },
      { timeout: 150_000, intervals: [3_000] },
    )
    .toBe(true);
  return found!;
}

test("a buyer saves a search, gets the digest once a matching listing is published, stops its alerts and deletes it", async ({ browser, page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(300_000);
  const baseURL = baseUrlOf(testInfo);
  const word = token();
  const projectName = `Limited company ${word}`;
  const searchName = `Alerts ${word}`;

  // a new buyer, so no earlier digest of theirs holds the next one back a day
  const buyer = await joinAs(page, { role: "Buyer", name: `Sam ${word}` });
  await page.goto(`/buyers/search?q=${word.toLowerCase()}&industry=Energy`);
  await expect(page.getByTestId("result-count")).toHaveText("0 projects");
  // a name is required, in the browser and on the server alike
  await page.getByRole("button", { name: "Save and alert me" }).click();
  await expect(page.getByRole("form", { name: "Save this search" }).getByText("Required.")).toBeVisible();
  await page.getByLabel("Save this search as").fill(searchName);
  await page.getByRole("button", { name: "Save and alert me" }).click();
  await expect(page.getByTestId("snackbar")).toContainText(`Search saved as “${searchName}”`);
  await expect(page).toHaveURL(new RegExp(`q=${word.toLowerCase()}`));
  // the same name again is refused, with the reason on the field
  await page.getByLabel("Save this search as").fill(searchName.toUpperCase());
  await page.getByRole("button", { name: "Save and alert me" }).click();
  await expect(page.getByText("You already have a saved search with this name.")).toBeVisible();

  await page.goto("/preferences");
  const saved = page.getByRole("listitem", { name: searchName });
  await expect(saved).toContainText(`“${word.toLowerCase()}”, industry Energy`);
  await expect(saved).toContainText("Daily e-mail on");
  await expect(saved.getByRole("link", { name: searchName })).toHaveAttribute("href", `/buyers/search?q=${word.toLowerCase()}&industry=Energy`);

  // a seller lists a matching project and an admin publishes it
  const seller = await pageAs(browser, baseURL, DEMO.seller, javaScriptEnabled);
  const id = await listProject(seller, "Limited company", projectName, `Borrower ${word}`);
  await seller.context().close();
  const admin = await pageAs(browser, baseURL, DEMO.admin, javaScriptEnabled);
  await admin.goto(`/admin/projects/${id}`);
  await admin.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("The project is published.");
  await admin.context().close();

  const digest = await digestTo(buyer.email, { baseURL, edge: testInfo.project.name.startsWith("edge") });
  expect(digest.text).toContain(`${searchName} (“${word.toLowerCase()}”, industry Energy): 1 listing`);
  expect(digest.text).toContain(`- ${projectName}: Energy, Midwest, $2.5M, Performing, 6.50% rate`);
  expect(digest.text).toMatch(new RegExp(`https?://\\S+/projects/more-details/${id}\\b`));
  expect(digest.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(digest.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/\S+\/unsubscribe\/alerts\/\S+\/one-click>$/);

  // the search's own stop link, signed out
  const stop = new RegExp(`Stop alerts for "${searchName}": (https?://\\S+)`).exec(digest.text)![1]!;
  const visitor = await (await browser.newContext({ baseURL, javaScriptEnabled })).newPage();
  await visitor.goto(new URL(stop).pathname);
  await expect(visitor.getByText(`Stop the daily e-mail for the saved search “${searchName}”?`)).toBeVisible();
  await visitor.getByRole("button", { name: "Stop alerts" }).click();
  await expect(visitor.getByTestId("alerts-stopped")).toContainText(`E-mail alerts for the saved search “${searchName}” are off.`);
  await visitor.context().close();

  await page.goto("/preferences");
  await expect(saved).toContainText("Daily e-mail off");
  await saved.getByRole("button", { name: "Turn on alerts" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("E-mail alerts are on.");
  await expect(saved).toContainText("Daily e-mail on");
  // RFC 8058: the provider posts to the header's URL from anywhere, without a cookie: all of the member's alerts stop (once per server)
  if (javaScriptEnabled) {
    const header = digest.headers!["List-Unsubscribe"]!;
    const oneClick = await fetch(new URL(new URL(header.slice(1, -1)).pathname, baseURL), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await page.reload();
    await expect(saved).toContainText("Daily e-mail off");
  }
  await saved.getByRole("button", { name: `Delete ${searchName}` }).click();
  await expect(page.getByTestId("snackbar")).toContainText("The saved search is deleted.");
  await expect(saved).toHaveCount(0);
  await expect(page.getByText("None yet.")).toBeVisible();
});
