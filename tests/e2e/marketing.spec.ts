import { expect, test, type Page } from "@playwright/test";
import { MAIL_PROVIDER_URL } from "../support/urls";
import { pageAs } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled, mailTo, uniqueEmail } from "./support";

/**
 * An admin markets to a list built from the customer filters: the e-mail is merged
 * per recipient, previewed, sent once to each reachable address with the one-click
 * unsubscribe headers; a recipient unsubscribes signed out and the next campaign skips them.
 */

type Received = { to: string; subject: string; text: string; headers?: Record<string, string> };
const received = async () => (await (await fetch(`${MAIL_PROVIDER_URL}/messages`)).json()) as Received[];

async function createCustomer(admin: Page, { name, contact, email, website }: { name: string; contact: string; email: string; website: string }) {
  await admin.goto("/admin/customers/create");
  await admin.getByLabel("Customer name").fill(name);
  await admin.getByLabel("Customer type").selectOption("buyer");
  await admin.getByLabel("Contact person").fill(contact);
  await admin.getByLabel("Attention e-mail").fill(email);
  await admin.getByLabel("Website").fill(website);
  await admin.getByRole("button", { name: "Create customer" }).click();
  await expect(admin).toHaveURL(/\/admin\/customers\/\d+$/);
}

async function writeAndSend(admin: Page, { listId, subject, body }: { listId: string; subject: string; body: string }) {
  await admin.goto(`/admin/marketing/bulk-email?listId=${listId}`);
  await admin.getByLabel("Subject").fill(subject);
  await admin.getByLabel("Body (Markdown)").fill(body);
  await admin.getByRole("button", { name: "Preview" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/bulk-email\/\d+$/);
  await admin.getByRole("button", { name: "Send now" }).click();
  await expect(admin.getByText(/^Sending to \d+ recipients?\./)).toBeVisible();
}

test("an admin saves a filtered list, sends a merged e-mail, and an unsubscribed recipient is skipped next time", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = baseUrlOf(testInfo);
  const js = jsEnabled(testInfo);
  const tag = uniqueEmail("mkt").split("@")[0]!;
  const admin = await pageAs(browser, baseURL, DEMO.admin, js);
  const ann = { name: `Alpha ${tag}`, contact: "Ann Alpha", email: `ann@a${tag}.example`, website: `https://a${tag}.example` };
  const bob = { name: `Beta ${tag}`, contact: "Bob Beta", email: `bob@b${tag}.example`, website: `https://b${tag}.example` };
  await createCustomer(admin, ann);
  await createCustomer(admin, bob);

  // filter the customers to these two and save the filters as a list
  await admin.goto("/admin/customers");
  await admin.getByLabel("Search").fill(tag);
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin.getByTestId("customers-count")).toHaveText("1–2 of 2 customers");
  // picked rows would make a list too (checked here, not saved)
  await admin.getByLabel(`Select ${bob.name}`).check();
  await admin.getByRole("button", { name: "Save as list" }).click();
  await expect(admin.getByTestId("list-size")).toHaveText("1");
  await admin.goBack();
  await expect(admin.getByTestId("customers-count")).toHaveText("1–2 of 2 customers");
  await admin.getByRole("link", { name: "Save these filters as a list" }).click();
  await expect(admin.getByTestId("list-size")).toHaveText("2");
  await admin.getByLabel("List name").fill(`Buyers ${tag}`);
  await admin.getByRole("button", { name: "Save list" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/lists\/\d+$/);
  const listId = new URL(admin.url()).pathname.split("/").pop()!;
  await expect(admin.getByTestId("email-reachable")).toHaveText("2");

  // write with a merge field, preview it for one recipient, send
  await admin.goto(`/admin/marketing/bulk-email?listId=${listId}`);
  await admin.getByLabel("Subject").fill(`News ${tag} for {{customerName}}`);
  await admin.getByLabel("Body (Markdown)").fill("Dear {{contactPerson}},\n\nA new **loan pool** is listed.");
  await admin.getByRole("button", { name: "Preview" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/bulk-email\/\d+$/);
  await expect(admin.getByTestId("campaign-preview")).toContainText(`News ${tag} for Alpha ${tag}`);
  await expect(admin.getByTestId("campaign-preview")).toContainText("Dear Ann Alpha,");
  await admin.getByRole("button", { name: "Send now" }).click();
  await expect(admin.getByText("Sending to 2 recipients.")).toBeVisible();

  // one e-mail per recipient, each with the RFC 8058 headers and the link in its body
  const toAnn = await mailTo(ann.email, `News ${tag}`);
  await mailTo(bob.email, `News ${tag}`);
  const first = (await received()).filter((m) => m.subject.startsWith(`News ${tag}`));
  expect(first.map((m) => m.to).sort()).toEqual([ann.email, bob.email]);
  const annMail = first.find((m) => m.to === ann.email)!;
  expect(annMail.subject).toBe(`News ${tag} for Alpha ${tag}`);
  expect(annMail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const link = /https?:\/\/\S+\/unsubscribe\/\S+/.exec(toAnn.text)![0];
  expect(annMail.headers?.["List-Unsubscribe"]).toBe(`<${link}/one-click>`);
  if (js) {
    await expect(admin.getByTestId("progress-sent")).toHaveText("2");
  } else {
    await expect.poll(async () => (await admin.reload(), await admin.getByTestId("progress-sent").textContent())).toBe("2");
  }

  // the recipient unsubscribes, signed out
  const visitor = await (await browser.newContext({ baseURL, javaScriptEnabled: js })).newPage();
  await visitor.goto(new URL(link).pathname);
  await expect(visitor.getByText(ann.email)).toBeVisible();
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByTestId("unsubscribed")).toBeVisible();

  // the next campaign to the same list skips the address
  await writeAndSend(admin, { listId, subject: `Again ${tag} for {{customerName}}`, body: "Hello {{contactPerson}}" });
  await expect(admin.getByText("Sending to 1 recipient.")).toBeVisible();
  await expect(admin.getByTestId("progress-suppressed")).toHaveText("1");
  const again = await mailTo(bob.email, `Again ${tag}`);
  expect((await received()).filter((m) => m.subject.startsWith(`Again ${tag}`)).map((m) => m.to)).toEqual([bob.email]);

  // RFC 8058: the provider posts to the header's URL, from anywhere, without a cookie, and that suppresses (once per server)
  if (js) {
    const bobPath = new URL(/https?:\/\/\S+\/unsubscribe\/\S+/.exec(again.text)![0]).pathname;
    const header = (await received()).find((m) => m.to === bob.email && m.subject.startsWith(`Again ${tag}`))!.headers!["List-Unsubscribe"]!;
    const oneClick = await fetch(new URL(new URL(header.slice(1, -1)).pathname, baseURL), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await visitor.goto(bobPath);
    await expect(visitor.getByTestId("unsubscribed")).toContainText(bob.email);
  }
});
