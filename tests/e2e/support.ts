import { expect, request as playwrightRequest, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import fs from "node:fs";
import path from "node:path";
import { E2E_DIR, MAIL_PROVIDER_URL } from "../support/urls";

export const DEMO_PASSWORD = "demo-password";
export const DEMO = {
  buyer: "buyer@demo.test",
  seller: "seller@demo.test",
  broker: "broker@demo.test",
  admin: "admin@demo.test",
  agent: "agent@demo.test",
  multi: "multi@demo.test",
} as const;
/** A member of one of the demo market's buyer companies, with seeded deals (an accepted offer, a countered one). */
export const SEEDED_BUYER = "casey@frontiercapital1.example";

let counter = 0;
export function uniqueEmail(prefix = "e2e") {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

export const jsEnabled = (testInfo: TestInfo) => !testInfo.project.name.endsWith("-nojs");
export const baseUrlOf = (testInfo: TestInfo) => testInfo.project.use.baseURL!;

/**
 * Waits until React has hydrated the page and its effects have run: the body carries React's
 * fiber once hydration reaches it, and the router is idle. Cheaper than `networkidle`, which
 * always waits half a second more and was a third of each check in the axe crawl.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __remixRouter?: { state: { navigation: { state: string } } } }).__remixRouter;
    return document.readyState === "complete" && router?.state.navigation.state === "idle" && Object.keys(document.body).some((key) => key.startsWith("__reactFiber"));
  });
  // passive effects run in a task of React's scheduler after the commit
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** The demo admin's two-factor key, as the README shows it. */
export const DEMO_ADMIN_TOTP_SECRET = "DEMOADMINSECRETDEMOADMINSECRET23";

/** The code an authenticator app shows now for this key (or for the step `offset` steps away). */
export function totpCode(secret: string, offset = 0) {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s/g, "")) });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/**
 * Each code works once and a spent one counts as a failed sign-in, so the test workers
 * take turns: the first to create a step's marker file may use its code. False when another
 * worker has this step, or when it is too close to its end (the server may be in the next).
 */
function claimTotpStep(baseURL: string) {
  const step = Math.floor(Date.now() / 30_000);
  if (Date.now() % 30_000 >= 27_000) return false;
  try {
    fs.writeFileSync(path.join(E2E_DIR, `admin-totp-${new URL(baseURL).port}-${step}`), "", { flag: "wx" });
    return true;
  } catch {
    return false;
  }
}

/** Waits for the next 30-second step, whose code has not been used yet. */
export async function nextTotpStep() {
  // a little jitter, so two workers that both waited do not race for the same code again
  await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 250 + Math.random() * 3_000));
}

/**
 * Each app code works once (RFC 6238), so the demo admin, whom many tests sign in
 * at once, can sign in only about once per 30 seconds on each server. The test workers
 * therefore share one session of the demo admin per server (a file beside the servers'
 * data): a worker signs in for real (password, then the code) only when no live session is
 * there, and one that finds another worker signing in waits for that worker's session
 * instead of for the next code.
 */
type AdminSession = { name: string; value: string; url: string };
const adminSessions = new Map<string, AdminSession>();
const sharedSessionFile = (baseURL: string) => path.join(E2E_DIR, `admin-session-${new URL(baseURL).port}.json`);

function sharedSession(baseURL: string): AdminSession | null {
  try {
    return JSON.parse(fs.readFileSync(sharedSessionFile(baseURL), "utf8")) as AdminSession;
  } catch {
    return null;
  }
}

function shareSession(session: AdminSession) {
  const file = sharedSessionFile(session.url);
  // written whole, then renamed: a worker never reads half of it
  fs.writeFileSync(`${file}.${process.pid}`, JSON.stringify(session));
  fs.renameSync(`${file}.${process.pid}`, file);
}

async function isLive(session: AdminSession) {
  const probe = await playwrightRequest.newContext({ baseURL: session.url, extraHTTPHeaders: { Cookie: `${session.name}=${session.value}` } });
  const check = await probe.get("/profile?_data=routes%2F_app.profile", { maxRedirects: 0 });
  await probe.dispose();
  return check.status() === 200;
}

