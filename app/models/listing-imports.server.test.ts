import fs from "node:fs";
import ExcelJS from "exceljs";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseBefore, explained } from "../../tests/support/db";
import { UPLOAD_OPTIONS } from "../../tests/support/upload-options";
import { turnsDuring } from "../../tests/support/turns";
import { drizzle } from "drizzle-orm/libsql";
import type { Client } from "@libsql/client";
import { schema, type Database } from "~/.server/db";
import { registerOffThreadWriter } from "~/.server/db/off-thread";
import { WriteThreadClient } from "~/.server/db/write-thread";
import { auditLog, customers, importJobRows, importJobs, projects, users } from "~/.server/db/schema";
import { UPLOAD_EXAMPLES, uploadColumns } from "~/lib/listing-upload";
import { makeUser } from "~/seed/factories";
import { resetStopForTests, stopGently } from "~/.server/platform/stopping";
import { cancelImportJob, checkUpload, drainImportJob, drainImportJobs, findImportJob, IMPORT_CHUNK, SameFileStaged, SELLER_CHOICES_SHOWN, sellerChoices, sellerChoicesQuery, stageImport } from "./listing-imports.server";
import { listSellerProjectPage } from "./projects.server";
import { customerMatches } from "./matches.server";

const OPTIONS = UPLOAD_OPTIONS;

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());
afterEach(() => resetStopForTests());

/** `numbers`: columns written as number cells, as Excel keeps what looks like one. */
async function xlsxFile(rows: Array<Record<string, string>>, kind: "loan_pool" | "real_estate" = "loan_pool", numbers: string[] = []) {
  const columns = uploadColumns(kind, OPTIONS);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Listings");
  sheet.addRow(columns);
  for (const row of rows) sheet.addRow(columns.map((c) => (numbers.includes(c) ? Number(row[c]) : (row[c] ?? ""))));
  return new File([await workbook.xlsx.writeBuffer()], "listings.xlsx");
}

const rowsOf = (n: number, kind: "loan_pool" | "real_estate" = "loan_pool") =>
  Array.from({ length: n }, (_, i) => ({ line: i + 2, values: { ...UPLOAD_EXAMPLES[kind], projectName: `Pool ${i + 1}` } as Record<string, unknown> }));

