import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { customers, holdsRole, importJobRows, importJobs, projects, users, type ImportJob } from "~/.server/db/schema";
import { readSheet } from "~/.server/spreadsheet";
import { nextTurn } from "~/.server/platform/next-turn";
import { stopRequested } from "~/.server/platform/stopping";
import { longWriterOf } from "~/.server/db/off-thread";
import type { ImportTarget } from "~/lib/import-jobs";
import { PROJECT_KINDS } from "~/lib/project-kinds";
import { lookupPoint } from "~/lib/project-values";
import { checkRows, listingRowSchema, uploadColumns, type RowProblem } from "~/lib/listing-upload";
import type { ProjectOptions } from "~/lib/schemas/project";
import { recordAudit } from "./audit.server";
import { drainMatchQueue, queueListings } from "./match-rescoring.server";
import { pageOrLast, textMatch } from "./list-query.server";
import { isUniqueViolation } from "~/.server/db/errors";
import { cleanFileName } from "~/lib/file-name";
import { zipFromSheet } from "~/lib/sheet-cells";

type UploadKind = "loan_pool" | "real_estate";
type Actor = { id: number; name: string; email: string };

/** Rows moved into `projects` per statement: one JSON-driven INSERT … SELECT, so no parameter limit applies. */
export const IMPORT_CHUNK = 1000;
/** Staged rows per statement (bound as one JSON parameter). */
const STAGE_CHUNK = 2000;
/** How long one drainer holds a job before another may take it over (a restart mid-chunk). */
const LEASE_MS = 60_000;

export type UploadCheck = { ok: true; rows: Array<{ line: number; values: Record<string, unknown> }> } | { ok: false; problems: RowProblem[]; badRows: number };

/** The dry run: reads the file and checks every row with the listing form's schemas. Writes nothing. */
export async function checkUpload(file: File, { kind, options }: { kind: UploadKind; options: ProjectOptions }): Promise<UploadCheck> {
  const columns = uploadColumns(kind, options);
  const read = await readSheet(file, { columns });
  if (!read.ok) return { ok: false, problems: [{ line: 0, problems: [read.problem] }], badRows: 1 };
  // a property's ZIP code as Excel left it (2134 for 02134): the form's rule, which takes five digits only, judges what is left
  const records = kind === "real_estate" ? read.sheet.records.map(withSheetZips) : read.sheet.records;
  return checkRows(read.sheet.header, records, listingRowSchema(kind, options), columns, read.sheet.lines, nextTurn);
}

function withSheetZips(record: Record<string, string>) {
  const read = { ...record };
  for (const key of ["zip", "locatedZip"]) if (read[key]) read[key] = zipFromSheet(read[key], read.state ?? "");
  return read;
}

/**
 * The seller's latest import of the same file (by its content's SHA-256) of this kind that was not stopped: done, or
 * under way. Imported again, every listing of it was made twice; the form's one-time key stops only a resend of
 * one submit. An import under the same key is left out: that is the form sent again, which stageImport answers.
 */
export async function earlierImport(db: Database, { kind, sellerId, fileSha256, submissionKey }: { kind: UploadKind; sellerId: number; fileSha256: string; submissionKey?: string | null }) {
  const job = await db.query.importJobs.findFirst({
    where: and(
      eq(importJobs.fileSha256, fileSha256),
      eq(importJobs.sellerId, sellerId),
      eq(importJobs.kind, kind),
      ne(importJobs.status, "failed"),
      submissionKey ? or(isNull(importJobs.submissionKey), ne(importJobs.submissionKey, submissionKey)) : undefined,
    ),
    orderBy: desc(importJobs.id),
  });
  return job ?? null;
}

/** What stageImport throws when the same file was staged for the seller meanwhile (from another page): nothing staged. */
export class SameFileStaged extends Error {}

const COLUMNS = [
  "projectName", "industry", "sector", "saleType", "location", "state", "fullDetails",
  "loanAmount", "size", "waInterest", "maturityDate", "term", "secured", "borrower",
  "projectDueDate", "longTermDebtSecured", "longTermDebtLevelOfSecurity", "loanPool",
] as const;

/**
 * A checked row as staged: the project's columns (`c`) and what only its kind has (`d`, the details
 * JSON). A property's address lookup (optional columns of the file) becomes its coordinates, as the
 * listing form keeps them, never details: the teaser shows details, and the map reads the columns.
 */
