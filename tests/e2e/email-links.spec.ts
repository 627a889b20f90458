import { expect, request as playwrightRequest, test } from "@playwright/test";
import { MAIL_PROVIDER_URL } from "../support/urls";
import { apiClient, baseUrlOf, DEMO, uniqueEmail } from "./support";

/**
 * Links in e-mails point to the configured origin (APP_URL, or the server itself in
 * development), never to a host the request names; and the tokens in them are
 * never shown to anyone but the recipient.
 */

type SentMail = { to: string; subject: string; text: string };

async function mailTo(email: string, subject: string) {
  let found: SentMail | undefined;
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${MAIL_PROVIDER_URL}/messages`)).json()) as SentMail[];
      found = sent.find((m) => m.to === email && m.subject.startsWith(subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function join(baseURL: string, email: string, password: string) {
  const client = await apiClient(baseURL);
  const response = await client.post("/join", {
    form: {
      role: "buyer", name: "Hal Host", company: "Header Credit", businessType: "Credit Union",
      email, phone: "+1 212 555 0142", password, confirmPassword: password,
    },
    maxRedirects: 0,
  });
  expect(response.status(), "join").toBe(302);
  await client.dispose();
}

const resetLink = (text: string) => /(https?:\/\/\S+\/uobs\/reset\/\S+)/.exec(text)?.[1];

test("a reset requested with a forged Host and X-Forwarded-Host links to the server's own origin", async ({}, testInfo) => {
  const baseURL = baseUrlOf(testInfo);
  const email = uniqueEmail("host");
  await join(baseURL, email, "a good long password");

  // what an attacker sends to have the victim mailed a link to their own host
  const attacker = await playwrightRequest.newContext({ baseURL });
  const response = await attacker.post("/uobs/reset", {
    form: { email },
    headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  await attacker.dispose();

  const mail = await mailTo(email, "Reset your");
  expect(mail.text).not.toContain("evil.example");
  const link = resetLink(mail.text);
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(new URL(baseURL).origin);
});

test("admins reading the outbox see no reset token, and the e-mailed link still works", async ({}, testInfo) => {
  const baseURL = baseUrlOf(testInfo);
  const email = uniqueEmail("sealed");
  await join(baseURL, email, "a good long password");
  const visitor = await apiClient(baseURL);
  expect((await visitor.post("/uobs/reset", { form: { email }, maxRedirects: 0 })).status()).toBe(200);

  const link = resetLink((await mailTo(email, "Reset your")).text)!;
  const token = new URL(link).pathname.split("/").pop()!;
  expect(token.length).toBeGreaterThan(20);

  const admin = await apiClient(baseURL, DEMO.admin);
  for (const path of ["/admin/outbox", "/admin/outbox?_data=routes%2F_app.admin.outbox", "/admin/log"]) {
    const page = await admin.get(path);
    expect(page.status(), path).toBe(200);
    const text = await page.text();
    expect(text, path).not.toContain(token);
    if (path.startsWith("/admin/outbox")) expect(text, path).toContain(email);
  }
  const data = await (await admin.get("/admin/outbox?_data=routes%2F_app.admin.outbox")).json() as { messages: Array<{ recipient: string; body: string }> };
  const row = data.messages.find((m) => m.recipient === email)!;
  expect(row.body).toContain("/uobs/reset/[hidden]");
  expect(row).not.toHaveProperty("secrets");

  // the recipient's link works: the form to choose a new password, then the change itself
  const form = await visitor.get(new URL(link).pathname);
  expect(form.status()).toBe(200);
  const changed = await visitor.post(new URL(link).pathname, {
    form: { password: "a newer long password", confirmPassword: "a newer long password" },
    maxRedirects: 0,
  });
  expect(changed.status()).toBe(302);
  expect(changed.headers().location).toMatch(/\/signin$/);
  const signedIn = await apiClient(baseURL, email, "a newer long password");
  await signedIn.dispose();
  await admin.dispose();
  await visitor.dispose();
});
