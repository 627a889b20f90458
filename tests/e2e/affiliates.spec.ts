import { expect, test, type Browser } from "@playwright/test";
import { DEMO, joinAs, signIn, uniqueEmail } from "./support";

/** Affiliates and referrals (issue #14, item 7): a partner's link brings a member; a buyer has a link of their own. */

const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signedIn(browser: Browser, baseURL: string, javaScriptEnabled: boolean, email: string) {
  const page = await (await browser.newContext({ baseURL, javaScriptEnabled })).newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

const refOf = async (link: string) => new URL(link).searchParams.get("ref")!;

test("an admin approves an affiliate application, and a sign-up through its link shows on the partner's row", async ({ page, browser, javaScriptEnabled, baseURL }) => {
  const email = uniqueEmail("partner");
  const company = `Referral Partners ${token()}`;
  await page.goto("/broker-affiliate");
  await page.getByLabel("Name").fill("Pat Partner");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Company", { exact: true }).fill(company);
  await page.getByLabel("Message").fill("We introduce credit funds to sellers.");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Thank you for applying.");

  const admin = await signedIn(browser, baseURL!, javaScriptEnabled, DEMO.admin);
  await admin.goto("/admin/marketing/affiliates");
  await admin.getByLabel("Application").selectOption({ label: `Pat Partner, ${company} <${email}>` });
  await admin.getByLabel("Commission %").fill("2.5");
  await admin.getByRole("button", { name: "Approve as partner" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("is a partner with the code");
  const link = (await admin.getByTestId("referral-link").textContent())!;
  expect(link).toMatch(/\/join\?ref=[A-Z2-9]{8}$/);
  const code = await refOf(link);

  // the visitor came by the link, read the home page first, and came back to /join without the code
  await page.goto(`/join?ref=${code}`);
  await page.goto("/");
  const member = await joinAs(page, { name: `Rita Referred ${token()}` });
  await admin.goto("/admin/marketing/affiliates");
  const row = admin.getByTestId(`partner-${code}`);
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await expect(row.getByRole("cell").nth(6)).toHaveText("1");
  await row.getByRole("link", { name: /Pat Partner/ }).click();
  await expect(admin.getByRole("cell", { name: member.name })).toBeVisible();
  await admin.getByLabel(`Commission for ${member.name}`).selectOption("approved");
  await admin.getByRole("button", { name: "Set" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("Commission approved.");

  // a partner switched off keeps its referrals but brings no more
  await admin.getByRole("button", { name: "Deactivate partner" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("Partner inactive");
  await expect(admin.getByRole("cell", { name: member.name })).toBeVisible();
  const late = await (await browser.newContext({ baseURL, javaScriptEnabled })).newPage();
  await joinAs(late, { name: `Late Referral ${token()}`, ref: code });
  await late.context().close();
  await admin.goto("/admin/marketing/affiliates");
  await expect(admin.getByTestId(`partner-${code}`).getByRole("cell").nth(3)).toHaveText("1");
  await admin.context().close();
});

test("a buyer sees their own referral link and who joined through it; a made-up code is ignored", async ({ page, browser, javaScriptEnabled, baseURL }) => {
  const buyer = await signedIn(browser, baseURL!, javaScriptEnabled, DEMO.buyer);
  await buyer.goto("/buyers/terms/referral-program");
  const link = (await buyer.getByTestId("referral-link").textContent())!;
  expect(link).toContain("/join?ref=");

  const friend = await joinAs(page, { name: `Fred Friend ${token()}`, ref: await refOf(link) });
  await buyer.reload();
  await expect(buyer.getByText(friend.name)).toBeVisible();
  await buyer.context().close();

  await page.context().clearCookies();
  await joinAs(page, { name: "Nora Nobody", ref: "NOSUCHCODE-<>" });
});