describe("a bulk upload of listings", () => {
  it("reads an XLSX and names its bad row in the dry run", async () => {
    const good = UPLOAD_EXAMPLES.loan_pool;
    const checked = await checkUpload(await xlsxFile([good, { ...good, waInterest: "high" }]), { kind: "loan_pool", options: OPTIONS });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problems).toEqual([{ line: 3, problems: ["waInterest: Value must be a valid decimal."] }]);
  });

  it("reads the rates of a CSV saved by Excel from percent-formatted cells (\"5.25%\")", async () => {
    const columns = uploadColumns("real_estate", OPTIONS);
    const row: Record<string, string> = { ...UPLOAD_EXAMPLES.real_estate, waInterest: "5.25%", occupancy: " 92 % " };
    const csv = [columns.join(","), columns.map((c) => `"${row[c] ?? ""}"`).join(",")].join("\n");
    const checked = await checkUpload(new File([csv], "listings.csv", { type: "text/csv" }), { kind: "real_estate", options: OPTIONS });
    expect(checked.ok && checked.rows[0]!.values).toMatchObject({ waInterest: 5.25, occupancy: 92 });
  });

  it("reads a property's ZIP code that Excel kept as a number (00501 as 501) as the state's ZIP, and refuses one that is no ZIP of the state", async () => {
    const checked = await checkUpload(
      await xlsxFile([{ ...UPLOAD_EXAMPLES.real_estate, zip: "501" }, { ...UPLOAD_EXAMPLES.real_estate, zip: "6060" }], "real_estate", ["zip"]),
      { kind: "real_estate", options: OPTIONS },
    );
    expect(!checked.ok && checked.problems).toEqual([{ line: 3, problems: ["zip: Invalid zip code."] }]);
    const good = await checkUpload(await xlsxFile([{ ...UPLOAD_EXAMPLES.real_estate, zip: "501" }], "real_estate", ["zip"]), { kind: "real_estate", options: OPTIONS });
    expect(good.ok && good.rows[0]!.values.zip).toBe("00501");
  });

  it("names a bad row of an XLSX by the row number the spreadsheet shows, past empty rows", async () => {
    const columns = uploadColumns("loan_pool", OPTIONS);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Listings");
    const good = UPLOAD_EXAMPLES.loan_pool;
    sheet.getRow(1).values = columns;
    sheet.getRow(2).values = columns.map((c) => good[c] ?? "");
    // rows 3 and 4 left empty, as a person leaves a gap between two groups
    sheet.getRow(5).values = columns.map((c) => ({ ...good, waInterest: "high" })[c] ?? "");
    const checked = await checkUpload(new File([await workbook.xlsx.writeBuffer()], "gap.xlsx"), { kind: "loan_pool", options: OPTIONS });
    expect(!checked.ok && checked.problems).toEqual([{ line: 5, problems: ["waInterest: Value must be a valid decimal."] }]);
  });

  it("names a bad row of a CSV by its line, past blank lines, a cell over two lines counted as one row as a spreadsheet shows it", async () => {
    const columns = uploadColumns("loan_pool", OPTIONS);
    const good = UPLOAD_EXAMPLES.loan_pool;
    const line = (row: Record<string, string>) => columns.map((c) => `"${(row[c] ?? "").replaceAll('"', '""')}"`).join(",");
    const csv = [columns.join(","), line({ ...good, fullDetails: "Two lines\nof details" }), "", "", line({ ...good, waInterest: "high" })].join("\n");
    const checked = await checkUpload(new File([csv], "gap.csv", { type: "text/csv" }), { kind: "loan_pool", options: OPTIONS });
    expect(!checked.ok && checked.problems).toEqual([{ line: 5, problems: ["waInterest: Value must be a valid decimal."] }]);
  });

  it("lets the server answer others while it reads and checks a large file, and while it stages it", async () => {
    const file = await xlsxFile(Array.from({ length: 2_000 }, (_, i) => ({ ...UPLOAD_EXAMPLES.loan_pool, projectName: `Pool ${i + 1}` })));
    // 10,000 rows held Node's one thread for a second (npm run bench:import), every other request waiting
    const checked = await turnsDuring(() => checkUpload(file, { kind: "loan_pool", options: OPTIONS }));
    expect(checked.result.ok && checked.result.rows).toHaveLength(2_000);
    // the sheet read a few hundred rows at a turn, and checked as many
    expect(checked.turns).toBeGreaterThanOrEqual(8);
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const staged = await turnsDuring(() => stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "big.xlsx", rows: rowsOf(4_100), actor: seller }));
    expect(staged.result.total).toBe(4_100);
    expect(staged.turns).toBeGreaterThanOrEqual(2);
  });

  it("on Node, writes the staged rows on the write thread: the server answers others meanwhile, and the job is the form's", async () => {
    // 20,000 rows were one batch that held Node's one thread 0.3-1 s (npm run bench:import)
    const db = drizzle(t.client, { schema }) as unknown as Database;
    const thread = new WriteThreadClient(t.url, t.client);
    const onThread: number[] = [];
    const writer = { batch: (statements: Parameters<WriteThreadClient["batch"]>[0]) => (onThread.push(statements.length), thread.batch(statements)) };
    registerOffThreadWriter(db, drizzle(writer as unknown as Client, { schema }) as unknown as Database);
    try {
      const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
      const job = await stageImport(db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "thread.csv", rows: rowsOf(2_500), actor: seller, submissionKey: "thread-key" });
      // the job and its two chunks of rows, in one batch
      expect(onThread).toEqual([3]);
      expect(job).toMatchObject({ sellerId: seller.id, fileName: "thread.csv", total: 2_500, status: "queued", submissionKey: "thread-key" });
      const [staged] = await t.db.select({ n: sql<number>`count(*)`, first: sql<number>`min(line)`, last: sql<number>`max(line)` }).from(importJobRows).where(eq(importJobRows.jobId, job.id));
      expect(staged).toEqual({ n: 2_500, first: 2, last: 2_501 });
      // the same form sent again is answered with its first job, as on the request's own connection
      const again = await stageImport(db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "thread.csv", rows: rowsOf(2_500), actor: seller, submissionKey: "thread-key" });
      expect(again).toMatchObject({ id: job.id, repeated: true });
    } finally {
      await thread.close();
    }
  });

  it("imports every row of a checked file as the seller's drafts, with the kind's details", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const checked = await checkUpload(await xlsxFile([UPLOAD_EXAMPLES.real_estate], "real_estate"), { kind: "real_estate", options: OPTIONS });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    // a name the browser sent with a line break (%0D%0A) is the jobs table's and the audit log's without it
    const job = await stageImport(t.db, { kind: "real_estate", sellerId: seller.id, target: "draft", fileName: "C:\\uploads\\re\r\n.xlsx", rows: checked.rows, actor: admin });
    expect(job.fileName).toBe("re.xlsx");
    const done = await drainImportJob(t.db, job.id);
    expect(done).toMatchObject({ status: "done", imported: 1, total: 1 });
    const [project] = await t.db.select().from(projects).where(eq(projects.sellerId, seller.id));
    expect(project).toMatchObject({ kind: "real_estate", status: "draft", projectName: "Example office building", size: 2_400_000, secured: true, draftStep: 3 });
    expect(project!.details).toMatchObject({ propertyType: "Office", zip: "12207", units: 12, noi: 310_000 });
    expect(await t.db.select().from(importJobRows).where(eq(importJobRows.jobId, job.id))).toEqual([]);
  });

  it("places an uploaded property at its address lookup's point, as the listing form does, and keeps the lookup out of its details", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const example = UPLOAD_EXAMPLES.real_estate;
    const rows = [
      { line: 2, values: { ...example, projectName: "Located", latitude: 42.651234, longitude: -73.754321, locatedZip: "12207" } },
      // looked up for another ZIP code than the one the row has: no point, as the form drops it
      { line: 3, values: { ...example, projectName: "Moved", latitude: 40.7, longitude: -74, locatedZip: "10001" } },
      { line: 4, values: { ...example, projectName: "Never looked up" } },
    ] as Array<{ line: number; values: Record<string, unknown> }>;
    const job = await stageImport(t.db, { kind: "real_estate", sellerId: seller.id, target: "draft", fileName: "re.csv", rows, actor: admin });
    expect(await drainImportJob(t.db, job.id)).toMatchObject({ status: "done", imported: 3 });
    const placed = await t.db.select().from(projects).where(eq(projects.sellerId, seller.id)).orderBy(projects.id);
    expect(placed.map((p) => [p.projectName, p.latitude, p.longitude])).toEqual([
      ["Located", 42.651234, -73.754321],
      ["Moved", null, null],
      ["Never looked up", null, null],
    ]);
    expect(placed.flatMap((p) => Object.keys(p.details).filter((k) => ["latitude", "longitude", "locatedZip"].includes(k)))).toEqual([]);
  });

  it("lists nothing for a seller whose company was locked while the job waited, and says why", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Locked Later Co" }).returning();
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, seller.id));
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const job = await stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "published", fileName: "x.csv", rows: rowsOf(3), actor: admin });
    // queued for the housekeeping's drainer; the company is locked before it runs
    await t.db.update(customers).set({ locked: true }).where(eq(customers.id, company!.id));
    expect(await drainImportJob(t.db, job.id)).toMatchObject({ status: "failed", imported: 0, error: expect.stringContaining("may no longer list") });
    expect(await t.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toEqual([]);
    expect(await t.db.select().from(importJobRows).where(eq(importJobRows.jobId, job.id))).toEqual([]);
  });

  it("shows no listing until the last chunk is in, then publishes them all at once", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const job = await stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "published", fileName: "x.csv", rows: rowsOf(IMPORT_CHUNK + 5), actor: admin });
    // a budget spent after the first chunk: the job waits, its listings unseen
    let clock = 0;
    const partial = await drainImportJob(t.db, job.id, { budgetMs: 5, now: () => (clock += 4) });
    expect(partial).toMatchObject({ imported: IMPORT_CHUNK, status: "running" });
    expect(await listSellerProjectPage(t.db, seller.id)).toMatchObject({ rows: [], total: 0 });
    const done = await drainImportJob(t.db, job.id);
    expect(done).toMatchObject({ status: "done", imported: IMPORT_CHUNK + 5 });
    expect((await listSellerProjectPage(t.db, seller.id)).total).toBe(IMPORT_CHUNK + 5);
    const listed = await t.db.select().from(projects).where(eq(projects.sellerId, seller.id));
    expect(listed).toHaveLength(IMPORT_CHUNK + 5);
    expect(listed.every((p) => p.status === "published" && p.publishedAt)).toBe(true);
  });

  it("hands over at its next chunk when the server is asked to stop: the lease given back, the next process goes on at once and imports every row once", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const job = await stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "stop.csv", rows: rowsOf(2 * IMPORT_CHUNK + 5), actor: admin });
    // SIGTERM while the first chunk is written (the drainer reads the clock for it)
    let reads = 0;
    const stopped = await drainImportJob(t.db, job.id, { now: () => (++reads === 3 && void stopGently(0), Date.now()) });
    expect(stopped).toMatchObject({ status: "running", imported: IMPORT_CHUNK, leaseUntil: 0 });
    resetStopForTests();
    // the next process's housekeeping takes it up at once, not a lease later
    expect(await drainImportJobs(t.db)).toBeGreaterThanOrEqual(1);
    expect(await findImportJob(t.db, job.id)).toMatchObject({ status: "done", imported: 2 * IMPORT_CHUNK + 5 });
    const names = (await t.db.select({ name: projects.projectName }).from(projects).where(eq(projects.importJobId, job.id))).map((p) => p.name);
    expect(new Set(names).size).toBe(2 * IMPORT_CHUNK + 5);
    expect(names).toHaveLength(2 * IMPORT_CHUNK + 5);
  });

  it("scores listings imported as published for the buyers they fit, as a published listing is: the seller's matched buyers and the buyers' matches list them", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const [buyerCo] = await t.db
      .insert(customers)
      .values({ name: `Northeast Real Estate Fund ${seller.id}`, customerType: "buyer", preferences: { industryPreferences: ["Real Estate"], statePreferences: ["NY"], transactionScalePreferences: ["$1-$5m"] } })
      .returning();
    const job = await stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "published", fileName: "matched.csv", rows: rowsOf(3), actor: admin });
    expect(await drainImportJob(t.db, job.id)).toMatchObject({ status: "done", imported: 3 });
    const imported = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.importJobId, job.id));
    const matched = await customerMatches(t.db, { customerId: buyerCo!.id, limit: 100 });
    expect(matched.map((m) => m.projectId).sort()).toEqual(imported.map((p) => p.id).sort());
    // drafts are for no buyer yet
    const drafts = await stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "drafts.csv", rows: rowsOf(2), actor: admin });
    await drainImportJob(t.db, drafts.id);
    expect(await customerMatches(t.db, { customerId: buyerCo!.id, limit: 100 })).toHaveLength(3);
  });

  it("stages a file whole or not at all: a row refused in a later chunk leaves no job for the drainer to import part of", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    // 2,001 rows, the last with the first's line: the second chunk breaks the (job, line) key
    const rows = rowsOf(2_001);
    rows[2_000]!.line = rows[0]!.line;
    await expect(stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "half.csv", rows, actor: admin })).rejects.toThrow();
    expect(await t.db.select().from(importJobs).where(eq(importJobs.fileName, "half.csv"))).toEqual([]);
  });

  it("imports nothing when a row cannot be written", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const job = await stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "x.csv", rows: rowsOf(IMPORT_CHUNK + 2), actor: admin });
    // the last chunk's row lost its name (NOT NULL): the first chunk, already in, must go too
    await t.db.run(sql`update import_job_rows set "row" = json_remove("row", '$.c.projectName') where job_id = ${job.id} and line = ${IMPORT_CHUNK + 3}`);
    const failed = await drainImportJob(t.db, job.id);
    expect(failed).toMatchObject({ status: "failed", imported: 0 });
    expect(await t.db.select().from(projects).where(eq(projects.importJobId, job.id))).toEqual([]);
    expect((await t.db.select().from(importJobs).where(eq(importJobs.id, job.id)))[0]!.error).toMatch(/nothing was imported/);
  });
});

