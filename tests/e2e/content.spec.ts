import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { encodeSignatureHeader } from "@sanity/webhook";
import { DEMO, signIn } from "./support";
import { E2E_DATASET, E2E_PREVIEW_SECRET, E2E_WEBHOOK_SECRET, NODE_URL } from "../support/urls";

test.describe("content pages from the CMS", () => {
  test("terms, privacy and the broker program show the published pages", async ({ page }) => {
    await page.goto("/terms");
    await expect(page).toHaveTitle("Terms of use - Secondary Marketplace");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "3. Confidentiality" })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /sellers, buyers and brokers/);
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Privacy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    await page.goto("/broker-affiliate");
    await expect(page.getByRole("heading", { level: 1, name: "Broker affiliate program" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Create a broker account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "talk to our team" })).toHaveAttribute("href", "/contact-us");
  });

  test("the home page shows the hero and sections of the site settings", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The secondary marketplace for private credit and illiquid assets");
    await expect(page.getByRole("heading", { name: "Insurance-backed loans" })).toBeVisible();
  });

  test("jobs: open postings are listed, each has its page, a closed one is not listed", async ({ page }) => {
    await page.goto("/jobs");
    const list = page.getByRole("list", { name: "Open positions" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(list).not.toContainText("Marketing Intern");
    await expect(list).not.toContainText("Head of Compliance");
    await list.getByRole("link", { name: "Credit Analyst" }).click();
    await expect(page).toHaveURL(/\/jobs\/credit-analyst$/);
    await expect(page).toHaveTitle("Credit Analyst - Secondary Marketplace");
    await expect(page.getByRole("heading", { name: "What you will do" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Apply/ })).toHaveAttribute("href", "mailto:careers@secondarymarketplace.example");
    await page.goto("/jobs/marketing-intern");
    await expect(page.getByRole("status").filter({ hasText: "This position is closed." })).toHaveText("This position is closed.");
    const missing = await page.goto("/jobs/no-such-job");
    expect(missing!.status()).toBe(404);
  });

  test("the buyer referral program is a buyer's page", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referral program" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Buyer referral program" })).toBeVisible();
  });

  test("the join form's business types come from the constant lists", async ({ page }) => {
    await page.goto("/join");
    const options = await page.getByLabel("Business type").locator("option").allTextContents();
    // the dataset test below may have added one of its own at the end
    expect(options.slice(0, 14)).toEqual([
      "Choose…", "Bank", "Hedge Fund", "Private Equity Fund", "Family Office", "Strategic Investor", "Asset Management",
      "Lending/Commercial Finance", "Institutional investment", "Real Estate Development", "Loan Servicer",
      "Venture Capital", "Credit Union", "Other Service Providers",
    ]);
  });

  test("an admin previews drafts, and turns preview off again", async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole("button", { name: "Turn preview on" }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByTestId("preview-banner")).toBeVisible();
    await expect(page.getByRole("list", { name: "Open positions" })).toContainText("Head of Compliance");
    await page.getByRole("button", { name: "Exit preview" }).click();
    await expect(page.getByTestId("preview-banner")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Open positions" })).not.toContainText("Head of Compliance");
  });

  test("the studio's preview link works with the secret and not without", async ({ page }) => {
    const refused = await page.goto("/api/cms/preview?redirect=%2Fjobs%2Fhead-of-compliance");
    expect(refused!.status()).toBe(404);
    await page.goto(`/api/cms/preview?secret=${E2E_PREVIEW_SECRET}&redirect=%2Fjobs%2Fhead-of-compliance`);
    await expect(page.getByRole("heading", { level: 1, name: "Head of Compliance" })).toBeVisible();
    await expect(page.getByTestId("preview-banner")).toBeVisible();
  });
});

test.describe("the CMS webhook", { tag: "@http" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level: once per server");
  const body = JSON.stringify({ _id: "page-terms", _type: "page", slug: "terms" });
  const post = async (request: import("@playwright/test").APIRequestContext, signature?: string) =>
    request.post("/api/cms/webhook", {
      data: body,
      headers: { "content-type": "application/json", ...(signature ? { "sanity-webhook-signature": signature } : {}) },
    });

  test("a valid signature purges what the document affects", async ({ request }) => {
    const response = await post(request, await encodeSignatureHeader(body, Date.now(), E2E_WEBHOOK_SECRET));
    expect(response.status()).toBe(200);
    // the page's own query, and the sitemap that lists it
    expect(await response.json()).toEqual({ ok: true, purged: ['pageBySlug:{"slug":"terms"}', "sitemap:{}"] });
  });

  test("a page moved to another slug is purged at its old address too", async ({ request }) => {
    const moved = JSON.stringify({ _id: "page-terms", _type: "page", slug: { current: "terms-of-use" }, previousSlug: "terms" });
    const response = await request.post("/api/cms/webhook", {
      data: moved,
      headers: { "content-type": "application/json", "sanity-webhook-signature": await encodeSignatureHeader(moved, Date.now(), E2E_WEBHOOK_SECRET) },
    });
    expect(await response.json()).toEqual({ ok: true, purged: ['pageBySlug:{"slug":"terms-of-use"}', 'pageBySlug:{"slug":"terms"}', "sitemap:{}"] });
  });

  test("a missing, wrong or stale signature is refused with 401", async ({ request }) => {
    expect((await post(request)).status()).toBe(401);
    const wrong = await post(request, await encodeSignatureHeader(body, Date.now(), "not-the-secret"));
    expect(wrong.status()).toBe(401);
    const stale = await post(request, await encodeSignatureHeader(body, Date.now() - 6 * 60_000, E2E_WEBHOOK_SECRET));
    expect(stale.status()).toBe(401);
    expect((await stale.json()).error).toBe("Stale signature");
  });
});

test.describe("a change in the dataset", () => {
  test.skip(({ baseURL }) => baseURL !== NODE_URL, "the Workers build bundles its dataset; Node reads a file");
  test.describe.configure({ mode: "serial" });

  test("shows up in the form after the webhook", async ({ page, request }, testInfo) => {
    const marker = `Sovereign Wealth Fund ${testInfo.project.name}`;
    const lines = fs.readFileSync(E2E_DATASET, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const list = lines.find((d) => d._id === "constantList-businessDescriptions");
    list.items.push({ _key: `swf-${testInfo.project.name}`, _type: "constantItem", value: marker, label: marker });
    fs.writeFileSync(E2E_DATASET, lines.map((d) => JSON.stringify(d)).join("\n") + "\n");

    const payload = JSON.stringify({ _id: list._id, _type: "constantList" });
    const signed = await encodeSignatureHeader(payload, Date.now(), E2E_WEBHOOK_SECRET);
    const hook = await request.post("/api/cms/webhook", {
      data: payload,
      headers: { "content-type": "application/json", "sanity-webhook-signature": signed },
    });
    expect(hook.status()).toBe(200);
    await page.goto("/join");
    await expect(page.getByLabel("Business type").locator("option", { hasText: marker })).toHaveCount(1);
  });
});