function stagedRow(values: Record<string, unknown>) {
  const { latitude, longitude, locatedZip, ...rest } = values;
  const c: Record<string, unknown> = lookupPoint({ latitude, longitude, locatedZip, zip: rest.zip });
  const d: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if ((COLUMNS as readonly string[]).includes(key)) c[key] = value;
    else d[key] = value;
  }
  return { c, d };
}

/**
 * Stages an upload that passed the dry run as a job for the seller; nothing is a
 * listing until the job has drained every row (drainImportJob).
 */
export async function stageImport(
  db: Database,
  {
    kind,
    sellerId,
    target,
    fileName: sentName,
    rows,
    actor,
    address,
    submissionKey = null,
    fileSha256 = null,
    repeats = 0,
  }: {
    kind: UploadKind;
    sellerId: number;
    target: ImportTarget;
    fileName: string;
    fileSha256?: string | null;
    /** The earlier import of the same file the admin said to make again (earlierImport's), 0 for none. */
    repeats?: number;
    rows: Array<{ line: number; values: Record<string, unknown> }>;
    actor: Actor;
    address?: string;
    submissionKey?: string | null;
  },
): Promise<ImportJob & { repeated?: true }> {
  // shown in the jobs table and the audit log as sent, a CR/LF in it broke their lines
  const fileName = cleanFileName(sentName) || "upload";
  // the job and all its rows in one batch: a chunk refused (or a request cut short) part-way left a
  // queued job with some of the file, which the drainer then imported as if it were all of it
  const chunks: string[] = [];
  for (let start = 0; start < rows.length; start += STAGE_CHUNK) {
    // each chunk's rows are laid out between turns given to other requests; the batch is written whole below
    if (start > 0) await nextTurn();
    chunks.push(JSON.stringify(rows.slice(start, start + STAGE_CHUNK).map((r) => ({ line: r.line, row: stagedRow(r.values) }))));
  }
  const statements = (w: Database) => [
    w.insert(importJobs).values({ kind, sellerId, target, fileName, total: rows.length, createdBy: actor.id, status: "queued", submissionKey, fileSha256, repeats }),
    // the job is the newest of the table inside this batch: writes do not interleave with it
    ...chunks.map((chunk) =>
      w.insert(importJobRows).select(sql`select (select max(id) from import_jobs), json_extract(value, '$.line'), json_extract(value, '$.row') from json_each(${chunk})`),
    ),
  ] as const;
  let job: ImportJob | undefined;
  try {
    if (submissionKey) {
      // on Node's write thread (decision 108): 20,000 rows are one batch of a third of a second and more, which held
      // every other request on the server's thread. The thread reads nothing back: the job is found by its form's key.
      // Run twice (the thread's fallback) the job's key is refused the second time, and the form is answered as sent again
      const writer = longWriterOf(db);
      const [first, ...rest] = statements(writer);
      await writer.batch([first, ...rest]);
      job = await db.query.importJobs.findFirst({ where: eq(importJobs.submissionKey, submissionKey) });
    } else {
      const [first, ...rest] = statements(db);
      [[job]] = await db.batch([first.returning(), ...rest]);
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // the same form posted again (a double click, a resend): its first job, whatever became of it, and no second.
    // Looked for first whichever index refused it: the same file posted twice is refused by both
    const first = submissionKey ? await db.query.importJobs.findFirst({ where: eq(importJobs.submissionKey, submissionKey) }) : undefined;
    if (first) return { ...first, repeated: true };
    // the same file staged meanwhile from another page: asked about as if it had come first (earlierImport finds it)
    if (fileSha256 !== null && isUniqueViolation(error, "import_jobs.file_sha256")) throw new SameFileStaged("the same file was staged meanwhile", { cause: error });
    throw error;
  }
  await recordAudit(db, {
    actor,
    action: "upload.listings",
    subjectType: "import_job",
    subjectId: job!.id,
    detail: `${rows.length} ${kind === "real_estate" ? "real-estate" : "loan"} listings from ${fileName} for seller #${sellerId}, as ${target === "published" ? "published" : "drafts"}`,
    address,
  });
  return job!;
}

const col = (key: (typeof COLUMNS)[number] | "latitude" | "longitude") => `json_extract(r."row", '$.c.${key}')`;

/**
 * Moves the job's next chunk of rows into `projects` as "importing" and advances the
 * cursor in one batch (a restart repeats no row); once the last row is in, every
 * listing of the job becomes a draft or published in one statement: all or nothing.
 */
async function drainChunk(db: Database, job: ImportJob, now: number) {
  // D1 batches a raw statement only without bound parameters: these are our own integers and a kind from the enum
  const n = (value: number) => {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  };
  if (!PROJECT_KINDS.includes(job.kind)) throw new Error(`unknown kind ${job.kind}`);
  const [id, cursor, chunk] = [n(job.id), n(job.cursor), n(IMPORT_CHUNK)];
  const insert = sql.raw(`insert into projects (seller_id, kind, status, draft_step, import_job_id, project_name, industry, sector, sale_type,
      location, state, full_details, loan_amount, size, wa_interest, maturity_date, term, secured, borrower, project_due_date,
      long_term_debt_secured, long_term_debt_level_of_security, loan_pool, latitude, longitude, details, created_at, updated_at)
    select ${n(job.sellerId)}, '${job.kind}', 'importing', 3, ${id}, ${col("projectName")}, ${col("industry")}, coalesce(${col("sector")}, ''),
      ${col("saleType")}, ${col("location")}, ${col("state")}, ${col("fullDetails")}, ${col("loanAmount")}, ${col("size")}, ${col("waInterest")},
      ${col("maturityDate")}, ${col("term")}, ${col("secured")}, ${col("borrower")}, ${col("projectDueDate")}, ${col("longTermDebtSecured")},
      coalesce(${col("longTermDebtLevelOfSecurity")}, ''), coalesce(${col("loanPool")}, ''), ${col("latitude")}, ${col("longitude")}, json_extract(r."row", '$.d'), ${n(now)}, ${n(now)}
    from import_job_rows r where r.job_id = ${id} and r.line > ${cursor}
      and exists (select 1 from import_jobs j where j.id = ${id} and j.status = 'running') order by r.line limit ${chunk}`);
  const advance = sql.raw(`update import_jobs set
      cursor = coalesce((select max(line) from (select line from import_job_rows where job_id = ${id} and line > ${cursor} order by line limit ${chunk})), cursor),
      imported = (select count(*) from projects where import_job_id = ${id}),
      status = 'running', lease_until = ${n(now + LEASE_MS)}
    where id = ${id} and cursor = ${cursor} and status = 'running'`);
  await db.batch([db.run(insert), db.run(advance)]);
}

async function finish(db: Database, job: ImportJob, now: number) {
  const status = job.target === "published" ? "published" : "draft";
  // every listing of the file changes at once (a third of a second at 10,000): on Node's write thread,
  // which the others do not wait for. Run twice it changes nothing more, as that thread asks
  const writer = longWriterOf(db);
  await writer.batch([
    writer
      .update(projects)
      .set({ status, ...(status === "published" ? { publishedAt: new Date(now) } : {}), updatedAt: new Date(now) })
      .where(and(eq(projects.importJobId, job.id), eq(projects.status, "importing"), stillRunning(job.id))),
    writer.update(importJobs).set({ status: "done", finishedAt: new Date(now), leaseUntil: 0 }).where(and(eq(importJobs.id, job.id), eq(importJobs.status, "running"))),
    writer.delete(importJobRows).where(eq(importJobRows.jobId, job.id)),
    // published listings are scored for the buyers they fit, as one published by hand is: queued with
    // the publishing itself, so a restart before they are scored leaves them waiting, not unmatched
    ...(status === "published" ? [queueListings(writer, eq(projects.importJobId, job.id), now)] : []),
  ]);
}

/**
 * Whether the job is still running, asked in the very statement that lists its rows: an admin's cancel that commits
 * while a chunk or the finish is on its way leaves that step nothing to move or publish.
 */
const stillRunning = (jobId: number) => sql`exists (select 1 from ${importJobs} where ${importJobs.id} = ${jobId} and ${importJobs.status} = 'running')`;

const STOPPED = "The import stopped; nothing was imported. Try the file again.";
const SELLER_GONE = "The seller may no longer list (their account or company was disabled, locked or deleted after the upload); nothing was imported.";

/** A job that cannot go on: its listings go, so the seller never sees half a file. */
async function fail(db: Database, job: ImportJob, error: unknown, now: number, why = STOPPED) {
  if (error) console.error(`import job ${job.id} failed:`, error);
  await db.batch([
    db.delete(projects).where(and(eq(projects.importJobId, job.id), eq(projects.status, "importing"))),
    db.delete(importJobRows).where(eq(importJobRows.jobId, job.id)),
    db
      .update(importJobs)
      .set({ status: "failed", imported: 0, error: why, finishedAt: new Date(now), leaseUntil: 0 })
      .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ["queued", "running"]))),
  ]);
}

