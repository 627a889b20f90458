import { expect, test } from "@playwright/test";
import { fillBasics, fillTerms, pageAs, token } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled, signIn } from "./support";

const HEADER = "propertyType,region,capRate,vacancy,expenseRatio";
const csv = (name: string, lines: string[]) => ({ name, mimeType: "text/csv", buffer: Buffer.from([HEADER, ...lines].join("\r\n") + "\r\n") });

test("an admin imports property assumptions: a bad file names its lines and imports nothing, a fixed one imports", async ({ page }) => {
  await signIn(page, DEMO.admin, undefined, "/signin?redirect=%2Fadmin%2Fsystem%2Fproperties");
  await page.goto("/admin/system/properties?q=storage");
  const southwest = page.getByRole("row", { name: /Storage Southwest/ });
  await expect(southwest).toBeVisible();

  await page.getByLabel("CSV file of property assumptions").setInputFiles(csv("bad.csv", ["Storage,Southwest,6.45,9,34", "Castle,Southwest,6,5,30", "Storage,West,high,5,30"]));
  await page.getByRole("button", { name: "Import" }).click();
  const errors = page.getByTestId("import-errors");
  await expect(errors).toContainText("2 problems; nothing was imported.");
  await expect(errors).toContainText("Line 3: propertyType: Choose one of the listed options.");
  await expect(errors).toContainText("Line 4: capRate: Value must be a valid decimal.");
  await page.goto("/admin/system/properties?q=storage");
  // the file's good line was not imported either (the other browser projects import 6.35% on the same server)
  await expect(southwest).not.toContainText("6.45%");

  await page.getByLabel("CSV file of property assumptions").setInputFiles(csv("good.csv", ["Storage,Southwest,6.35,9,34", "Storage,West,5.65,8.5,35"]));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("2 rows imported from good.csv.");
  await expect(southwest).toContainText("6.35%");
  await expect(southwest).toContainText("34.00%");
});

test("a seller finds a real-estate project on the map, values it and moves the value with the cap rate", async ({ browser }, testInfo) => {
  const page = await pageAs(browser, baseUrlOf(testInfo), DEMO.agent, jsEnabled(testInfo));
  await page.goto("/sellers/analytics/real-estate");
  // the map: drawn on the server, a dot per project that opens its valuation, the counts per state beside it
  const map = page.getByTestId("us-map");
  await expect(map).toBeVisible();
  await expect(page.getByRole("table", { name: "Projects by state" })).toBeVisible();
  // a dot, not the larger target under the dots (which they cover)
  const dot = map.locator("a[aria-label]").first();
  const href = await dot.getAttribute("href");
  expect(await page.locator(`main table a[href="${href}"]`).count()).toBeLessThanOrEqual(1);
  await dot.click();
  await expect(page).toHaveURL(/\/sellers\/analytics\/real-estate\/\d+$/);
  const before = await page.getByTestId("value-mid").textContent();
  const noi = Number((await page.getByTestId("noi").textContent())!.replace(/[$,]/g, ""));
  expect(noi).toBeGreaterThan(0);

  await page.getByLabel("Cap rate (%)").fill("9.5");
  await page.getByRole("button", { name: "Value again" }).click();
  await expect(page).toHaveURL(/capRate=9.5/);
  const expected = `$${Math.round(noi / 0.095).toLocaleString("en-US")}`;
  await expect(page.getByTestId("value-mid")).toHaveText(expected);
  expect(expected).not.toBe(before);
  await expect(page.getByText("Default", { exact: false }).first()).toBeVisible();
  // the fields hold what was valued, so a second change keeps the first
  await expect(page.getByLabel("Cap rate (%)")).toHaveValue("9.5");
  await page.getByLabel("Vacancy (%)").fill("12");
  await page.getByRole("button", { name: "Value again" }).click();
  await expect(page).toHaveURL(/vacancy=12/);
  await expect(page).toHaveURL(/capRate=9.5/);
  await expect(page.getByLabel("Cap rate (%)")).toHaveValue("9.5");
  await expect(page.getByLabel("Vacancy (%)")).toHaveValue("12");

  // a value out of bounds is refused on its field, the defaults kept
  await page.getByLabel("Cap rate (%)").fill("90");
  await page.getByRole("button", { name: "Value again" }).click();
  await expect(page.getByText("Exceeds maximum value of 25.")).toBeVisible();
  await page.context().close();
});

test("the limited-company form refuses an unknown SIC code and takes a listed one", async ({ browser }, testInfo) => {
  const page = await pageAs(browser, baseUrlOf(testInfo), DEMO.seller, jsEnabled(testInfo));
  await page.goto("/projects/create");
  await page.getByLabel("Limited company").check();
  await page.getByRole("button", { name: "Start" }).click();
  await fillBasics(page, `SIC ${token()}`, "Energy");
  await fillTerms(page, "Acme Holdings");
  await page.getByLabel("Company overview").fill("A family-owned logistics company with twelve depots in Illinois.");
  await page.getByLabel("SIC code").fill("0000");
  await page.getByLabel("Revenue (USD per year)").fill("18,000,000");
  await page.getByLabel("EBITDA (USD per year)").fill("2,100,000");
  await page.getByLabel("Total debt (USD)").fill("2,500,000");
  await page.getByLabel("Employees").fill("140");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("Unknown SIC code: choose one of the listed codes.")).toBeVisible();
  await expect(page).toHaveURL(/step=3/);
  // the listed codes are offered as one types
  await expect(page.locator("datalist#sic-codes option[value='4213']")).toHaveCount(1);
  await page.getByLabel("SIC code").fill("4213");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/step=4/);
  await page.context().close();
});