it("ships XLSX templates whose header is the upload's columns and whose example row passes", async () => {
  for (const [path, kind] of [["individual-listings", "loan_pool"], ["real-estates", "real_estate"]] as const) {
    const bytes = fs.readFileSync(`public/templates/${path}.xlsx`);
    const checked = await checkUpload(new File([bytes], `${path}.xlsx`), { kind, options: OPTIONS });
    expect(checked).toMatchObject({ ok: true, rows: [{ line: 2 }] });
  }
});

describe("an import cancelled by an admin", () => {
  /**
   * The database as the drainer uses it, with the admin's cancel committed just before its `at`-th batch (a chunk, or
   * the finish): the drainer read the job as running and is on its way to list rows when the cancel lands.
   */
  function cancelledBefore(at: number, jobId: number, actor: { id: number; name: string; email: string }) {
    let batches = 0;
    return new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== "batch") return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof t.db.batch>) => {
          if (++batches === at) await cancelImportJob(t.db, { jobId, actor });
          return target.batch(...args);
        };
      },
    });
  }

  it.each([
    ["its second chunk", 2, IMPORT_CHUNK],
    ["its finish, which would publish every listing", 3, IMPORT_CHUNK + 5],
  ])("lists nothing when the cancel lands just before %s, and is not taken up again", async (_step, at, read) => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const job = await stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "published", fileName: "stop.csv", rows: rowsOf(IMPORT_CHUNK + 5), actor: admin });
    const ended = await drainImportJob(cancelledBefore(at, job.id, admin), job.id);
    expect(ended).toMatchObject({ status: "cancelled", imported: 0, error: `Cancelled after ${read} of ${IMPORT_CHUNK + 5} rows were read in; nothing was imported (an import is all or nothing).` });
    expect(await t.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toEqual([]);
    expect(await t.db.select().from(importJobRows).where(eq(importJobRows.jobId, job.id))).toEqual([]);
    // neither housekeeping nor a second drainer starts it again
    await drainImportJobs(t.db, Date.now() + 120_000);
    expect(await drainImportJob(t.db, job.id)).toBeNull();
    expect((await t.db.select().from(importJobs).where(eq(importJobs.id, job.id)))[0]).toMatchObject({ status: "cancelled" });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "upload.cancel")).orderBy(sql`id desc`).limit(1);
    expect(audit).toMatchObject({ subjectId: String(job.id), actorId: admin.id });
  });

  it("keeps a finished import: a cancel after its end changes nothing", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const job = await stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "kept.csv", rows: rowsOf(2), actor: admin });
    await drainImportJob(t.db, job.id);
    expect(await cancelImportJob(t.db, { jobId: job.id, actor: admin })).toBeNull();
    expect(await t.db.select().from(projects).where(eq(projects.importJobId, job.id))).toHaveLength(2);
  });
});

