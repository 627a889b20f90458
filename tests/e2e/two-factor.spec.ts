import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DIR } from "../support/urls";
import { apiClient, apiLogin, DEMO, DEMO_ADMIN_TOTP_SECRET, joinAs, nextTotpStep, signOut, totpCode } from "./support";

const CODE_REFUSED = "This code is not correct, or was used already.";

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/signin\/code$/);
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** Enrols on /profile as a person would: reads the key shown beside the QR code and types the app's code. */
async function enrol(page: Page, password = "a good long password") {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("Code from the app").fill("123 456");
  await page.getByLabel("Your password, to turn it on").fill(password);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Enter the six digits your app shows.")).toBeVisible();
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  // without JavaScript the refused form came back with the password field empty
  await page.getByLabel("Your password, to turn it on").fill(password);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  const codes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expect(page.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes left");
  // the key is never shown again
  await page.goto("/profile");
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret.slice(0, 8));
  return { secret, codes };
}

test("a member turns on two-factor sign-in, then signs in with the app's code or a recovery code, each once", async ({ page }) => {
  const member = await joinAs(page, { role: "Buyer" });
  const { secret, codes } = await enrol(page);
  await signOut(page);

  await signInWithPassword(page, member.email, member.password);
  // half-way is not signed in
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fprofile$/);
  await signInWithPassword(page, member.email, member.password);
  await enterCode(page, String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, "0"));
  await expect(page.getByTestId("form-error")).toContainText(CODE_REFUSED);
  // the enrolment spent this step's code: the next step's is accepted (one step of clock drift)
  await enterCode(page, totpCode(secret, 1));
  await expect(page).toHaveURL(/\/home$/);
  await signOut(page);

  await signInWithPassword(page, member.email, member.password);
  await enterCode(page, codes[0]!);
  await expect(page).toHaveURL(/\/home$/);
  await signOut(page);

  await signInWithPassword(page, member.email, member.password);
  await enterCode(page, codes[0]!);
  await expect(page.getByTestId("form-error")).toContainText(CODE_REFUSED);
  await enterCode(page, codes[1]!.toUpperCase().replace(/-/g, " "));
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/profile");
  await expect(page.getByTestId("two-factor-status")).toContainText("8 of 10 recovery codes left");
});

test("the JSON API answers otp_required until a valid code comes with the password", async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await joinAs(page, { role: "Seller" });
  const { secret, codes } = await enrol(page);

  const withoutCode = await apiLogin(request, { email: member.email, password: member.password });
  expect(withoutCode.status()).toBe(401);
  expect(await withoutCode.json()).toEqual({ error: "otp_required" });
  const wrongCode = await apiLogin(request, { email: member.email, password: member.password, otp: "000000" });
  expect(wrongCode.status()).toBe(401);
  expect((await wrongCode.json()).error).toBe("otp_required");
  // the wrong password with a right code is still the plain refusal
  const wrongPassword = await apiLogin(request, { email: member.email, password: "nope", otp: codes[2] });
  expect(wrongPassword.status()).toBe(401);
  expect((await wrongPassword.json()).error).toContain("The e-mail or password is not correct.");

  const withCode = await apiLogin(request, { email: member.email, password: member.password, otp: totpCode(secret, 1) });
  expect(withCode.status()).toBe(200);
  expect((await withCode.json()).token).toBeTruthy();
  const withRecovery = await apiLogin(request, { email: member.email, password: member.password, otp: codes[3] });
  expect(withRecovery.status()).toBe(200);
  const again = await apiLogin(request, { email: member.email, password: member.password, otp: codes[3] });
  expect(again.status()).toBe(401);
});

test("wrong codes are counted like wrong passwords: the account locks", async ({ page }) => {
  const member = await joinAs(page, { role: "Broker" });
  await enrol(page);
  await signOut(page);
  await signInWithPassword(page, member.email, member.password);
  const client = await apiClient(new URL(page.url()).origin);
  // the half-way cookie, used by a script guessing codes
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "__session")!;
  const guesses = await Promise.all(
    Array.from({ length: 11 }, (_, i) =>
      client.post("/signin/code", { form: { code: String(100000 + i) }, headers: { Cookie: `__session=${session.value}` }, maxRedirects: 0 }),
    ),
  );
  expect(guesses.every((g) => g.status() === 401 || g.status() === 302)).toBe(true);
  expect(guesses.some((g) => g.headers()["location"] === "/signin")).toBe(true);
  // locked: the password no longer reaches the code step
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("form-error")).toContainText("The e-mail or password is not correct.");
  await client.dispose();
});

test("the demo admin signs in with the code from the README's key; admins cannot turn it off", async ({ page }) => {
  await signInWithPassword(page, DEMO.admin, "demo-password");
  for (let attempt = 0; attempt < 4; attempt++) {
    await enterCode(page, totpCode(DEMO_ADMIN_TOTP_SECRET));
    const signedIn = await page.waitForURL(/\/home$/, { timeout: 8_000 }).then(() => true, () => false);
    if (signedIn) break;
    // another worker's sign-in spent this step's code: the next step's is fresh
    await nextTotpStep();
  }
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/profile");
  await expect(page.getByTestId("two-factor-status")).toContainText("Two-factor sign-in is on.");
  await expect(page.getByRole("button", { name: "Turn off two-factor sign-in" })).toHaveCount(0);
});

test("an admin without two-factor sign-in is sent to enrol before anything else, and the API refuses them", async ({ page, request }, testInfo) => {
  // only the Node server's database can be reached from here: it is a file
  test.skip(!testInfo.project.name.startsWith("node-"), "makes an admin through the Node server's database file");
  const member = await joinAs(page, { role: "Buyer" });
  const db = createClient({ url: `file:${E2E_DIR}/node/e2e.db` });
  // the running server writes to the same file: wait for its lock as the server itself does
  await db.execute("PRAGMA busy_timeout = 5000");
  await db.execute({ sql: `update users set roles = '["ROLE_ADMIN"]' where email = ?`, args: [member.email] });
  db.close();

  // every members' page, and the home page (an admin's is the back office's dashboard: its counts, the NDAs waiting);
  // the public pages (terms, jobs) hold nothing an admin can do
  for (const path of ["/admin/users", "/admin/projects", "/messages", "/home"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/profile\?enrol=required$/);
  }
  await expect(page.getByRole("alert").filter({ hasText: "Admins must turn on two-factor sign-in" })).toBeVisible();
  const api = await apiLogin(request, { email: member.email, password: member.password });
  expect(api.status()).toBe(403);
  expect((await api.json()).error).toBe("otp_enrolment_required");

  await enrol(page);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("button", { name: "Turn off two-factor sign-in" })).toHaveCount(0);
});
