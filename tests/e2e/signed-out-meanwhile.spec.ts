import { expect, test } from "@playwright/test";
import { SEEDED_BUYER, signIn } from "./support";

/**
 * A member signed out in another tab sends a long message from the tab still open: nothing is sent,
 * and the sign-in page says why and gives back what they typed (kept through a refused sign-in).
 */
test("a message sent after signing out in another tab is not sent, and its text is given back on the sign-in page", async ({ page, context }) => {
  await signIn(page, SEEDED_BUYER);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/messages");
  const thread = page.locator('a[href^="/messages/"]').first();
  const href = await thread.getAttribute("href");
  await page.goto(href!);
  const typed = "Before we go further, could you send the servicing history for the 2019 vintage?";
  await page.getByLabel("Your message").fill(typed);

  // another tab of the same browser signs out
  const other = await context.newPage();
  await other.goto("/home");
  await other.getByRole("button", { name: "Sign out" }).click();
  await expect(other).toHaveURL(/\/signin$/);
  await other.close();

  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await expect(page.getByTestId("snackbar")).toContainText("You were signed out (in another tab, or your session ended), so what you sent was not saved.");
  await expect(page.getByLabel("What you typed (not sent)")).toHaveValue(typed);

  // a mistyped address (no account's failures counted): refused, the text still there
  await page.getByLabel("E-mail").fill("nobody-signed-out@example.test");
  await page.getByLabel(/^Password/).fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The e-mail or password is not correct.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("What you typed (not sent)")).toHaveValue(typed);
});
