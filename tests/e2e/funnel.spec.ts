import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiClient, baseUrlOf, DEMO, joinAs, mailTo, signIn, uniqueEmail } from "./support";

/** The inbound funnel (issue #12): demo requests, members' questions, affiliate applications, potential customers. */

const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function adminPage(browser: Browser, baseURL: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

/**
 * A search typed into a table's filter form lands in the URL, narrows the rows to the
 * one wanted, and is still applied (and shown) after a reload.
 */
async function searchNarrows(admin: Page, path: string, search: string, rowTestId: string) {
  await admin.goto(path);
  const filters = admin.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Search").fill(search);
  await filters.getByRole("button", { name: "Show" }).click();
  await expect.poll(() => new URL(admin.url()).searchParams.get("q")).toBe(search);
  await expect(admin.getByTestId("table-count")).toHaveText(/^1–1 of 1 /);
  await expect(admin.getByTestId(rowTestId)).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole("form", { name: "Filters" }).getByLabel("Search")).toHaveValue(search);
  await expect(admin.getByTestId("table-count")).toHaveText(/^1–1 of 1 /);
  await expect(admin.getByTestId(rowTestId)).toBeVisible();
}

test("a visitor requests a demo and an admin takes it on and converts it into a customer", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  const email = uniqueEmail("demo");
  const company = `Demo Capital ${token()}`;
  await page.goto("/");
  await page.getByRole("link", { name: "Request a demo" }).click();
  await expect(page).toHaveURL(/\/contact-us\?topic=demo$/);
  await expect(page.getByLabel("Topic")).toHaveValue("demo");
  await page.getByLabel("Name").fill("Dana Demo");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Company").fill(company);
  await page.getByLabel("Message").fill("We would like to see how buying works.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("arrange your demo");

  const admin = await adminPage(browser, baseUrlOf(testInfo), javaScriptEnabled);
  await searchNarrows(admin, "/admin/demorequests", email, `inbound-${email}`);
  const row = admin.getByTestId(`inbound-${email}`);
  await expect(row).toContainText(company);
  await row.getByLabel("Status").selectOption("contacted");
  await row.getByLabel("Owner").selectOption({ label: "Ada Admin" });
  await row.getByLabel("Notes").fill("Called; demo on Tuesday.");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("Saved.");
  await expect(admin.getByTestId(`inbound-${email}`).getByLabel("Status")).toHaveValue("contacted");
  await expect(admin.getByTestId(`inbound-${email}`).getByLabel("Notes")).toHaveValue("Called; demo on Tuesday.");
  await expect(admin.getByTestId(`inbound-${email}`).getByLabel("Owner")).toHaveValue(/\d+/);
  // the per-column filters are in the URL too: status and owner narrow the rows on the server
  const q = encodeURIComponent(email);
  await admin.goto(`/admin/demorequests?q=${q}&status=new`);
  await expect(admin.getByTestId(`inbound-${email}`)).toHaveCount(0);
  await admin.goto(`/admin/demorequests?q=${q}&status=contacted&owner=none`);
  await expect(admin.getByTestId(`inbound-${email}`)).toHaveCount(0);
  await admin.goto(`/admin/demorequests?q=${q}&status=contacted`);
  await expect(admin.getByTestId(`inbound-${email}`)).toBeVisible();

  await searchNarrows(admin, "/admin/potential-customers", email, `lead-${email}`);
  const lead = admin.getByTestId(`lead-${email}`);
  await expect(lead).toContainText("Demo request");
  await lead.getByRole("button", { name: "Convert" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText(`The customer is created and ${email} is invited.`);
  // the lead's contact is the new customer's first member, invited by e-mail
  expect((await mailTo(email, "You are invited")).text).toMatch(/\/uobs\/invite\//);
  await expect(admin.getByTestId(`lead-${email}`)).toContainText("Converted");
  await expect(admin.getByTestId(`lead-${email}`).getByRole("link", { name: company })).toBeVisible();
  await admin.goto(`/admin/potential-customers?q=${q}&status=open`);
  await expect(admin.getByTestId(`lead-${email}`)).toHaveCount(0);
  await admin.goto(`/admin/demorequests?q=${q}&status=converted`);
  await expect(admin.getByTestId(`inbound-${email}`)).toBeVisible();
  await admin.context().close();
});

test("an admin imports potential customers from a CSV: a bad line stops the whole file", async ({ browser, javaScriptEnabled }, testInfo) => {
  const admin = await adminPage(browser, baseUrlOf(testInfo), javaScriptEnabled);
  const good = uniqueEmail("lead");
  const header = "name,email,company,phone,website,notes";
  await admin.goto("/admin/potential-customers");
  await admin.getByLabel(/Import a CSV/).setInputFiles({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\nLee Lead,${good},Lead Co ${token()},,,\nX,not-an-email,,,,\n`),
  });
  await admin.getByRole("button", { name: "Import", exact: true }).click();
  await expect(admin.getByTestId("import-errors")).toContainText("Line 3");
  await expect(admin.getByTestId(`lead-${good}`)).toHaveCount(0);

  await admin.getByLabel(/Import a CSV/).setInputFiles({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\nLee Lead,${good},Lead Co ${token()},,,met at a conference\n`),
  });
  await admin.getByRole("button", { name: "Import", exact: true }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("1 potential customers imported.");
  await expect(admin.getByTestId(`lead-${good}`)).toContainText("CSV import");
  // the same person again (the file imported twice): skipped, and the admin is told why
  await admin.getByLabel(/Import a CSV/).setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(`${header}\nLee Lead,${good.toUpperCase()},Lead Co,,,\n`) });
  await admin.getByRole("button", { name: "Import", exact: true }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("0 potential customers imported. 1 skipped: their e-mail is a potential customer's, a member's or a customer's already");
  await expect(admin.getByTestId(`lead-${good}`)).toHaveCount(1);
  await admin.context().close();
});

test("a member asks about a project and reads the admin's answer under Messages", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  const member = await joinAs(page, { role: "Buyer", name: `Quinn ${token()}` });
  const question = `Is the pool seasoned? (${token()})`;
  const answer = `Yes, 24 months on average (${token()}).`;
  await page.goto("/projects/more-details/7");
  await page.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByText("Required.").first()).toBeVisible();
  await page.getByLabel("Your question").fill(question);
  await page.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Our team will answer");

  const admin = await adminPage(browser, baseUrlOf(testInfo), javaScriptEnabled);
  await searchNarrows(admin, "/admin/userinquiries", member.email, `inbound-${member.email}`);
  const row = admin.getByTestId(`inbound-${member.email}`);
  await expect(row).toContainText(question);
  // the project it is about, linked
  await expect(row.locator('a[href="/admin/projects/7"]')).toBeVisible();
  await row.getByLabel("Answer").fill(answer);
  await row.getByRole("button", { name: "Send answer" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("Your answer is sent.");
  await expect(admin.getByTestId(`inbound-${member.email}`).getByTestId("answer")).toContainText(answer);
  await admin.context().close();

  await page.goto("/messages");
  await expect(page.getByTestId("notifications")).toContainText(/Our team answered your question about .+\./);
  await expect(page.getByTestId("questions")).toContainText(question);
  await expect(page.getByTestId("question-answer")).toContainText(answer);
});

test("an affiliate applies and the admin sees the application", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  const email = uniqueEmail("affiliate");
  const company = `Affiliate Partners ${token()}`;
  await page.goto("/broker-affiliate");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Required.").first()).toBeVisible();
  await page.getByLabel("Name").fill("Alex Affiliate");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Company", { exact: true }).fill(company);
  await page.getByLabel("Company website").fill("affiliate-partners.example");
  await page.getByLabel("Message").fill("We introduce credit funds to sellers.");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Thank you for applying.");
  for (const field of ["Name", "E-mail", "Company website", "Message"]) await expect(page.getByLabel(field)).toHaveValue("");
  await expect(page.getByLabel("Company", { exact: true })).toHaveValue("");

  const admin = await adminPage(browser, baseUrlOf(testInfo), javaScriptEnabled);
  await searchNarrows(admin, "/admin/affilate-inquiries", email, `inbound-${email}`);
  await expect(admin.getByTestId(`inbound-${email}`)).toContainText(company);
  await expect(admin.getByTestId(`inbound-${email}`)).toContainText("affiliate-partners.example");
  await admin.goto("/admin/potential-customers");
  await expect(admin.getByTestId(`lead-${email}`)).toContainText("Affiliate inquiry");
  await admin.context().close();
});

test("a contact message is found by a search that stays in the URL", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  const email = uniqueEmail("contact");
  await page.goto("/contact-us");
  await page.getByLabel("Name").fill("Cory Contact");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Message").fill("How are deals closed on the marketplace?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Thank you.");
  // sent: the form is empty again, with JavaScript too (it stayed filled, inviting the same message again)
  for (const field of ["Name", "E-mail", "Message"]) await expect(page.getByLabel(field)).toHaveValue("");

  const admin = await adminPage(browser, baseUrlOf(testInfo), javaScriptEnabled);
  await searchNarrows(admin, "/admin/contact-us-messages", email, `inbound-${email}`);
  // a day range that ends before today leaves it out
  await admin.goto(`/admin/contact-us-messages?q=${encodeURIComponent(email)}&to=2000-01-01`);
  await expect(admin.getByTestId("table-count")).toHaveText("No items");
  // the admin's column choice is kept for this table (ID is hidden until chosen)
  const table = admin.getByTestId("table-contactMessages");
  await expect(table.getByRole("columnheader", { name: "ID", exact: true })).toHaveCount(0);
  await admin.getByText("Columns", { exact: true }).click();
  // with JavaScript the column shows while its save is on its way: a reload must wait for the save
  const saved = admin.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/admin/contact-us-messages");
  await admin.getByRole("checkbox", { name: "ID", exact: true }).check();
  await admin.getByRole("button", { name: "Apply columns" }).click();
  await saved;
  await expect(table.getByRole("columnheader", { name: "ID", exact: true })).toBeVisible();
  await admin.reload();
  await expect(table.getByRole("columnheader", { name: "ID", exact: true })).toBeVisible();
  await admin.getByText("Columns", { exact: true }).click();
  await admin.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(table.getByRole("columnheader", { name: "ID", exact: true })).toHaveCount(0);
  await admin.context().close();
});

test.describe("access", { tag: "@http" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level: once per server");

  test("non-admins get 404 on every funnel admin page, for reading and for writing", async ({}, testInfo) => {
    const paths = ["/admin/demorequests", "/admin/userinquiries", "/admin/affilate-inquiries", "/admin/contact-us-messages", "/admin/potential-customers"];
    for (const who of [DEMO.buyer, DEMO.seller, DEMO.broker]) {
      const client = await apiClient(baseUrlOf(testInfo), who);
      for (const path of paths) {
        expect((await client.get(path, { maxRedirects: 0 })).status(), `${who} GET ${path}`).toBe(404);
        const post = await client.post(path, { form: { intent: "update", id: "1", status: "dismissed" }, maxRedirects: 0 });
        expect(post.status(), `${who} POST ${path}`).toBe(404);
      }
      await client.dispose();
    }
  });
});