describe("the same file staged twice", () => {
  it("stages it once when both passed the look for an earlier import, and again only as a repeat of the one before", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const stage = (repeats?: number, submissionKey: string | null = null) =>
      stageImport(t.db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "same.csv", rows: rowsOf(2), actor: admin, fileSha256: "ab".repeat(32), repeats, submissionKey });
    const first = await stage();
    // the second post of two pages at once: its look for an earlier import found none, the first's job was not yet written
    await expect(stage()).rejects.toBeInstanceOf(SameFileStaged);
    // nothing of it staged: the first job's rows are the first's alone
    expect((await t.db.select().from(importJobRows).where(eq(importJobRows.jobId, first.id))).length).toBe(2);
    expect((await t.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id))).length).toBe(1);
    // the same form sent again is still its first job, not a new file
    const keyed = await stage(first.id, "same-file-key");
    expect(await stage(first.id, "same-file-key")).toMatchObject({ id: keyed.id, repeated: true });
    // made again as the admin said, once for each import it repeats; a failed import is no import of the file
    await expect(stage(first.id)).rejects.toBeInstanceOf(SameFileStaged);
    await t.db.update(importJobs).set({ status: "failed" }).where(eq(importJobs.id, keyed.id));
    expect((await stage(first.id)).id).toBeGreaterThan(keyed.id);
  });
});

