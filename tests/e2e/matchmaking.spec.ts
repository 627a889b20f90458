import { expect, test } from "@playwright/test";
import { pageAs } from "./listing-steps";
import { apiClient, apiLogin, baseUrlOf, DEMO, hydrated, jsEnabled } from "./support";

/**
 * Matchmaking as people use it: a buyer states its criteria and is recommended
 * projects with the reasons; an admin changes the weights and reads a project's
 * matched buyers; the seller sees them as "Buyer #n"; the API answers only the
 * project's seller, admins and (for its own matches) a buyer.
 * The buyer here is multi@demo.test, whose company no other test gives criteria.
 */

/** Seed project 7: seller@demo.test's published insurance loan. */
const PROJECT = 7;

test("a buyer sets criteria on /preferences, is refused a fourth state, and is recommended matching projects with reasons", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const js = jsEnabled(testInfo);
  const page = await pageAs(browser, baseUrlOf(testInfo), DEMO.multi, js);
  // with JavaScript the form's schema is held back, as for a member who saves before it has loaded:
  // the server refuses, and the page's data reloads after the refusal (without JavaScript the server
  // always answers)
  if (js) await page.route(/buyer-criteria[^/]*\.js$/, () => new Promise(() => {}));
  await page.goto("/preferences");
  if (js) await hydrated(page);
  const form = page.locator("form#criteria");
  const states = ["Alabama", "Alaska", "Arizona", "Arkansas"];
  for (const state of states) await form.getByLabel(state, { exact: true }).check();
  await form.getByLabel("Insurance", { exact: true }).check();
  await form.getByLabel("Either", { exact: true }).check();
  const reloaded = js ? page.waitForResponse((r) => r.request().method() === "GET" && r.url().includes("_data=")) : null;
  await page.getByRole("button", { name: "Save criteria" }).click();
  await reloaded;
  await expect(page.getByText("Choose at most 3 states.")).toBeVisible();
  // what the member ticked is still ticked
  for (const state of states) await expect(form.getByLabel(state, { exact: true })).toBeChecked();
  await expect(form.getByLabel("Insurance", { exact: true })).toBeChecked();

  await form.getByLabel("Arkansas", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Save criteria" }).click();
  await expect(page.getByText("Your criteria are saved.")).toBeVisible();
  await page.goto("/preferences");
  for (const state of ["Alabama", "Alaska", "Arizona"]) await expect(form.getByLabel(state, { exact: true })).toBeChecked();
  await expect(form.getByLabel("Arkansas", { exact: true })).not.toBeChecked();
  await expect(form.getByLabel("Insurance", { exact: true })).toBeChecked();

  await page.goto("/home");
  const first = page.getByTestId("recommendation").first();
  await expect(page.getByRole("heading", { name: "Recommended for you" })).toBeVisible();
  await expect(first).toContainText("Industry: Insurance");
  await expect(first).toContainText("Loan status:");

  // search ordered by match puts a recommended project on top
  await page.goto("/buyers/search");
  await page.getByLabel("Order").selectOption("best");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/order=best/);
  await expect(page.getByLabel("Order")).toHaveValue("best");
  await page.context().close();
});

test("an admin edits the match weights and reads a project's matched buyers; the seller sees Buyer #n", async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const baseURL = baseUrlOf(testInfo);
  const js = jsEnabled(testInfo);
  const admin = await pageAs(browser, baseURL, DEMO.admin, js);
  await admin.goto("/admin/system/matchmaking-bot");
  const weight = admin.getByLabel("Transaction type", { exact: true });
  await weight.fill("101");
  await admin.getByRole("button", { name: "Save weights" }).click();
  await expect(admin.getByText("Exceeds maximum value of 100.")).toBeVisible();
  await weight.fill("6");
  await admin.getByRole("button", { name: "Save weights" }).click();
  await expect(admin.getByText("The match weights are saved")).toBeVisible();
  await expect(admin.getByLabel("Transaction type", { exact: true })).toHaveValue("6");
  await expect(admin.getByRole("heading", { name: "Assistant questions" })).toBeVisible();

  await admin.goto(`/admin/projects/${PROJECT}`);
  const table = admin.getByTestId("table-projectBuyers");
  await expect(table).toBeVisible();
  await expect(table.locator("tbody tr").first()).toContainText(/\d/);
  await expect(table.locator("thead")).toContainText("Last login");
  await admin.context().close();

  const seller = await pageAs(browser, baseURL, DEMO.seller, js);
  await seller.goto(`/sellers/myprojects/${PROJECT}`);
  await expect(seller.getByTestId("matched-buyers")).toContainText(/Buyer #\d+/);
  await seller.context().close();
});

test.describe("the matches API", { tag: "@http" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level: once per server");

  test("answers the project's seller and admins, a buyer its own matches, and 404 to anyone else", async ({ request }, testInfo) => {
    // through the shared helper: every test signs in from 127.0.0.1, and the limit of 20 a minute was met in CI
    const login = async (email: string) => {
      const answer = await apiLogin(request, { email, password: "demo-password" });
      expect(answer.status(), email).toBe(200);
      const { token } = await answer.json();
      return { Authorization: `Bearer ${token}` };
    };
    const seller = await login(DEMO.seller);
    const mine = await request.get(`/api/1.0/projects/${PROJECT}/matches`, { headers: seller });
    expect(mine.status()).toBe(200);
    const { data } = await mine.json();
    expect(data.length).toBeGreaterThan(0);
    expect(Object.keys(data[0]).sort()).toEqual(["anonymous", "customerId", "customerName", "label", "reasons", "responsivenessScore", "score"]);
    expect(data[0].reasons[0]).toEqual({ reason: expect.any(String), points: expect.any(Number) });
    const scores = data.map((d: { score: number }) => d.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const broker = await login(DEMO.broker);
    expect((await request.get(`/api/1.0/projects/${PROJECT}/matches`, { headers: broker })).status()).toBe(404);
    expect((await request.get(`/api/1.0/projects/${PROJECT}/matches`, { headers: await login(DEMO.agent) })).status()).toBe(404);
    expect((await request.get("/api/1.0/matches", { headers: seller })).status()).toBe(404);
    expect((await request.get("/api/1.0/matches", { headers: broker })).status()).toBe(404);
    expect((await request.get("/api/1.0/matches")).status()).toBe(401);

    const buyer = await request.get("/api/1.0/matches", { headers: await login(DEMO.buyer) });
    expect(buyer.status()).toBe(200);
    expect(Array.isArray((await buyer.json()).data)).toBe(true);

    // an admin's browser session works as well as a token
    const admin = await apiClient(baseUrlOf(testInfo), DEMO.admin);
    const page = await admin.get(`/api/1.0/projects/${PROJECT}/matches`);
    expect(page.status()).toBe(200);
    expect((await page.json()).data[0].customerName).toEqual(expect.any(String));
    await admin.dispose();
  });
});
