import { expect, test } from "@playwright/test";
import { apiClient, baseUrlOf, DEMO, signIn, uniqueEmail } from "./support";

/** What admins do is written to a hash-chained log that they can read and check. */

test("an admin disables and enables a member, finds both in the audit log with their name, and the chain verifies", async ({ page }, testInfo) => {
  const baseURL = baseUrlOf(testInfo);
  const email = uniqueEmail("audited");
  const visitor = await apiClient(baseURL);
  const joined = await visitor.post("/join", {
    form: {
      role: "buyer", name: "Audrey Audited", company: "Ledger Credit", businessType: "Credit Union",
      email, phone: "+1 212 555 0143", password: "a good long password", confirmPassword: "a good long password",
    },
    maxRedirects: 0,
  });
  expect(joined.status(), "join").toBe(302);
  await visitor.dispose();

  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  const member = page.getByTestId(`user-${email}`);
  await member.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("The account is disabled.");
  await member.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("The account is enabled.");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/log$/);
  const rows = page.getByTestId("audit-row").filter({ hasText: "Ada Admin" });
  // newest first: the enable above the disable, both naming the admin, the record and an address
  const enable = rows.filter({ hasText: "user.enable" }).first();
  const disable = rows.filter({ hasText: "user.disable" }).first();
  await expect(enable).toContainText("admin@demo.test");
  await expect(disable).toContainText("admin@demo.test");
  const enableId = Number(await enable.locator("td").first().textContent());
  const disableId = Number(await disable.locator("td").first().textContent());
  expect(enableId).toBeGreaterThan(disableId);
  const subject = (await disable.locator("td").nth(4).textContent())!.trim();
  expect(subject).toMatch(/^user \d+$/);
  expect((await enable.locator("td").nth(4).textContent())!.trim()).toBe(subject);

  await page.getByRole("button", { name: "Verify the chain" }).click();
  await expect(page.getByTestId("audit-check")).toContainText("The chain is intact");
});

test("the audit log is for admins only, and its check refuses anything else", async ({}, testInfo) => {
  const baseURL = baseUrlOf(testInfo);
  const seller = await apiClient(baseURL, DEMO.seller);
  expect((await seller.get("/admin/log", { maxRedirects: 0 })).status()).toBe(404);
  expect((await seller.post("/admin/log", { form: { intent: "verify" }, maxRedirects: 0 })).status()).toBe(404);
  await seller.dispose();

  const admin = await apiClient(baseURL, DEMO.admin);
  expect((await admin.post("/admin/log", { form: { intent: "delete" }, maxRedirects: 0 })).status()).toBe(400);
  // a page far back, or a junk page number, is a page, not an error
  expect((await admin.get("/admin/log?before=1")).status()).toBe(200);
  expect((await admin.get("/admin/log?before=abc")).status()).toBe(200);
  await admin.dispose();
});