describe("the sellers an upload may be for", () => {
  it("are found by name, company or e-mail among sellers only, the first of many listed with how many match", async () => {
    const word = `Quarry${Date.now().toString(36)}`;
    const a = await makeUser(t.db, { roles: ["ROLE_SELLER"], name: `Ann ${word}`, company: "Harbor Bank" });
    const b = await makeUser(t.db, { roles: ["ROLE_BUYER", "ROLE_SELLER"], company: `${word} Credit Union` });
    await makeUser(t.db, { roles: ["ROLE_BUYER"], name: `Bob ${word}` });
    const found = await sellerChoices(t.db, { find: word.toLowerCase() });
    expect(found.rows.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(found.total).toBe(2);
    expect((await sellerChoices(t.db, { find: a.email.toUpperCase() })).rows.map((r) => r.id)).toEqual([a.id]);
    // a typed % or _ is a character, not a pattern
    expect((await sellerChoices(t.db, { find: "%" })).total).toBe(0);

    await t.db.insert(users).values(
      Array.from({ length: SELLER_CHOICES_SHOWN + 1 }, (_, i) => ({ email: `branch-${i}-${word}@example.test`, name: `Branch ${i}`, company: `${word} Branch ${i}`, passwordHash: "", roles: ["ROLE_SELLER"] })),
    );
    const many = await sellerChoices(t.db, { find: word });
    expect(many.rows).toHaveLength(SELLER_CHOICES_SHOWN);
    expect(many.total).toBe(SELLER_CHOICES_SHOWN + 3);
  });

  it("are read from the sellers' index, not from every member's roles", async () => {
    for (const find of [undefined, "harbor"]) {
      const q = sellerChoicesQuery(t.db, { find }).toSQL();
      const plan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params })).rows.map((r) => String(r.detail));
      expect(plan).toContain("SCAN users USING INDEX users_seller_created_idx");
      expect(plan.join("\n")).not.toContain("json_each");
    }
  });
});

