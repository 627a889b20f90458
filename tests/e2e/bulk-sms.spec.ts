import { expect, test, type Page } from "@playwright/test";
import { pageAs } from "./listing-steps";
import { daytimeZone, e164, signedStop, textsTo, uniquePhone } from "./sms-steps";
import { baseUrlOf, DEMO, jsEnabled, uniqueEmail } from "./support";

/**
 * An admin texts a list: the count of characters and segments, the preview per
 * recipient with the opt-out line, one text per number at the provider and progress to
 * 100 %; a STOP reply through the provider's signed webhook suppresses the number and
 * the next text to the list skips it.
 */

async function createCustomer(admin: Page, c: { name: string; contact: string; phone: string; website: string; allowance: string; hq: string }) {
  await admin.goto("/admin/customers/create");
  await admin.getByLabel("Customer name").fill(c.name);
  await admin.getByLabel("Customer type").selectOption("buyer");
  await admin.getByLabel("Contact person").fill(c.contact);
  await admin.getByLabel("Attention phone").fill(c.phone);
  await admin.getByLabel("Website").fill(c.website);
  await admin.getByLabel("Headquarters").fill(c.hq);
  await admin.getByLabel("SMS allowance").fill(c.allowance);
  await admin.getByRole("button", { name: "Create customer" }).click();
  await expect(admin).toHaveURL(/\/admin\/customers\/\d+$/);
}

async function writeAndPreview(admin: Page, listId: string, text: string) {
  await admin.goto(`/admin/marketing/bulk-sms?listId=${listId}`);
  await admin.getByRole("textbox", { name: /^Text/ }).fill(text);
  await admin.getByRole("button", { name: "Preview" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/bulk-sms\/\d+$/);
}

test("an admin texts a list, sees progress reach 100 %, and a number that replied STOP is skipped next time", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = baseUrlOf(testInfo);
  const js = jsEnabled(testInfo);
  const tag = uniqueEmail("sms").split("@")[0]!;
  const admin = await pageAs(browser, baseURL, DEMO.admin, js);
  const hq = daytimeZone();
  const ann = { name: `Alpha ${tag}`, contact: "Ann Alpha", phone: uniquePhone(), website: `https://a${tag}.example`, allowance: "10", hq };
  const bob = { name: `Beta ${tag}`, contact: "Bob Beta", phone: uniquePhone(), website: `https://b${tag}.example`, allowance: "10", hq };
  const cat = { name: `Gamma ${tag}`, contact: "Cat Gamma", phone: "212 555 0100", website: `https://c${tag}.example`, allowance: "10", hq };
  for (const c of [ann, bob]) await createCustomer(admin, c);
  // a number without its country code: the customer form refuses it
  await admin.goto("/admin/customers/create");
  await admin.getByLabel("Attention phone").fill(cat.phone);
  await admin.getByRole("button", { name: "Create customer" }).click();
  await expect(admin.getByText("Invalid phone number.")).toBeVisible();

  await admin.goto(`/admin/customers?q=${tag}`);
  await expect(admin.getByTestId("customers-count")).toHaveText("1–2 of 2 customers");
  await admin.getByRole("link", { name: "Save these filters as a list" }).click();
  await admin.getByLabel("List name").fill(`Texts ${tag}`);
  await admin.getByLabel("For").selectOption("sms");
  await admin.getByRole("button", { name: "Save list" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/lists\/\d+$/);
  // a list's reach is counted when asked (decision 094): each member's address is judged as a send would
  await admin.getByRole("link", { name: "Count who it reaches" }).click();
  await expect(admin.getByTestId("sms-reachable")).toHaveText("2");
  const listId = new URL(admin.url()).pathname.split("/").pop()!;

  // the count follows the text as it is typed (with JavaScript); an unknown merge field is refused
  await admin.goto(`/admin/marketing/bulk-sms?listId=${listId}`);
  if (js) {
    await admin.getByRole("textbox", { name: /^Text/ }).fill("x".repeat(140));
    await expect(admin.getByTestId("sms-count")).toContainText("162 characters, 2 segments (GSM-7, 153 a segment)");
    await admin.getByRole("textbox", { name: /^Text/ }).fill("Olá");
    await expect(admin.getByTestId("sms-count")).toContainText("25 characters, 1 segment (UCS-2, 70 a segment)");
  }
  await admin.getByRole("textbox", { name: /^Text/ }).fill("Hi {{firstName}}");
  await admin.getByRole("button", { name: "Preview" }).click();
  await expect(admin.getByText(/Unknown merge field \{\{firstName\}\}/)).toBeVisible();
  // corrected where it was refused, one click previews it: with JavaScript the message went as the field was left,
  // the button moved up under the pointer and the click landed on nothing
  await admin.getByRole("textbox", { name: /^Text/ }).fill(`News ${tag}: {{contactPerson}}, a new loan pool is listed.`);
  await admin.getByRole("button", { name: "Preview" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/bulk-sms\/\d+$/);
  await expect(admin.getByTestId("campaign-preview")).toContainText(`News ${tag}: Ann Alpha, a new loan pool is listed.\nReply STOP to opt out`);
  await expect(admin.getByTestId("sms-count")).toContainText("1 segment (GSM-7, 160 a segment)");
  await admin.getByRole("button", { name: "Send now" }).click();
  await expect(admin.getByText("Sending to 2 numbers.")).toBeVisible();

  await expect.poll(async () => (await textsTo(e164(ann.phone))).length).toBe(1);
  await expect.poll(async () => (await textsTo(e164(bob.phone))).length).toBe(1);
  expect((await textsTo(e164(bob.phone)))[0]!.text).toBe(`News ${tag}: Bob Beta, a new loan pool is listed.\nReply STOP to opt out`);
  if (js) {
    await expect(admin.getByTestId("progress-done")).toHaveText("100 % done");
  } else {
    await expect.poll(async () => (await admin.reload(), await admin.getByTestId("progress-done").textContent())).toBe("100 % done");
  }
  await expect(admin.getByTestId("progress-sent")).toHaveText("2");

  // Ann replies STOP; the provider's webhook is signed (a forged one is refused)
  if (js) expect((await signedStop(baseURL, ann.phone, { secret: "not-the-secret" })).status).toBe(401);
  const stop = await signedStop(baseURL, ann.phone);
  expect(stop.status).toBe(200);
  expect(((await stop.json()) as { data: unknown }).data).toEqual({ from: e164(ann.phone), suppressed: true });

  await writeAndPreview(admin, listId, `Again ${tag}`);
  await admin.getByRole("button", { name: "Send now" }).click();
  await expect(admin.getByText("Sending to 1 number.")).toBeVisible();
  await expect(admin.getByTestId("progress-suppressed")).toHaveText("1");
  await expect.poll(async () => (await textsTo(e164(bob.phone))).length).toBe(2);
  expect((await textsTo(e164(ann.phone))).map((m) => m.text)).toEqual([expect.stringContaining(`News ${tag}`)]);
});
