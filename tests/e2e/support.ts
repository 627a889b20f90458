import { expect, request as playwrightRequest, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";

export const DEMO_PASSWORD = "demo-password";
export const DEMO = {
  buyer: "buyer@demo.test",
  seller: "seller@demo.test",
  broker: "broker@demo.test",
  admin: "admin@demo.test",
  agent: "agent@demo.test",
  multi: "multi@demo.test",
} as const;

let counter = 0;
export function uniqueEmail(prefix = "e2e") {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

export const jsEnabled = (testInfo: TestInfo) => !testInfo.project.name.endsWith("-nojs");
export const baseUrlOf = (testInfo: TestInfo) => testInfo.project.use.baseURL!;

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/signin") {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** An HTTP client with a signed-in session (or none), for requests the browser would make. */
export async function apiClient(baseURL: string, email?: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (email) {
    const response = await client.post("/signin", { form: { email, password }, maxRedirects: 0 });
    expect(response.status(), `sign in as ${email}`).toBe(302);
  }
  return client;
}

export async function joinAs(
  page: Page,
  { role = "Buyer", name = "Erin Example", company = "Example Credit Fund", email = uniqueEmail(), password = "a good long password", phone = "+1 212 555 0199" } = {},
) {
  await page.goto("/join");
  await page.getByLabel("I am a").selectOption({ label: role });
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Company").fill(company);
  await page.getByLabel("Business type").selectOption({ label: "Credit Union" });
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/home$/);
  return { email, password, name, company };
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
}
