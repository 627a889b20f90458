/**
 * Writes the XLSX templates of the bulk uploads to public/templates/ (npm run templates:uploads).
 * ExcelJS hangs writing a workbook in workerd, so the files are built here and served
 * as static assets; a unit test keeps their header equal to the upload's columns.
 */
import ExcelJS from "exceljs";
import { mkdir } from "node:fs/promises";
import { UPLOAD_EXAMPLES, UPLOADS, uploadColumns, type UploadPath } from "~/lib/listing-upload";
import type { ProjectOptions } from "~/lib/schemas/project";

const ANY: ProjectOptions = { industries: [], saleTypes: [], locations: [], usStates: [], loanStatus: [], propertyTypes: [], policyTypes: [] };

await mkdir("public/templates", { recursive: true });
for (const path of Object.keys(UPLOADS) as UploadPath[]) {
  const { kind, title } = UPLOADS[path];
  const columns = uploadColumns(kind, ANY);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.addRow(columns).font = { bold: true };
  sheet.addRow(columns.map((c) => UPLOAD_EXAMPLES[kind][c] ?? ""));
  // text cells: "2,500,000" and "12207" stay as typed
  sheet.columns.forEach((column) => (column.numFmt = "@"));
  await workbook.xlsx.writeFile(`public/templates/${path}.xlsx`);
  console.log(`public/templates/${path}.xlsx: ${columns.length} columns`);
}
