import { expect, test, type APIRequestContext } from "@playwright/test";
import { MAIL_PROVIDER_URL } from "../support/urls";
import { apiClient, apiLogin, baseUrlOf, uniqueEmail } from "./support";

// HTTP-level: the attacks are requests, and every project runs them against its server
const REFUSED = "The e-mail or password is not correct.";
const PASSWORD = "the right password 2026";

type Sent = { to: string; subject: string; text: string };
async function mailTo(email: string, subject: string) {
  let found: Sent | undefined;
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${MAIL_PROVIDER_URL}/messages`)).json()) as Sent[];
      found = sent.find((m) => m.to === email && m.subject.startsWith(subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function join(client: APIRequestContext, email: string) {
  const response = await client.post("/join", {
    form: {
      role: "buyer", name: "Lou Locked", company: "Lockout Credit", businessType: "Bank", email,
      phone: "+1 212 555 0142", password: PASSWORD, confirmPassword: PASSWORD,
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await client.post("/signout", { maxRedirects: 0 });
}

// each answer costs a password hashing's time, even when nothing is checked, so many at once take a while
const signin = (client: APIRequestContext, email: string, password: string) =>
  client.post("/signin", { form: { email, password }, maxRedirects: 0, timeout: 60_000 });

test("parallel wrong passwords lock the account, with one answer for unknown, wrong and locked; the e-mailed link unlocks it", async ({}, testInfo) => {
  test.setTimeout(180_000);
  const client = await apiClient(baseUrlOf(testInfo));
  const email = uniqueEmail("locked");
  await join(client, email);

  const unknown = await signin(client, uniqueEmail("nobody"), "whatever it is");
  expect(unknown.status()).toBe(401);
  expect(await unknown.text()).toContain(REFUSED);

  // 12 wrong guesses in waves of 4 at once: each counted though none is answered before the others
  // arrive (waves, because wrangler dev answers 503 when one isolate must hash a dozen at once
  // while other tests run; the unit test sends 50 at once)
  const answers = [];
  for (let wave = 0; wave < 3; wave++) {
    const guesses = Array.from({ length: 4 }, (_, i) => `wrong guess ${wave}-${i}`);
    answers.push(...(await Promise.all(guesses.map((guess) => signin(client, email, guess)))));
  }
  for (const answer of answers) {
    expect(answer.status()).toBe(401);
    expect(await answer.text()).toContain(REFUSED);
  }
  // locked now: the right password is refused with the very same answer
  const locked = await signin(client, email, PASSWORD);
  expect(locked.status()).toBe(401);
  expect(await locked.text()).toContain(REFUSED);
  // the JSON API says the same for every case
  const api = await Promise.all([
    apiLogin(client, { email, password: PASSWORD }),
    apiLogin(client, { email, password: "wrong" }),
    apiLogin(client, { email: uniqueEmail("nobody"), password: "wrong" }),
  ]);
  const bodies = await Promise.all(api.map((r) => r.json()));
  expect(api.map((r) => r.status())).toEqual([401, 401, 401]);
  expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  expect(bodies[0].error).toContain(REFUSED);

  const mail = await mailTo(email, "Your Secondary Marketplace account is locked");
  const link = new URL(/(https?:\/\/\S+\/uobs\/unlock\/\S+)/.exec(mail.text)![1]!);
  // opening the link changes nothing; the button does, once
  expect((await client.get(link.pathname)).status()).toBe(200);
  expect((await signin(client, email, PASSWORD)).status()).toBe(401);
  const unlock = await client.post(link.pathname, { maxRedirects: 0 });
  expect(unlock.status()).toBe(302);
  expect(unlock.headers()["location"]).toBe("/signin");
  expect((await client.post(link.pathname, { maxRedirects: 0 })).status()).toBe(410);

  const after = await signin(client, email, PASSWORD);
  expect(after.status()).toBe(302);
  await client.dispose();
});

test("someone else's lock attempts do not sign the owner out", async ({}, testInfo) => {
  const owner = await apiClient(baseUrlOf(testInfo));
  const email = uniqueEmail("kept");
  await join(owner, email);
  expect((await signin(owner, email, PASSWORD)).status()).toBe(302);

  const attacker = await apiClient(baseUrlOf(testInfo));
  for (let wave = 0; wave < 3; wave++) {
    await Promise.all(Array.from({ length: 4 }, (_, i) => signin(attacker, email, `guess ${wave}-${i}`)));
  }
  expect((await signin(attacker, email, PASSWORD)).status()).toBe(401);

  const profile = await owner.get("/profile", { maxRedirects: 0 });
  expect(profile.status()).toBe(200);
  await owner.dispose();
  await attacker.dispose();
});

test("joining with an e-mail that has an account tells the visitor to check their e-mail and tells the owner", async ({}, testInfo) => {
  const client = await apiClient(baseUrlOf(testInfo));
  const email = uniqueEmail("owner");
  await join(client, email);
  const again = await client.post("/join", {
    form: {
      role: "seller", name: "Someone Else", company: "Other Fund", businessType: "Bank", email,
      phone: "+1 212 555 0100", password: "another long password", confirmPassword: "another long password",
    },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(200);
  const page = await again.text();
  expect(page).toContain("Check your e-mail");
  expect(page).not.toContain("exists already");
  await mailTo(email, "Someone tried to create an account with your e-mail");
  // and nothing about the account changed: its own password still works
  expect((await signin(client, email, PASSWORD)).status()).toBe(302);
  await client.dispose();
});
