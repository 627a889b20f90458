import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { signIn } from "./support";

/** The seller's steps through the create form, shared by the listing and deal-flow tests. */
export type Kind = "Loan pool" | "Real estate" | "Insurance-backed loan" | "Limited company";

export const token = () => `Q${Math.random().toString(36).slice(2, 8)}`;

export async function pageAs(browser: Browser, baseURL: string, email: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

export async function fillBasics(page: Page, name: string, industry: string) {
  await page.getByLabel("Project name").fill(name);
  await page.getByLabel("Industry").selectOption({ label: industry });
  await page.getByLabel("Sale type").selectOption({ label: "Asset sale" });
  await page.getByLabel("Region").selectOption({ label: "Midwest" });
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Illinois" });
  await page.getByLabel("Description for buyers").fill(`${name}: a well documented listing for the browser test.`);
  // Enter in a field continues, as the button does (it pressed "Save and exit", the form's first button)
  await page.getByLabel("Project name").press("Enter");
  await expect(page).toHaveURL(/step=2/);
}

export async function fillTerms(page: Page, borrower: string) {
  await page.getByLabel("Loan amount (USD)").fill("2,500,000");
  await page.getByLabel("Transaction size (USD)").fill("2,500,000");
  await page.getByLabel("Weighted average interest (%)").fill("6,5");
  await page.getByLabel("Maturity date").fill("2031-06-30");
  await page.getByLabel("Loan status").selectOption({ label: "Performing" });
  await page.getByLabel("Secured", { exact: true }).selectOption({ label: "Yes" });
  await page.getByLabel("Borrower").fill(borrower);
  await page.getByLabel("Borrower").press("Enter");
  await expect(page).toHaveURL(/step=3/);
}

export const TAPE = path.resolve("tests/e2e/fixtures/loan-tape.csv");
export const BAD_TAPE = path.resolve("tests/e2e/fixtures/loan-tape-bad.csv");

export async function fillDetails(page: Page, kind: Kind) {
  if (kind === "Loan pool") {
    await page.getByLabel("Loan tape (CSV or XLSX)").setInputFiles(TAPE);
    await page.getByRole("button", { name: "Import loans" }).click();
    await expect(page.getByTestId("loan-count")).toHaveText("3 loans imported.");
    // the seller is told what buyers will find missing before publishing
    await expect(page.getByTestId("tape-completeness")).toContainText(/Loan tape completeness: \d+ %/);
    await expect(page.getByTestId("tape-completeness")).toContainText("Appraisal date (missing on 2 of 3)");
    await page.getByLabel("Pool name").fill("Midwest CRE pool 2026-A");
    await page.getByLabel("Overall summary").fill("Seasoned commercial real estate loans, current on payments.");
  } else if (kind === "Real estate") {
    await page.getByLabel("Property type").selectOption({ label: "Office" });
    await page.getByLabel("Address").fill("100 Wacker Drive");
    await page.getByLabel("City").fill("Chicago");
    await page.getByLabel("Zip code").fill("60601");
    await page.getByLabel("Units").fill("12");
    await page.getByLabel("Occupancy (%)").fill("92,5");
    await page.getByLabel("Net operating income (USD per year)").fill("410,000");
  } else if (kind === "Insurance-backed loan") {
    await page.getByLabel("Insurance carrier").fill("Penn Mutual");
    await page.getByLabel("Policy type").selectOption({ label: "Whole life" });
    await page.getByLabel("Face amount (USD)").fill("10,000,000");
    await page.getByLabel("Cash surrender value (USD)").fill("2,750,000");
    await page.getByLabel("Age of the insured").fill("67");
  } else {
    await page.getByLabel("Company overview").fill("A family-owned logistics company with twelve depots in Illinois.");
    await page.getByLabel("SIC code").fill("4213");
    await page.getByLabel("Revenue (USD per year)").fill("18,000,000");
    await page.getByLabel("EBITDA (USD per year)").fill("2,100,000");
    await page.getByLabel("Total debt (USD)").fill("2,500,000");
    await page.getByLabel("Employees").fill("140");
  }
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/step=4/);
}

/** The seller's whole create flow; returns the new project's id. */
export async function listProject(page: Page, kind: Kind, name: string, borrower: string) {
  await page.goto("/projects/create");
  await page.getByLabel(kind, { exact: false }).first().check();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/step=1/);
  await fillBasics(page, name, kind === "Real estate" ? "Real Estate" : "Energy");
  await fillTerms(page, borrower);
  await fillDetails(page, kind);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/\/sellers\/myprojects\/\d+$/);
  await expect(page.getByTestId("snackbar")).toContainText("Submitted for review");
  return Number(page.url().split("/").pop());
}


/** A fresh published listing of the demo seller, so parallel tests never share its deals or its looks. */
export async function publishedProject(seller: Page, admin: Page, name: string, borrower: string) {
  const id = await listProject(seller, "Insurance-backed loan", name, borrower);
  await admin.goto(`/admin/projects/${id}`);
  await admin.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("The project is published.");
  return id;
}
