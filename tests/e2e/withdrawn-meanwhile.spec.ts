import { expect, test } from "@playwright/test";
import { pageAs, publishedProject, token } from "./listing-steps";
import { baseUrlOf, DEMO, joinAs, signIn } from "./support";

/**
 * A buyer writes from a workspace read before the seller withdrew the listing: told it was withdrawn
 * and that the message was not sent, with what they typed still there to copy (the form with
 * JavaScript, a page of its own without), and a way back to their deals.
 */
test("a message typed in a workspace whose listing was withdrawn meanwhile is kept, and the buyer told", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(180_000);
  const word = token();
  const name = `Withdrawn meanwhile ${word}`;
  const base = baseUrlOf(testInfo);

  await signIn(page, DEMO.seller);
  await expect(page).toHaveURL(/\/home$/);
  const admin = await pageAs(browser, base, DEMO.admin, javaScriptEnabled);
  const id = await publishedProject(page, admin, name, `Borrower ${word}`);
  await admin.context().close();

  // a new buyer signs the NDA, the seller approves it, and the buyer opens the workspace
  const buyerContext = await browser.newContext({ baseURL: base, javaScriptEnabled });
  const buyer = await buyerContext.newPage();
  const { name: buyerName } = await joinAs(buyer, { role: "Buyer", name: `Wanda ${word}`, company: `Westbank ${word}` });
  await buyer.goto(`/projects/more-details/${id}`);
  await buyer.getByRole("button", { name: "Sign the NDA" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/buyers/myprojects/${id}/[A-Za-z0-9_-]+$`));
  await buyer.getByLabel("Type your full name").fill(buyerName);
  await buyer.getByRole("checkbox").check();
  await buyer.getByRole("button", { name: "Sign the NDA" }).click();
  await expect(buyer.getByTestId("snackbar")).toContainText("NDA signed. The seller will review it.");
  await page.goto(`/sellers/myprojects/${id}`);
  await page.getByTestId("nda-row").filter({ hasText: buyerName }).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("The NDA is approved");
  await buyer.goto(`/buyers/myprojects/${id}`);
  const thread = buyer.getByRole("region", { name: "Negotiation" });
  const typed = "Could you share the servicing agreement before Friday?";
  await thread.getByLabel("Your message").fill(typed);

  // the seller withdraws the listing while the buyer's page is open
  const withdrawal = await page.request.post(`/sellers/myprojects/${id}`, { form: { intent: "withdraw" }, headers: { Origin: base }, maxRedirects: 0 });
  expect(withdrawal.status()).toBe(302);

  await thread.getByRole("button", { name: "Send message" }).click();
  const said = `${name} was withdrawn, so your message was not sent.`;
  if (javaScriptEnabled) {
    // the page stays, its form keeps the text and says why
    await expect(thread.getByText(said)).toBeVisible();
    await expect(thread.getByLabel("Your message")).toHaveValue(typed);
    await expect(buyer).toHaveURL(new RegExp(`/buyers/myprojects/${id}$`));
  } else {
    await expect(buyer.getByTestId("error-message")).toHaveText(said);
    await expect(buyer.getByLabel("Your message")).toHaveValue(typed);
    await expect(buyer.getByLabel("Your message")).not.toBeEditable();
    await buyer.getByRole("link", { name: "Back to my deals" }).click();
    await expect(buyer).toHaveURL(/\/buyers\/myprojects\/index_new$/);
  }
  await buyerContext.close();
});
