import { expect, test, type Page } from "@playwright/test";
import { E2E_MAIL_WEBHOOK_SECRET, MAIL_PROVIDER_URL } from "../support/urls";
import { pageAs, publishedProject } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled, mailTo, uniqueEmail } from "./support";

/**
 * An admin markets to a list built from the customer filters: the e-mail is merged
 * per recipient, previewed, sent once to each reachable address with the one-click
 * unsubscribe headers; a recipient unsubscribes signed out and the next campaign skips them.
 */

type Received = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
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
  await admin.getByLabel(/^Body/).fill(body);
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
  // a list's reach is counted when asked (decision 094): each member's address is judged as a send would
  await admin.getByRole("link", { name: "Count who it reaches" }).click();
  await expect(admin.getByTestId("email-reachable")).toHaveText("2");

  // write with a merge field, preview it for one recipient, send
  await admin.goto(`/admin/marketing/bulk-email?listId=${listId}`);
  await admin.getByLabel("Subject").fill(`News ${tag} for {{customerName}}`);
  await admin.getByLabel(/^Body/).fill("Dear {{contactPerson}},\n\nA **new loan pool** is listed.");
  await admin.getByRole("button", { name: "Preview" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/bulk-email\/\d+$/);
  await expect(admin.getByTestId("campaign-preview")).toContainText(`News ${tag} for Alpha ${tag}`);
  // the e-mail as a mail app draws it (its Markdown formatted), and as typed for text-only apps
  const drawn = admin.frameLocator('iframe[title="The e-mail as sent (HTML)"]');
  await expect(drawn.locator("p").first()).toHaveText("Dear Ann Alpha,");
  await expect(drawn.locator("strong")).toHaveText("new loan pool");
  await admin.getByText("As text, for mail apps that show text only").click();
  await expect(admin.getByTestId("campaign-preview")).toContainText("A **new loan pool** is listed.");
  await admin.getByRole("button", { name: "Send now" }).click();
  await expect(admin.getByText("Sending to 2 recipients.")).toBeVisible();

  // one e-mail per recipient, each with the RFC 8058 headers and the link in its body
  const toAnn = await mailTo(ann.email, `News ${tag}`);
  await mailTo(bob.email, `News ${tag}`);
  const first = (await received()).filter((m) => m.subject.startsWith(`News ${tag}`));
  expect(first.map((m) => m.to).sort()).toEqual([ann.email, bob.email]);
  const annMail = first.find((m) => m.to === ann.email)!;
  expect(annMail.subject).toBe(`News ${tag} for Alpha ${tag}`);
  expect(annMail.html).toContain("<strong>new loan pool</strong>");
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

/** The provider's event, signed as the mail webhook expects (X-Timestamp, X-Signature). */
async function signedMailEvent(baseURL: string, event: Record<string, unknown>) {
  const body = JSON.stringify(event);
  const timestamp = String(Date.now());
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(E2E_MAIL_WEBHOOK_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${body}`)));
  const signature = Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
  return fetch(new URL("/api/1.0/webhooks/mail", baseURL), { method: "POST", headers: { "content-type": "application/json", "X-Timestamp": timestamp, "X-Signature": signature }, body });
}

async function progressSent(admin: Page, js: boolean, count: string) {
  if (js) await expect(admin.getByTestId("progress-sent")).toHaveText(count, { timeout: 20_000 });
  // without JavaScript the send is a form post whose page may still be on its way: a reload then finds
  // no page to reload ("Not attached to an active page"), and the next poll tries again
  else await expect.poll(async () => (await admin.reload().catch(() => null), await admin.getByTestId("progress-sent").textContent()), { timeout: 20_000 }).toBe(count);
}

test("a bounce reported by the provider suppresses the address, and the next campaign skips it", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = baseUrlOf(testInfo);
  const js = jsEnabled(testInfo);
  const tag = uniqueEmail("bnc").split("@")[0]!;
  const admin = await pageAs(browser, baseURL, DEMO.admin, js);
  const cat = { name: `Gamma ${tag}`, contact: "Cat Gamma", email: `cat@g${tag}.example`, website: `https://g${tag}.example` };
  await createCustomer(admin, cat);
  await admin.goto(`/admin/customers?q=${encodeURIComponent(tag)}`);
  await admin.getByLabel(`Select ${cat.name}`).check();
  await admin.getByRole("button", { name: "Save as list" }).click();
  await admin.getByLabel("List name").fill(`Bounce ${tag}`);
  await admin.getByRole("button", { name: "Save list" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/lists\/\d+$/);
  const listId = new URL(admin.url()).pathname.split("/").pop()!;

  await writeAndSend(admin, { listId, subject: `First ${tag}`, body: "Hello {{contactPerson}}" });
  await mailTo(cat.email, `First ${tag}`);
  await progressSent(admin, js, "1");

  // the provider reports the address bounced: unsigned is refused, signed is applied
  const unsigned = await fetch(new URL("/api/1.0/webhooks/mail", baseURL), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: "bounced", email: cat.email }) });
  expect(unsigned.status).toBe(401);
  const bounced = await signedMailEvent(baseURL, { type: "bounced", email: cat.email });
  expect(bounced.status).toBe(200);
  expect(((await bounced.json()) as { data: { suppressed: number } }).data.suppressed).toBe(1);
  await admin.reload();
  await expect(admin.getByRole("row").filter({ hasText: cat.email })).toContainText("Sent, then bounced");

  // the next campaign to the list writes to nobody
  await admin.goto(`/admin/marketing/bulk-email?listId=${listId}`);
  await admin.getByLabel("Subject").fill(`Second ${tag}`);
  await admin.getByLabel(/^Body/).fill("Hello again");
  await admin.getByRole("button", { name: "Preview" }).click();
  await admin.getByRole("button", { name: "Send now" }).click();
  await expect(admin.getByTestId("progress-suppressed")).toHaveText("1");
  await expect(admin.getByTestId("progress-sent")).toHaveText("0");
  await admin.context().close();
});

