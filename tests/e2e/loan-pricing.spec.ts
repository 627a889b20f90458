import { expect, test } from "@playwright/test";
import { pageAs } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled } from "./support";

/**
 * Loan pricing as people use it: an admin loads a benchmark curve from a CSV (a
 * bad file lists its lines and imports nothing); a seller prices a loan, reloads
 * the results link and gets the same numbers, and prices one of its loan pools.
 * The curves here are dated in 2020, so they never become the latest one pricing reads.
 */

const csv = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

test("an admin imports a curve from CSV, and a bad file imports nothing and lists its lines", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const day = `2020-01-${jsEnabled(testInfo) ? "02" : "03"}`;
  const page = await pageAs(browser, baseUrlOf(testInfo), DEMO.admin, jsEnabled(testInfo));
  await page.goto("/admin/system/interest-rates");
  await page.getByLabel("CSV file").setInputFiles(csv("bad.csv", `asOf,tenorMonths,rate\n${day},12,4.1\n${day},0,4.2\n${day},24,abc\n`));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("2 problems; nothing was imported.")).toBeVisible();
  await expect(page.getByText("Line 3: tenorMonths: Requires a value of at least 1.")).toBeVisible();
  await expect(page.getByText("Line 4: rate: Value must be a valid decimal.")).toBeVisible();
  await page.goto(`/admin/system/interest-rates?asOf=${day}`);
  await expect(page.getByTestId("table-count")).toHaveText("No points");

  await page.getByLabel("CSV file").setInputFiles(csv("curve.csv", `asOf,tenorMonths,rate\n${day},1,4.3\n${day},120,4.4\n${day},360,4.6\n`));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("3 curve points imported from curve.csv.")).toBeVisible();
  await page.goto(`/admin/system/interest-rates?asOf=${day}`);
  await expect(page.getByTestId("table-count")).toHaveText("1–3 of 3 points");
  await expect(page.getByTestId(`rate-${day}-120`)).toContainText("4.400");
});

test("a seller prices a loan, reloads the results link to the same numbers, and prices a loan pool", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const page = await pageAs(browser, baseUrlOf(testInfo), DEMO.seller, jsEnabled(testInfo));
  await page.goto("/sellers/analytics/loan-pricing");
  const loan = page.getByRole("form", { name: "Price one loan" });
  await loan.getByLabel("Balance").fill("abc");
  await loan.getByLabel("Note rate").fill("6");
  await loan.getByLabel("Term").fill("360");
  await loan.getByRole("button", { name: "Price the loan" }).click();
  await expect(page.getByText("Value must be a valid decimal.")).toBeVisible();

  const form = page.getByRole("form", { name: "Price one loan" });
  await form.getByLabel("Balance").fill("100000");
  await form.getByLabel("Note rate").fill("6");
  await form.getByLabel("Term").fill("360");
  await form.getByLabel("Amortization").selectOption("level");
  await form.getByLabel("Loan status").selectOption("Performing");
  await form.getByLabel("CPR").fill("0");
  await form.getByLabel("CDR").fill("0");
  await form.getByLabel("Loss severity").fill("0");
  await form.getByLabel("Yield").fill("7");
  await form.getByRole("button", { name: "Price the loan" }).click();
  await expect(page).toHaveURL(/\/sellers\/analytics\/loan-pricing\/results\?balance=100000&noteRate=6&termMonths=360/);
  await expect(page.getByTestId("price")).toHaveText("90.12");
  const wal = await page.getByTestId("wal").textContent();
  await page.reload();
  await expect(page.getByTestId("price")).toHaveText("90.12");
  await expect(page.getByTestId("wal")).toHaveText(wal!);
  await expect(page.getByRole("img", { name: "Cash flows by year" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Sensitivity" })).toContainText("Yield +100 bp");
  await expect(page.getByTestId("matched-buyers")).toBeVisible();
  const download = await page.request.get(page.url().replace("/results?", "/results.csv?"));
  expect(download.headers()["content-type"]).toContain("text/csv");
  expect(await download.text()).toContain("price,90.12");

  await page.goto("/sellers/analytics/loan-pricing");
  const pool = page.getByRole("form", { name: "Price a loan pool" });
  await pool.getByRole("button", { name: "Price the pool" }).click();
  await expect(page).toHaveURL(/\/results\?projectId=\d+/);
  await expect(page.getByRole("heading", { name: /^Loan pricing: / })).toBeVisible();
  await expect(page.getByTestId("price")).toHaveText(/^\d+\.\d{2}$/);
  await expect(page.getByRole("table", { name: "Loans" })).toBeVisible();
});