/** Takes the job for this drainer unless another holds a live lease. */
async function claim(db: Database, jobId: number, now: number) {
  const [job] = await db
    .update(importJobs)
    .set({ leaseUntil: now + LEASE_MS, status: "running" })
    .where(and(eq(importJobs.id, jobId), inArray(importJobs.status, ["queued", "running"]), lt(importJobs.leaseUntil, now)))
    .returning();
  return job ?? null;
}

/** Drains one job until it is done or the time budget is spent (the rest waits for the next run). */
export async function drainImportJob(db: Database, jobId: number, { budgetMs = 20_000, now = Date.now } = {}) {
  const started = now();
  let job = await claim(db, jobId, started);
  if (!job) return null;
  try {
    while (job.cursor < (await lastLine(db, job.id))) {
      // the budget spent, or the server stopping: the lease given back, so the next run (the next process) goes on at once
      if (now() - started > budgetMs || stopRequested()) {
        await db.update(importJobs).set({ leaseUntil: 0 }).where(eq(importJobs.id, job.id));
        return { ...job, leaseUntil: 0 };
      }
      await drainChunk(db, job, now());
      // a chunk is a statement on Node's one thread (up to a tenth of a second); others go between chunks
      await nextTurn();
      job = (await findImportJob(db, job.id))!;
      if (job.status !== "running") return job;
    }
    // the seller may have been disabled, locked or deleted while the job waited: nothing is listed in their name
    if (!(await mayList(db, job.sellerId))) {
      await fail(db, job, null, now(), SELLER_GONE);
      return findImportJob(db, jobId);
    }
    await finish(db, job, now());
    job = (await findImportJob(db, job.id))!;
    if (job.status !== "done") return job;
  } catch (error) {
    await fail(db, job, error, now());
    return findImportJob(db, jobId);
  }
  // what the budget leaves goes to scoring the listings just published; housekeeping scores the rest
  if (job.target === "published") {
    await drainMatchQueue(db, { budgetMs: Math.max(0, budgetMs - (now() - started)), now }).catch((error) => console.error(`import job ${job.id} matches:`, error));
  }
  return findImportJob(db, jobId);
}

