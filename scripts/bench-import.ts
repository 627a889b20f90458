// `npm run bench:import`: a bulk upload of 10,000 loan listings on Node, end to end after the
// upload: read the XLSX and check every row (the dry run), stage the job, drain it into projects.
// Builds a SQLite database in a temporary folder; the figure goes in the README's table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { openNodeDatabase } from "../app/.server/db/open-node";
import { registerOffThreadWriter } from "../app/.server/db/off-thread";
import { WriteThreadClient } from "../app/.server/db/write-thread";
import type { Client } from "@libsql/client";
import { users } from "../app/.server/db/schema";
import { UPLOAD_EXAMPLES, uploadColumns } from "../app/lib/listing-upload";
import type { ProjectOptions } from "../app/lib/schemas/project";
import { checkUpload, drainImportJob, stageImport } from "../app/models/listing-imports.server";

const COUNT = Number(process.env.BENCH_IMPORT ?? 10_000);
const FORMAT = process.env.BENCH_IMPORT_FORMAT === "csv" ? "csv" : "xlsx";
const OPTIONS: ProjectOptions = {
  industries: ["Real Estate"], saleTypes: ["Portfolio sale"], locations: ["Northeast"], usStates: ["NY"],
  loanStatus: ["Performing"], propertyTypes: ["Office"], policyTypes: [],
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  // opened as the server opens it (WAL, the busy timeout, its page cache: decision 095)
  const client = await openNodeDatabase(`file:${path.join(dir, "bench.db")}`, path.resolve(__dirname, "../migrations"));
  const db = drizzle(client, { schema }) as unknown as Database;
  // long writes on a thread of their own, as the server has them (app/.server/platform/node.ts): the
  // holds printed are those of the server's thread
  const writeThread = new WriteThreadClient(`file:${path.join(dir, "bench.db")}`, client);
  registerOffThreadWriter(db, drizzle(writeThread as unknown as Client, { schema }) as unknown as Database);
  const [seller] = await db
    .insert(users)
    .values({ email: "seller@bench.test", name: "Bench Seller", company: "Bench", phone: "", businessType: "Bank", passwordHash: "x", roles: ["ROLE_SELLER"] })
    .returning();
  const columns = uploadColumns("loan_pool", OPTIONS);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Listings");
  sheet.addRow(columns);
  for (let i = 0; i < COUNT; i++) sheet.addRow(columns.map((c) => (c === "projectName" ? `Pool ${i + 1}` : (UPLOAD_EXAMPLES.loan_pool[c] ?? ""))));
  // BENCH_IMPORT_FORMAT=csv: the same rows as a CSV file (read by another parser than the workbook's)
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const csv = () =>
    [columns, ...Array.from({ length: COUNT }, (_, i) => columns.map((c) => (c === "projectName" ? `Pool ${i + 1}` : (UPLOAD_EXAMPLES.loan_pool[c] ?? ""))))]
      .map((row) => row.map(quote).join(","))
      .join("\n");
  const file = FORMAT === "csv" ? new File([csv()], "bench.csv") : new File([await workbook.xlsx.writeBuffer()], "bench.xlsx");

  const started = performance.now();
  const holds = watchHolds();
  const checked = await checkUpload(file, { kind: "loan_pool", options: OPTIONS });
  const longestHold = holds();
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems.slice(0, 3)));
  const dryRun = performance.now() - started;
  const stageHolds = watchHolds();
  const job = await stageImport(db, { kind: "loan_pool", sellerId: seller!.id, target: "published", fileName: file.name, rows: checked.rows, actor: seller!, submissionKey: "bench" });
  const staged = performance.now() - started;
  const longestStageHold = stageHolds();
  const drainHolds = watchHolds();
  const done = await drainImportJob(db, job.id, { budgetMs: 120_000 });
  const longestDrainHold = drainHolds();
  const total = performance.now() - started;
  if (done?.status !== "done" || done.imported !== COUNT) throw new Error(`import ended ${done?.status} with ${done?.imported}`);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`${COUNT} rows (${(file.size / 1024).toFixed(0)} KiB ${FORMAT.toUpperCase()}): read and checked in ${s(dryRun)} (the thread held at most ${longestHold.toFixed(0)} ms at a time), staged at ${s(staged)} (held ${longestStageHold.toFixed(0)} ms), imported and their matches scored at ${s(total)} (held ${longestDrainHold.toFixed(0)} ms)`);
  writeThread.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The longest the thread was held at a stretch while `stop` was not yet called: a timer every 5 ms
 * that fires late by as much as the thread was busy (every other request on a Node server waits as long).
 */
function watchHolds() {
  let longest = 0;
  let expected = performance.now() + 5;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - expected);
    expected = now + 5;
  }, 5);
  return () => {
    clearInterval(timer);
    // the stretch still running when the work ended counts too
    return Math.max(longest, performance.now() - expected);
  };
}

void main();
