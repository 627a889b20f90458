import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { DEMO, signIn } from "./support";

const COLUMNS = [
  "projectName", "industry", "sector", "saleType", "location", "state", "fullDetails", "loanAmount", "size", "waInterest",
  "maturityDate", "term", "secured", "borrower", "projectDueDate", "longTermDebtSecured", "longTermDebtLevelOfSecurity",
  "loanPool", "overallSummary", "propertySummary", "termSummary",
];
const row = (name: string, waInterest = "6.5") => ({
  projectName: name, industry: "Real Estate", sector: "", saleType: "Portfolio sale", location: "Northeast", state: "NY",
  fullDetails: "Performing first-lien loans on stabilised properties.", loanAmount: "1,000,000", size: "950,000", waInterest,
  maturityDate: "2031-06-30", term: "Performing", secured: "Yes", borrower: "Upload Borrower LLC", loanPool: "Upload pool",
  overallSummary: "Eight commercial mortgages, weighted average LTV of 55 percent.",
});

async function xlsx(rows: Array<Record<string, string>>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Listings");
  sheet.addRow(COLUMNS);
  for (const r of rows) sheet.addRow(COLUMNS.map((c) => r[c] ?? ""));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const token = () => Math.random().toString(36).slice(2, 8);

async function chooseSeller(page: Page) {
  // a market's sellers are found by typing, then chosen from what matches
  await page.getByRole("search", { name: "Find a seller" }).getByLabel("Find a seller").fill(DEMO.seller);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await expect(page.getByText(`1 seller matching “${DEMO.seller}”.`)).toBeVisible();
  await expect(page.locator("select[name=seller] option")).toHaveCount(2);
  const value = await page.locator("select[name=seller] option", { hasText: DEMO.seller }).getAttribute("value");
  await page.locator("select[name=seller]").selectOption(value!);
}

test("an admin imports listings from an XLSX: a bad row stops it all, the fixed file goes in", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const word = token();
  const names = [`Upload pool ${word} A`, `Upload pool ${word} B`];
  await signIn(page, DEMO.admin);
  await page.goto("/admin/uploads/individual-listings");
  await expect(page.getByRole("heading", { name: "Uploads: Individual listings" })).toBeVisible();

  // the dry run names the bad row in the form's words; nothing is imported
  await chooseSeller(page);
  await page.getByLabel("File (CSV or XLSX)").setInputFiles({ name: `bad-${word}.xlsx`, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await xlsx([row(names[0]!), row(names[1]!, "high")]) });
  await page.getByRole("button", { name: "Check (dry run)" }).click();
  const errors = page.getByTestId("upload-errors");
  await expect(errors).toContainText("1 problem; nothing was imported.", { timeout: 30_000 });
  await expect(errors).toContainText("Line 3: waInterest: Value must be a valid decimal.");
  // Import refuses the same file whole
  await chooseSeller(page);
  await page.getByLabel("File (CSV or XLSX)").setInputFiles({ name: `bad-${word}.xlsx`, mimeType: "application/octet-stream", buffer: await xlsx([row(names[0]!), row(names[1]!, "high")]) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("upload-errors")).toContainText("Line 3:", { timeout: 30_000 });

  // the fixed file: imported as drafts, shown among the seller's drafts
  await chooseSeller(page);
  await page.getByLabel("File (CSV or XLSX)").setInputFiles({ name: `fixed-${word}.xlsx`, mimeType: "application/octet-stream", buffer: await xlsx([row(names[0]!), row(names[1]!)]) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("snackbar")).toContainText(`2 listings imported from fixed-${word}.xlsx.`, { timeout: 30_000 });
  await expect(page.getByRole("row").filter({ hasText: `fixed-${word}.xlsx` })).toContainText("Imported");
  await expect(page.getByRole("row").filter({ hasText: `bad-${word}.xlsx` })).toHaveCount(0);

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const seller = await context.newPage();
  await signIn(seller, DEMO.seller);
  await seller.waitForURL((url) => !url.pathname.startsWith("/signin"), { timeout: 30_000 });
  await seller.goto("/sellers/myprojects/drafts");
  for (const name of names) await expect(seller.getByText(name)).toBeVisible();
  await context.close();
});

test("the same file imported again is asked about first, and imported again only when the admin says so", async ({ page }) => {
  test.setTimeout(120_000);
  const word = token();
  const cells = (values: string[]) => values.map((v) => `"${v.replace(/"/g, '""')}"`).join(",");
  const csv = [cells(COLUMNS), ...[`Again pool ${word} A`, `Again pool ${word} B`].map((name) => cells(COLUMNS.map((c) => row(name)[c as keyof ReturnType<typeof row>] ?? "")))].join("\n");
  const file = { name: `again-${word}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) };
  await signIn(page, DEMO.admin);
  await page.goto("/admin/uploads/individual-listings");
  await chooseSeller(page);
  await page.getByLabel("File (CSV or XLSX)").setInputFiles(file);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("snackbar")).toContainText(`2 listings imported from again-${word}.csv.`, { timeout: 30_000 });

  // a page opened afresh, the same file under another name: asked, nothing imported
  await page.goto("/admin/uploads/individual-listings");
  await chooseSeller(page);
  await page.getByLabel("File (CSV or XLSX)").setInputFiles({ ...file, name: `again-${word} (2).csv` });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("upload-errors")).toContainText(/This file was imported on \d{4}-\d{2}-\d{2} \(2 listings, import #\d+\)\. Import it again\?/, { timeout: 30_000 });
  await expect(page.getByRole("row").filter({ hasText: `again-${word} (2).csv` })).toHaveCount(0);

  // said yes
  await page.getByLabel(/Import it again/).check();
  await page.getByLabel("File (CSV or XLSX)").setInputFiles({ ...file, name: `again-${word} (2).csv` });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("snackbar")).toContainText(`2 listings imported from again-${word} (2).csv.`, { timeout: 30_000 });
});

test("an admin uploads a new NDA version and chooses it for a project", async ({ page }) => {
  const word = token();
  const file = `nda-${word}.pdf`;
  await signIn(page, DEMO.admin);
  await page.goto("/admin/uploads/contract-templates");
  // not a PDF: refused
  await page.getByLabel("PDF file").setInputFiles({ name: "nda.pdf", mimeType: "application/pdf", buffer: Buffer.from("plain text") });
  await page.getByRole("button", { name: "Upload version" }).click();
  await expect(page.getByText("Only PDF files can be uploaded.")).toBeVisible();

  // a PDF no one can open to its pages (damaged, or protected): refused, where every buyer's signing of it failed
  await page.getByLabel("PDF file").setInputFiles({ name: file, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${word}\n%%EOF\n`) });
  await page.getByRole("button", { name: "Upload version" }).click();
  await expect(page.getByText("This PDF cannot be opened: it is password-protected or damaged.")).toBeVisible();

  await page.locator("select[name=kind]").selectOption("nda");
  const nda = await PDFDocument.create();
  nda.addPage().drawText(`Non-disclosure agreement ${word}`, { x: 72, y: 700, size: 12 });
  await page.getByLabel("PDF file").setInputFiles({ name: file, mimeType: "application/pdf", buffer: Buffer.from(await nda.save()) });
  await page.getByRole("button", { name: "Upload version" }).click();
  await expect(page.getByTestId("snackbar")).toContainText(/NDA version \d+ is uploaded\./);
  const version = (await page.getByRole("row").filter({ hasText: file }).getByRole("cell").nth(1).textContent())!.trim();

  await page.getByLabel("Project number").fill("3");
  await page.locator("select[name=nda]").selectOption({ label: `Version ${version}: ${file}` });
  await page.locator("select[name=saleAgreement]").selectOption("");
  await page.getByRole("button", { name: "Save for the project" }).click();
  await expect(page.getByTestId("project-templates")).toContainText(`NDA version ${version} (${file})`);
});