async function signInAdminOverHttp(baseURL: string, password: string, dead: Set<string>) {
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    let first = await client.post("/signin", { form: { email: DEMO.admin, password }, maxRedirects: 0 });
    if (first.status() === 401) {
      // failed codes slow the account (at most a minute, each attempt meanwhile counted): wait it out once
      await new Promise((resolve) => setTimeout(resolve, 61_000));
      first = await client.post("/signin", { form: { email: DEMO.admin, password }, maxRedirects: 0 });
    }
    expect(first.headers()["location"], "the password step of the demo admin").toBe("/signin/code");
    for (let attempt = 0; attempt < 4; ) {
      if (!claimTotpStep(baseURL)) {
        // another worker is signing in with this step's code: its session serves this worker too
        const shared = sharedSession(baseURL);
        if (shared && !dead.has(shared.value)) {
          if (await isLive(shared)) return shared;
          dead.add(shared.value);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      attempt++;
      const second = await client.post("/signin/code", { form: { code: totpCode(DEMO_ADMIN_TOTP_SECRET) }, maxRedirects: 0 });
      if (second.status() === 302) {
        const cookie = (await client.storageState()).cookies.find((c) => c.name === "__session")!;
        const session = { name: cookie.name, value: cookie.value, url: baseURL };
        shareSession(session);
        return session;
      }
      // this step's code was spent elsewhere (a test of two-factor sign-in): the next step's is fresh
      await nextTotpStep();
    }
    throw new Error("the demo admin could not complete the code step");
  } finally {
    await client.dispose();
  }
}

async function adminSession(baseURL: string, password: string) {
  const dead = new Set<string>();
  for (const candidate of [adminSessions.get(baseURL), sharedSession(baseURL)]) {
    if (!candidate || dead.has(candidate.value)) continue;
    if (await isLive(candidate)) {
      adminSessions.set(baseURL, candidate);
      return candidate;
    }
    dead.add(candidate.value);
  }
  const session = await signInAdminOverHttp(baseURL, password, dead);
  adminSessions.set(baseURL, session);
  return session;
}

/** Signs in through the form, as a person would (the demo admin: see adminSession). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/signin") {
  if (email === DEMO.admin && password === DEMO_PASSWORD) {
    await page.goto(path);
    const baseURL = new URL(page.url()).origin;
    const session = await adminSession(baseURL, password);
    await page.context().addCookies([{ name: session.name, value: session.value, url: baseURL }]);
    const wanted = new URL(path, baseURL).searchParams.get("redirect");
    await page.goto(`/auth/signed-in${wanted ? `?${new URLSearchParams({ redirect: wanted })}` : ""}`);
    return;
  }
  await page.goto(path);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** An HTTP client with a signed-in session (or none), for requests the browser would make. */
export async function apiClient(baseURL: string, email?: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  if (email === DEMO.admin && password === DEMO_PASSWORD) {
    const session = await adminSession(baseURL, password);
    return playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL },
      storageState: { cookies: [{ ...cookieFor(session, baseURL) }], origins: [] },
    });
  }
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (email) {
    const response = await client.post("/signin", { form: { email, password }, maxRedirects: 0 });
    expect(response.status(), `sign in as ${email}`).toBe(302);
  }
  return client;
}

function cookieFor(session: { name: string; value: string }, baseURL: string) {
  const url = new URL(baseURL);
  return {
    name: session.name,
    value: session.value,
    domain: url.hostname,
    path: "/",
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: "Lax" as const,
  };
}

export async function joinAs(
  page: Page,
  { role = "Buyer", name = "Erin Example", company = "Example Credit Fund", email = uniqueEmail(), password = "a good long password", phone = "+1 212 555 0199", redirect = "", ref = "" } = {},
) {
  const query = new URLSearchParams({ ...(redirect ? { redirect } : {}), ...(ref ? { ref } : {}) });
  await page.goto(query.size ? `/join?${query}` : "/join");
  await page.getByLabel("I am a").selectOption({ label: role });
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Company").fill(company);
  await page.getByLabel("Business type").selectOption({ label: "Credit Union" });
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // a new member lands in the on-boarding chat of their side
  await expect(page).toHaveURL(role === "Seller" ? /\/on-board\/sellers(\?|$)/ : /\/on-board\/buyers(\?|$)/);
  return { email, password, name, company };
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

/**
 * POST /api/auth/login, waiting out the per-address limit (20 a minute) when tests running
 * beside this one, all from 127.0.0.1, have used it up.
 */
export async function apiLogin(request: APIRequestContext, data: Record<string, unknown>) {
  for (let attempt = 0; ; attempt++) {
    const response = await request.post("/api/auth/login", { data });
    if (response.status() !== 429 || attempt === 2) return response;
    await new Promise((resolve) => setTimeout(resolve, (Number(response.headers()["retry-after"] ?? 5) + 1) * 1000));
  }
}

export type SentMail = { to: string; subject: string; text: string };

/** The newest message the stand-in mail provider received for `email` whose subject starts so (waits for delivery). */
export async function mailTo(email: string, subject: string, { count = 1 }: { count?: number } = {}) {
  let found: SentMail[] = [];
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${MAIL_PROVIDER_URL}/messages`)).json()) as SentMail[];
      found = sent.filter((m) => m.to === email && m.subject.startsWith(subject));
      return found.length >= count;
    })
    .toBe(true);
  // the first of them; with count, the count-th
  return found[count - 1]!;
}
