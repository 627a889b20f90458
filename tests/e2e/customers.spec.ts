import path from "node:path";
import { expect, test } from "@playwright/test";
import { pageAs } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled, mailTo, uniqueEmail } from "./support";

/**
 * An admin runs a customer from creation to verification, and to its deletion: the customer, the
 * duplicate refusal, a member invited by e-mail who sets a password and signs in,
 * and the on-boarding checklist; until it is verified, the member reads teasers but
 * is told why they cannot sign an NDA. Deleted, its name and its member's contacts are anonymised.
 */


/** Seed project 7: seller@demo.test's published insurance loan. */
const TEASER = "/projects/more-details/7";

test("an admin creates a customer, invites a buyer who signs in, verifies the customer, then deletes it", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = baseUrlOf(testInfo);
  const js = jsEnabled(testInfo);
  const tag = uniqueEmail("cust").split("@")[0]!;
  const name = `Customer ${tag}`;
  const website = `https://www.${tag}.example/about`;
  const admin = await pageAs(browser, baseURL, DEMO.admin, js);

  // create, and be refused a second customer with the same website domain
  await admin.goto("/admin/customers/create");
  await admin.getByLabel("Customer name").fill(name);
  await admin.getByLabel("Customer type").selectOption("buyer");
  await admin.getByLabel("Attention e-mail").fill("not-an-email");
  await admin.getByLabel("Website").fill(website);
  await admin.getByRole("button", { name: "Create customer" }).click();
  await expect(admin.getByText("Invalid e-mail.")).toBeVisible();
  await admin.getByLabel("Attention e-mail").fill(`desk@${tag}.example`);
  await admin.getByRole("button", { name: "Create customer" }).click();
  await expect(admin).toHaveURL(/\/admin\/customers\/\d+$/);
  const customerId = Number(new URL(admin.url()).pathname.split("/").pop());
  await expect(admin.getByRole("heading", { name })).toBeVisible();

  await admin.goto("/admin/customers/create");
  await admin.getByLabel("Customer name").fill(`${name} again`);
  await admin.getByLabel("Website").fill(`http://${tag}.example`);
  await admin.getByRole("button", { name: "Create customer" }).click();
  await expect(admin.getByText(`${name} (customer ${customerId}) has this website domain`)).toBeVisible();

  // add a buyer; the invitation goes through the outbox
  await admin.goto(`/admin/customers/${customerId}`);
  await admin.getByRole("link", { name: "Add a member" }).click();
  await expect(admin.getByLabel("Customer")).toHaveValue(String(customerId));
  const email = uniqueEmail("invited");
  await admin.getByLabel("Name").fill("Ivy Invited");
  await admin.getByLabel("E-mail").fill(email);
  await admin.getByRole("button", { name: "Add and invite" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
  await expect(admin.getByTestId(`member-${email}`)).toContainText("Buyer");

  await expect(admin.getByTestId(`member-${email}`)).toContainText("Invited");
  await mailTo(email, "You are invited");
  // sent again at once (a double click, another admin): the one that went a moment ago is named, nothing more is mailed
  await admin.getByTestId(`member-${email}`).getByRole("button", { name: "Send the invitation again" }).click();
  await expect(admin.getByText(new RegExp(`^An invitation went to ${email.replace(/[.+]/g, "\\$&")} at .+, less than a minute ago: nothing more was sent\\.$`))).toBeVisible();
  const mail = await mailTo(email, "You are invited");
  const link = /(https?:\/\/\S+\/uobs\/invite\/\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();

  // the buyer accepts: password set, signed in
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const buyer = await context.newPage();
  await buyer.goto(new URL(link!).pathname);
  await buyer.getByLabel(/^Password/).fill("an invited long password");
  await buyer.getByLabel("Repeat password").fill("an invited long password");
  await buyer.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(buyer).toHaveURL(/\/home$/);
  // the link works once
  await buyer.context().clearCookies();
  expect((await buyer.goto(new URL(link!).pathname))!.status()).toBe(410);

  await buyer.goto("/signin");
  await buyer.getByLabel("E-mail").fill(email);
  await buyer.getByLabel(/^Password/).fill("an invited long password");
  await buyer.getByRole("button", { name: "Sign in" }).click();
  await expect(buyer).toHaveURL(/\/home$/);

  // not verified yet: the teaser, but no NDA, and why
  await buyer.goto(TEASER);
  await expect(buyer.getByTestId("nda-blocked")).toContainText("not verified");
  await expect(buyer.getByRole("button", { name: "Sign the NDA" })).toHaveCount(0);

  // on-boarding: verifying needs the checklist
  await admin.goto(`/admin/customers/on-board/${customerId}`);
  await admin.getByLabel("On-boarding status").selectOption("verified");
  await admin.getByRole("button", { name: "Set status" }).click();
  await expect(admin.getByText("Complete the investor type, the evidence and the terms")).toBeVisible();

  await admin.getByLabel("Investor type").selectOption("Accredited Investor");
  await admin.getByRole("button", { name: "Save investor type" }).click();
  await expect(admin.getByTestId("onboarding-status")).toHaveText("In progress");
  await admin.getByLabel("Document (PDF or Word)").setInputFiles(path.resolve("tests/e2e/fixtures/offering-memo.pdf"));
  await admin.getByRole("button", { name: "Upload evidence" }).click();
  await expect(admin.getByRole("link", { name: "offering-memo.pdf" })).toBeVisible();
  const evidence = await admin.request.get(`/admin/customers/evidence/${customerId}`);
  expect(evidence.headers()["content-type"]).toBe("application/pdf");
  await admin.getByLabel("The customer accepted the marketplace's terms").check();
  await admin.getByRole("button", { name: "Record acceptance" }).click();
  await expect(admin.getByText(/^Accepted /)).toBeVisible();
  await admin.getByLabel("On-boarding status").selectOption("verified");
  await admin.getByRole("button", { name: "Set status" }).click();
  await expect(admin.getByTestId("onboarding-status")).toHaveText("Verified");

  // verified: the buyer may sign
  await buyer.goto(TEASER);
  await expect(buyer.getByRole("button", { name: "Sign the NDA" })).toBeVisible();
  await expect(buyer.getByTestId("nda-blocked")).toHaveCount(0);

  // the member chose a password: no longer "Invited"
  await admin.goto(`/admin/customers/${customerId}`);
  await expect(admin.getByTestId(`member-${email}`)).toContainText("Active");

  // the customer leaves: deleted, its name and its member's contacts anonymised, found no more by them
  const found = (text: string) => admin.goto(`/admin/customers?${new URLSearchParams({ q: text })}`).then(() => admin.locator(`a[href="/admin/customers/${customerId}"], a[href^="/admin/customers/${customerId}?"]`));
  await expect((await found(tag)).first()).toBeVisible();
  await admin.goto(`/admin/customers/${customerId}`);
  // for good, so behind a second, worded click
  await admin.getByText("Delete…").click();
  await admin.getByRole("button", { name: "Yes, delete the customer" }).click();
  await expect(admin.getByText("The customer is deleted: its name and contacts are anonymised, its deal history kept.")).toBeVisible();
  await expect(admin.getByRole("heading", { name: `Deleted customer ${customerId}` })).toBeVisible();
  await expect(admin.getByText("Deleted (anonymised)")).toBeVisible();
  await expect(admin.getByText(email)).toHaveCount(0);
  await expect(await found(tag)).toHaveCount(0);
  await expect(await found(email)).toHaveCount(0);
  // its member's session is over, and their old address signs no one in
  await buyer.goto("/preferences");
  await expect(buyer).toHaveURL(/\/signin/);
  await buyer.getByLabel("E-mail").fill(email);
  await buyer.getByLabel(/^Password/).fill("an invited long password");
  await buyer.getByRole("button", { name: "Sign in" }).click();
  await expect(buyer.getByText("The e-mail or password is not correct.", { exact: false })).toBeVisible();

  // the changes are in the audit log
  await admin.goto("/admin/log");
  await expect(admin.getByText("customer.onboarding").first()).toBeVisible();
  await expect(admin.getByText("customer.anonymise").first()).toBeVisible();
  await context.close();
  await admin.context().close();
});

test("an admin follows a customer's timeline to the project an event was on", async ({ browser }, testInfo) => {
  const admin = await pageAs(browser, baseUrlOf(testInfo), DEMO.admin, jsEnabled(testInfo));
  // the customer whose members looked at the most listings has a timeline
  await admin.goto("/admin/customers?sort=views&desc=1");
  await admin.locator('a[href^="/admin/customers/"]').filter({ hasNotText: /create|edit|on-board/i }).first().click();
  // the page keeps the table as the admin left it, to go back to
  await expect(admin).toHaveURL(/\/admin\/customers\/\d+\?back=/);
  await expect(admin.getByRole("link", { name: "Back to customers" })).toHaveAttribute("href", "/admin/customers?sort=views&desc=1");
  const timeline = admin.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByTestId("timeline-counts")).toContainText("Views:");
  const event = timeline.getByRole("listitem").filter({ has: admin.locator('a[href^="/admin/projects/"]') }).first();
  const link = event.getByRole("link");
  const href = (await link.getAttribute("href"))!;
  await expect(event).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC — /);
  await link.click();
  await expect(admin).toHaveURL(new RegExp(`${href}$`));
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
});
