import { expect, test } from "@playwright/test";
import { pageAs } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled, mailTo, uniqueEmail } from "./support";

/**
 * Responsiveness both ways, as people meet it: an admin picks matched buyers on a
 * project and invites them to view it (the teaser reaches their members through
 * the outbox, counts as a communication, and goes once a day); a buyer reads the
 * seller's responsiveness on the teaser.
 * The invited company is made by the test, so every run invites a company nobody invited yet.
 */

/** Seed project 7: seller@demo.test's published insurance loan. */
const PROJECT = 7;

test("an admin invites matched buyers to view a project; the teaser reaches their members once", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = baseUrlOf(testInfo);
  const admin = await pageAs(browser, baseURL, DEMO.admin, jsEnabled(testInfo));
  const tag = uniqueEmail("resp").split("@")[0]!;
  // "000": first when the buyer table is sorted by name
  const name = `000 Responsive ${tag}`;

  // a buyer company with one member and criteria that match the project
  await admin.goto("/admin/customers/create");
  await admin.getByLabel("Customer name").fill(name);
  await admin.getByLabel("Customer type").selectOption("buyer");
  await admin.getByLabel("Website").fill(`https://${tag}.example`);
  await admin.getByRole("button", { name: "Create customer" }).click();
  await expect(admin).toHaveURL(/\/admin\/customers\/\d+$/);
  const customerId = Number(new URL(admin.url()).pathname.split("/").pop());
  await admin.getByRole("link", { name: "Add a member" }).click();
  const email = uniqueEmail("invitee");
  await admin.getByLabel("Name").fill("Ines Invitee");
  await admin.getByLabel("E-mail").fill(email);
  await admin.getByRole("button", { name: "Add and invite" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
  await admin.goto(`/admin/customers/edit/${customerId}`);
  const criteria = admin.locator("form#criteria");
  await criteria.getByLabel("Insurance", { exact: true }).check();
  await criteria.getByRole("button", { name: "Save criteria" }).click();
  await expect(admin.getByText(/criteria/i).first()).toBeVisible();

  // one communication so far (the member's welcome): not yet two
  const twoOrMore = `/admin/customers?q=${encodeURIComponent(tag)}&minCommunications=2`;
  await admin.goto(twoOrMore);
  await expect(admin.getByTestId("customers-count")).toHaveText("No customers");

  // the project's buyer table, by name: the new company comes first; tick it and invite
  await admin.goto(`/admin/projects/${PROJECT}?sort=customerName&desc=0`);
  const row = admin.getByTestId(`buyer-${customerId}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText("Industry: Insurance");
  await expect(row).toContainText("No requests in the last 90 days.");
  await row.getByRole("checkbox").check();
  await admin.getByRole("button", { name: "Invite to view" }).click();
  await expect(admin.getByText(`Invited 1 company to view the project: ${name}.`)).toBeVisible();

  const mail = await mailTo(email, "Invitation to view");
  expect(mail.text).toContain(`/projects/more-details/${PROJECT}`);

  // the invitation is a communication, and an ask of the company, not counted against it while new (decision 148)
  await admin.goto(twoOrMore);
  await expect(admin.getByRole("link", { name })).toBeVisible();
  await admin.goto(`/admin/projects/${PROJECT}?sort=customerName&desc=0`);
  await expect(admin.getByTestId(`buyer-${customerId}`)).toContainText("No requests in the last 90 days.");

  // pressed again the same day: nothing is sent twice
  await admin.getByTestId(`buyer-${customerId}`).getByRole("checkbox").check();
  await admin.getByRole("button", { name: "Invite to view" }).click();
  await expect(admin.getByText(`Not sent again (invited within the last day): ${name}.`)).toBeVisible();

  // nothing ticked: the form says so
  await admin.getByRole("button", { name: "Invite to view" }).click();
  await expect(admin.getByText("Select at least one buyer.")).toBeVisible();
  await admin.context().close();
});

test("a buyer reads the seller's responsiveness on the teaser", async ({ browser }, testInfo) => {
  const buyer = await pageAs(browser, baseUrlOf(testInfo), DEMO.buyer, jsEnabled(testInfo));
  await buyer.goto(`/projects/more-details/${PROJECT}`);
  await expect(buyer.getByTestId("seller-responsiveness")).toContainText(/Seller responsiveness: (\d+|not rated yet) — (Answered \d+ of \d+|No requests)/);
  await buyer.context().close();
});