describe("migration 0096", () => {
  it("numbers the files imported again before it, so that the index that refuses a second import at once can be made", async () => {
    const old = await databaseBefore("0096");
    const { run } = old;
    try {
      await run("insert into users (id, email, name, password_hash, roles) values (1, 's@x.example', 'S', 'x', '[]'), (2, 't@x.example', 'T', 'x', '[]')");
      // one file imported three times for seller 1 (the admin said yes twice), once for seller 2, and an older import without a hash
      const job = (id: number, seller: number, sha: string | null) =>
        run("insert into import_jobs (id, kind, seller_id, file_name, target, status, total, file_sha256, created_at) values (?, 'loan_pool', ?, 'f.csv', 'draft', 'done', 1, ?, 0)", id, seller, sha);
      for (const [id, seller, sha] of [[1, 1, "aa"], [2, 1, "aa"], [3, 2, "aa"], [4, 1, "aa"], [5, 1, null], [6, 1, null]] as const) await job(id, seller, sha);
      await old.upgrade();
      expect((await run("select id, repeats from import_jobs order by id")).rows.map((r) => [r.id, r.repeats])).toEqual([[1, 0], [2, 1], [3, 0], [4, 2], [5, 0], [6, 0]]);
      // the same file again, made as no repeat, is refused
      await expect(job(7, 1, "aa")).rejects.toThrow(/UNIQUE constraint failed: import_jobs.file_sha256/);
    } finally {
      old.cleanup();
    }
  });
});

describe("the upload page's table of imports", () => {
  it("shows the last page for a page past it (a stale link, a made-up ?page=), not 'No imports yet.' beside a count", async () => {
    const { listImportJobs, JOBS_PAGE_SIZE } = await import("./listing-imports.server");
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    await t.db.insert(importJobs).values(Array.from({ length: JOBS_PAGE_SIZE + 5 }, (_, i) => ({ kind: "loan_pool" as const, sellerId: seller.id, fileName: `paged-${i}.csv`, target: "draft" as const, total: 1 })));
    const first = await listImportJobs(t.db, { kind: "loan_pool", page: 1 });
    expect(first.total).toBeGreaterThan(0);
    const last = Math.ceil(first.total / JOBS_PAGE_SIZE);
    const past = await listImportJobs(t.db, { kind: "loan_pool", page: 9_999 });
    expect({ page: past.page, total: past.total, rows: past.rows.length }).toEqual({ page: last, total: first.total, rows: first.total - (last - 1) * JOBS_PAGE_SIZE });
  });
});