async function lastLine(db: Database, jobId: number) {
  const [row] = await db.select({ last: sql<number | null>`max(${importJobRows.line})` }).from(importJobRows).where(eq(importJobRows.jobId, jobId));
  return row?.last ?? 0;
}

/** What the jobs table says of a cancelled import: how far it had got, and that nothing of it is listed. */
export const cancelledImportMessage = (read: number, total: number) =>
  `Cancelled after ${read} of ${total} rows were read in; nothing was imported (an import is all or nothing).`;

/**
 * An admin stops an import that has not finished: the job is marked cancelled, and its rows read in so far (never
 * seen by anyone) and its staged rows are dropped, in one batch. A drainer's chunk or finish that runs at the same
 * moment asks for a running job in its own statement (stillRunning), so nothing is listed after this returns; neither
 * a drainer nor housekeeping takes a cancelled job up again. Null when the job had already finished or stopped.
 */
export async function cancelImportJob(db: Database, { jobId, actor, address, now = Date.now() }: { jobId: number; actor: Actor; address?: string; now?: number }) {
  const job = await findImportJob(db, jobId);
  if (!job || (job.status !== "queued" && job.status !== "running")) return null;
  const cancelled = and(eq(importJobs.id, jobId), eq(importJobs.status, "cancelled"));
  const [[stopped]] = await db.batch([
    db
      .update(importJobs)
      .set({ status: "cancelled", error: cancelledImportMessage(job.imported, job.total), finishedAt: new Date(now), leaseUntil: 0 })
      .where(and(eq(importJobs.id, jobId), inArray(importJobs.status, ["queued", "running"])))
      .returning(),
    db.delete(projects).where(and(eq(projects.importJobId, jobId), eq(projects.status, "importing"), sql`exists (select 1 from ${importJobs} where ${cancelled})`)),
    db.delete(importJobRows).where(and(eq(importJobRows.jobId, jobId), sql`exists (select 1 from ${importJobs} where ${cancelled})`)),
    db.update(importJobs).set({ imported: 0 }).where(cancelled),
  ]);
  if (!stopped) return null;
  await recordAudit(db, {
    actor,
    action: "upload.cancel",
    subjectType: "import_job",
    subjectId: jobId,
    detail: `Import #${jobId} of ${stopped.fileName} cancelled after ${job.imported} of ${job.total} rows; nothing was imported`,
    address,
  });
  return stopped;
}