test("a campaign's page shows what followed: the recipient whose member then looked at the promoted project", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = baseUrlOf(testInfo);
  const js = jsEnabled(testInfo);
  const tag = uniqueEmail("fol").split("@")[0]!;
  const admin = await pageAs(browser, baseURL, DEMO.admin, js);
  // the demo buyer's company, picked in the customers table
  await admin.goto(`/admin/customers?q=${encodeURIComponent("Harbor Credit Partners")}`);
  await admin.getByLabel("Select Harbor Credit Partners").check();
  await admin.getByRole("button", { name: "Save as list" }).click();
  await admin.getByLabel("List name").fill(`Harbor ${tag}`);
  await admin.getByRole("button", { name: "Save list" }).click();
  await expect(admin).toHaveURL(/\/admin\/marketing\/lists\/\d+$/);
  const listId = new URL(admin.url()).pathname.split("/").pop()!;

  // a fresh listing of the demo seller: a look is timed only when it is the member's first at that
  // project in a minute (a reload within one is not a new look), and other tests look at the demo
  // market's projects as the demo buyer too
  const seller = await pageAs(browser, baseURL, DEMO.seller, js);
  const projectId = String(await publishedProject(seller, admin, `Promoted ${tag}`, `Borrower ${tag}`));
  await seller.context().close();
  await admin.goto(`/admin/marketing/bulk-email?listId=${listId}`);
  await admin.getByLabel("Project (optional)").selectOption(projectId);
  await admin.getByLabel("Subject").fill(`Look ${tag}`);
  await admin.getByLabel(/^Body/).fill("A listing for {{customerName}}: {{teaserUrl}}");
  await admin.getByRole("button", { name: "Preview" }).click();
  await admin.getByRole("button", { name: "Send now" }).click();
  await progressSent(admin, js, "1");
  await expect(admin.getByTestId("campaign-outcomes")).toContainText("No recipient has taken a step yet.");

  // the buyer opens the teaser the e-mail links to
  const message = await mailTo(DEMO.buyer, `Look ${tag}`);
  const teaser = new URL(/https?:\/\/\S+\/projects\/more-details\/\d+/.exec(message.text)![0]).pathname;
  expect(teaser).toBe(`/projects/more-details/${projectId}`);
  const buyer = await pageAs(browser, baseURL, DEMO.buyer, js);
  await buyer.goto(teaser);
  await buyer.context().close();

  await expect
    .poll(async () => (await admin.reload(), await admin.getByTestId("campaign-outcomes").getByRole("row").filter({ hasText: "Harbor Credit Partners" }).count()), { timeout: 20_000 })
    .toBe(1);
  await admin.context().close();
});