/** Housekeeping: every job left queued or running (a restart, a request that ran out of time). */
export async function drainImportJobs(db: Database, now = Date.now()) {
  const waiting = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(or(eq(importJobs.status, "queued"), eq(importJobs.status, "running")), lt(importJobs.leaseUntil, now)))
    .limit(5);
  for (const { id } of waiting) await drainImportJob(db, id, { budgetMs: 20_000 });
  return waiting.length;
}

export async function findImportJob(db: Database, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return (await db.query.importJobs.findFirst({ where: eq(importJobs.id, id) })) ?? null;
}

export const JOBS_PAGE_SIZE = 20;

/**
 * Whether one of this admin's imports of the kind is still waiting or importing, wherever it stands in the table:
 * the page refreshed only for a job on the page shown, so one started in another tab, or gone to page 2 under
 * newer ones, was left showing its progress as it was when the page was drawn.
 */
export async function adminImportRunning(db: Database, { kind, adminId }: { kind: UploadKind; adminId: number }) {
  const [running] = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(inArray(importJobs.status, ["queued", "running"]), eq(importJobs.kind, kind), eq(importJobs.createdBy, adminId)))
    .limit(1);
  return Boolean(running);
}

/** The upload page's table: the latest jobs of one kind, with the seller's name. */
export function listImportJobs(db: Database, { kind, page }: { kind: UploadKind; page: number }) {
  // a page past the last (a stale link, a made-up ?page=) shows the last: it said "No imports yet." beside a count
  return pageOrLast((at) => importJobsPage(db, { kind, page: at }), page);
}

async function importJobsPage(db: Database, { kind, page }: { kind: UploadKind; page: number }) {
  const where = eq(importJobs.kind, kind);
  const [rows, [count]] = await Promise.all([
    db
      .select({ job: importJobs, sellerName: users.name, sellerCompany: users.company })
      .from(importJobs)
      .innerJoin(users, eq(users.id, importJobs.sellerId))
      .where(where)
      .orderBy(desc(importJobs.id))
      .limit(JOBS_PAGE_SIZE)
      .offset((page - 1) * JOBS_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)` }).from(importJobs).where(where),
  ]);
  return { rows, total: count?.n ?? 0, page, pageSize: JOBS_PAGE_SIZE };
}

/** At most this many sellers in the upload form's list: a search finds the others. */
export const SELLER_CHOICES_SHOWN = 200;

/**
 * A seller listings may be imported for: a disabled member, or one of a company an admin disabled,
 * locked or anonymised, may not sell (their members cannot sign in, as customerAllowsSignin says), and
 * an upload would publish listings in their name to buyers. A member's own lock after failed sign-ins
 * does not count: anyone can cause one, and it ends neither their sessions nor their listings.
 */
// the role as the sellers' partial index is written (holdsRole): the choices read the market's sellers from it, where
// a json_each of every member's roles read all of them (the survey's 22,000 members for its 42 sellers: 5.8 -> 0.1 ms)
const IS_SELLER = sql`(${holdsRole(users.roles, "ROLE_SELLER")} and ${users.enabled} = 1
  and not exists (select 1 from ${customers} where ${customers.id} = ${users.customerId} and (${customers.enabled} = 0 or ${customers.locked} = 1 or ${customers.anonymisedAt} is not null)))`;

/** Whether listings may still be imported for this member (IS_SELLER). */
async function mayList(db: Database, sellerId: number) {
  const [seller] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, sellerId), IS_SELLER)).limit(1);
  return Boolean(seller);
}

/**
 * The sellers an upload may be for: members with the seller role whose name, company or e-mail
 * holds `find` (all of them without it), by company and name, the first SELLER_CHOICES_SHOWN, and
 * how many match. A market of thousands of sellers is found by typing, not scrolled.
 */
export async function sellerChoices(db: Database, { find }: { find?: string } = {}) {
  const found = await sellerChoicesQuery(db, { find });
  return { rows: found.map(({ total: _total, ...seller }) => seller), total: found[0]?.total ?? 0 };
}

/** sellerChoices' statement: how many match, beside the rows, in one pass over the sellers, not a second one to count them. */
export function sellerChoicesQuery(db: Database, { find }: { find?: string }) {
  return db
    .select({ id: users.id, name: users.name, company: users.company, email: users.email, total: sql<number>`count(*) over ()` })
    .from(users)
    .where(and(IS_SELLER, textMatch(find, [users.name, users.company, users.email])))
    .orderBy(users.company, users.name, users.id)
    .limit(SELLER_CHOICES_SHOWN);
}

export async function isSeller(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), IS_SELLER));
  return Boolean(row);
}
