import { parseWithZod } from "@conform-to/zod/v4";
import { and, count, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { readForm } from "~/.server/body";
import { clientAddress, notFound } from "~/.server/http";
import { invalid, refuse } from "~/.server/replies";
import type { Database } from "~/.server/db";
import { customers, inboundItems, leadImports, leads, leadsText, users, type InboundItem, type Lead, type User } from "~/.server/db/schema";
import type { CustomerType } from "~/lib/customers";
import { customerWebsite, websiteDomainOf } from "~/lib/customers";
import type { Services } from "~/.server/services";
import {
  INBOUND_PAGE_SIZE,
  LEAD_CSV_COLUMNS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadColumn,
  type LeadFilters,
  type LeadSource,
} from "~/lib/inbound";
import { csvFileText, readCsvTableInSteps } from "~/lib/csv-import";
import { nextTurn } from "~/.server/platform/next-turn";
import { longWriterOf } from "~/.server/db/off-thread";
import { randomToken } from "~/.server/crypto";
import { LEAD_CSV_MAX_BYTES, fileTooLarge } from "~/lib/upload-limit";
import { leadAdminSchema, leadCsvLineSchema } from "~/lib/schemas/inbound";
import { recordAudit } from "./audit.server";
import { attentionEmailTaken } from "./customer-accounts.server";
import { EMAIL_TAKEN_MESSAGE, inviteMember } from "./invitations.server";
import { normalizeEmail } from "./users.server";
import {
  asciiText,
  containsText,
  countReach,
  indexedTextMatch,
  JOINED_TEXT_SEPARATOR,
  oneOf,
  pageOf,
  pageOfChosen,
  pageOfGathered,
  pageOrLast,
  shortJoinedText,
  shownCount,
  TRIGRAM,
  walkedTextMatch,
  withinDays,
  type ListQuery,
} from "./list-query.server";
import { handleTableAction, listView } from "./table-view.server";
import { DENSITY_SAMPLE, isDense, learnDensity, matchesAmongNewest } from "./text-density.server";
import { isUniqueViolation } from "~/.server/db/errors";
import { customerNamed, isNameRefused, nameIsFree, nameTaken } from "./customer-names.server";

/** A demo request or affiliate application becomes a potential customer (once). */
export async function createLeadFromInbound(db: Database, { item }: { item: InboundItem }) {
  const source: LeadSource = item.kind === "affiliate" ? "affiliate" : "demo";
  await db
    .insert(leads)
    .values({
      source,
      inboundItemId: item.id,
      name: item.name,
      email: item.email,
      company: item.company || item.name,
      phone: item.phone,
      website: item.companyWebsite,
      notes: item.message,
    })
    .onConflictDoNothing();
}

/**
 * A member's on-boarding chat as a potential customer: open when the company they named
 * matches one we have (an admin links them), converted when the chat created the
 * company (`customerId`), so admins see every newcomer in one list. The insert is written
 * in the chat's batch, with the chat's answer; `lead` is its id as a query, for the chat
 * to point at it in the same batch (a lead the chat did not point at was recorded again
 * when the member answered again).
 */
export function onboardingLeadWrite(
  db: Database,
  { user, company, website, notes, customerId }: { user: Pick<User, "name" | "email" | "phone">; company: string; website: string; notes: string; customerId?: number },
) {
  const write = db.insert(leads).values({
    source: "onboarding",
    name: user.name,
    email: user.email,
    company,
    phone: user.phone,
    website,
    notes,
    ...(customerId ? { status: "converted" as const, customerId, convertedAt: new Date() } : {}),
  });
  // the batch is one transaction: the newest lead is the one just inserted (read from the end of the table, not by a scan)
  const lead = sql<number>`(select ${leads.id} from ${leads} where ${leads.source} = 'onboarding' and ${leads.email} = ${user.email} order by ${leads.id} desc limit 1)`;
  return { write, lead };
}

/**
 * What each sortable column sorts by: each has an index in that order (migration 0086, decision 107; the rowid for the
 * id). The customer's name is the lead's copy of it, kept by triggers: the customer's own is a join no index gives.
 */
const SORT: Partial<Record<LeadColumn, SQL>> = {
  id: sql`${leads.id}`,
  createdAt: sql`${leads.createdAt}`,
  source: sql`${leads.source}`,
  name: sql`lower(${leads.name})`,
  email: sql`lower(${leads.email})`,
  company: sql`lower(${leads.company})`,
  phone: sql`${leads.phone}`,
  website: sql`lower(${leads.website})`,
  status: sql`${leads.status}`,
  convertedCustomer: sql`lower(${leads.customerName})`,
};

/**
 * The index a page by Received walks with a status or a source (the status's if both): that filter's leads, newest first
 * (migration 0101, decision 125). Through the dates' index a page walked every lead to find those the filter keeps: page 400
 * of Converted, a lead in fourteen, read 140,000 to show 25.
 */
const newestOf = (filters: LeadFilters) => (oneOf(LEAD_STATUSES, filters.status) ? "status" : oneOf(LEAD_SOURCES, filters.source) ? "source" : null);

/**
 * `walking`: the sort whose index a page walks (a short text in most leads, decisions 105 and 107); a status or a source is
 * kept off its own index (a unary plus) unless it is that sort's, or the one whose index a page by Received walks
 * (`newestOf`), so that SQLite walks that index for the page rather than sorting the status's or the source's leads.
 */
function whereOf(filters: LeadFilters, { walking }: { walking?: string } = {}) {
  const status = oneOf(LEAD_STATUSES, filters.status);
  const source = oneOf(LEAD_SOURCES, filters.source);
  const walked = walking === "createdAt" ? (newestOf(filters) ?? walking) : walking;
  const kept = (column: typeof leads.status | typeof leads.source, value: string, sort: string) =>
    walked && walked !== sort ? sql`+${column} = ${value}` : sql`${column} = ${value}`;
  return and(
    status ? kept(leads.status, status, "status") : undefined,
    source ? kept(leads.source, source, "source") : undefined,
    textOf(filters.q),
    withinDays(leads.createdAt, filters),
  );
}

/** Where how densely a text is found among the leads is learnt (text-density.server.ts), sampled in their joined text. */
const LEADS_TEXT = "leads_text";

/**
 * The share of the newest leads a text is in for its pages to walk the sort's index (decision 124): a page walks about
 * 25 / share leads and its count stops at the cap, while gathered every match is read and sorted. At one in eight a page
 * walks some 200 leads where 45,000 leads gather over 5,000 matches ("gmail", "son": 30-75 ms gathered).
 */
const WALKED_SHARE = 1 / 8;

/**
 * A text shorter than a trigram is looked for in each lead's six fields kept joined (leadsText, migration 0085, decision
 * 103), one value and one `like` a lead: the trigram index's virtual table handed back six fields a row (50,000 leads:
 * 31-38 ms). Any other text is found in the trigram index.
 */
function textOf(q: string | undefined) {
  const short = shortJoinedText(q);
  if (short) return sql`${leads.id} in (select ${leadsText.id} from ${leadsText} where ${containsText(leadsText.text, short)})`;
  return indexedTextMatch(q, { id: leads.id, index: "leads_fts", fields: ["name", "email", "company", "phone", "website", "notes"] });
}

/**
 * The text a page may read walking its sort's index, lowered as `like`'s pattern is ("LE" is the same search as "le"): a
 * short one (any characters), or one of three or more of ASCII characters alone (decision 093: `like` finds it as the
 * trigram index does); null for any other, always found in the index. A text with the joined text's separator (only a
 * crafted `?q=`) is neither: found there, it could span two fields.
 */
function walkableText(q: string | undefined) {
  const short = shortJoinedText(q);
  if (short) return short.toLowerCase();
  const text = q?.trim();
  return text && [...text].length >= TRIGRAM && asciiText(text) && !text.includes(JOINED_TEXT_SEPARATOR) ? text.toLowerCase() : null;
}

/**
 * The lead's joined text holds the text: `like` for a short one; for a longer one `like` too, a lead it misses looked up in
 * the trigram index only when a field has a character beyond ASCII, which the index folds and `like` does not (decision 093).
 */
const inJoinedText = (text: string) =>
  [...text].length < TRIGRAM ? containsText(leadsText.text, text) : walkedTextMatch(text, { id: leadsText.id, index: "leads_fts", columns: [leadsText.text] });

/**
 * The text's matches among the newest leads (decision 093's sample) that the filters keep, read with the page or its
 * count: 0.1-0.3 ms. With a filter it is the pair's density that is learnt (decision 124): a text in most leads with a
 * filter that keeps few of them ("son" and Converted: 179 of 76,000) walked every lead to the last page (80-90 ms).
 */
const textSample = (text: string | null, filter: SQL | undefined) =>
  text
    ? sql<number | null>`(${matchesAmongNewest(
        LEADS_TEXT,
        and(containsText(leadsText.text, text), filter && sql`exists (select 1 from ${leads} where ${leads.id} = ${leadsText.id} and ${filter})`)!,
        { table: leads, id: leads.id },
      )})`
    : sql<number | null>`null`;

/** A filter's leads few enough for a page by Received to walk them all whatever its text: each one's text sought by key (5 ms). */
const FEW_LEADS = 4_000;

/**
 * A page by Received with a filter walks the filter's leads newest first (its own index, or the dates' for days alone): its
 * cost is the text's share of them, not of every lead. The sample is the first 400 the walk reads, how many hold the text;
 * a filter that keeps fewer than `FEW_LEADS` leads (counted in its index up to there) is walked whatever its text. Gathered,
 * "son" with Dismissed (a lead in ten of the newest, half the older ones) read its 17,000 matches from the trigram index for
 * a page.
 */
const walkSample = (text: string, filter: SQL) =>
  sql<number | null>`(select case when (select count(*) from (select 1 from ${leads} where ${filter} limit ${FEW_LEADS})) < ${FEW_LEADS} then ${DENSITY_SAMPLE} else sum(${containsText(leadsText.text, text)}) end from ${leadsText} where ${leadsText.id} in (select ${leads.id} from ${leads} where ${filter} order by ${leads.createdAt} desc, ${leads.id} desc limit ${DENSITY_SAMPLE}))`;

/** The walk's density the page reads by: a filter's own leads for a page by Received (`walkSample`), else the newest leads. */
const sampleOf = (text: string | null, others: LeadFilters, sorted: string) => {
  const filter = whereOf(others, { walking: sorted });
  return text && filter && sorted === "createdAt" ? walkSample(text, filter) : textSample(text, whereOf(others));
};

/** What a text's density is learnt for: the text, and the filters with it (text-density.server.ts's key), and whether sampled as `walkSample`. */
const densityKey = (text: string, { status, source, from, to }: LeadFilters, sorted: string) =>
  status || source || from || to ? JSON.stringify([text, status, source, from, to, sorted === "createdAt"]) : text;

/**
 * The lead's joined text, cross joined, holds the text, and the lead `where`: each lead's text sought by its key as the
 * leads are walked (the cross join keeps them the outer loop, in the sort's index). A join, not an `exists` a lead, whose
 * call for each of the 25,000 leads walked to a middle page cost as much again as the seek.
 */
const joinedTextHolds = (text: string, where: SQL | undefined) => and(eq(leadsText.id, leads.id), inJoinedText(text), where);

/** One page of the potential customers, with the name of the customer each became. */
export async function listLeads(db: Database, { filters = {}, sort = "createdAt", desc = true, page = 1, pageSize = INBOUND_PAGE_SIZE }: ListQuery<LeadFilters>) {
  const sorted = Object.hasOwn(SORT, sort) ? sort : "createdAt";
  const by = SORT[sorted as LeadColumn]!;
  const rowsOf = <E extends Record<string, SQL.Aliased>>(extra: E) =>
    db
      .select({ lead: leads, customerName: customers.name, ...extra })
      .from(leads)
      .leftJoin(customers, eq(customers.id, leads.customerId))
      .$dynamic();
  const walkable = walkableText(filters.q);
  const others = { ...filters, q: undefined };
  const key = walkable && densityKey(walkable, others, sorted);
  const learn = (seen: number | null | undefined) => {
    if (key && seen != null) learnDensity(LEADS_TEXT, key, Number(seen), { share: WALKED_SHARE });
  };
  if (walkable && isDense(LEADS_TEXT, key!)) {
    // a text in most leads (decisions 105 and 107; one of three letters or more too, as the inbound tables' since 093): the
    // page's ids walk the sort's index, each lead's joined text sought by its key, and stop at the page's last; then only
    // those rows are read, with their customer's name. Gathered, every match was sorted to show 25 (45,000 leads, "com":
    // 150-470 ms)
    const textAlone = !whereOf(others);
    const sample = sampleOf(walkable, others, sorted);
    return pageOrLast(async (at) => {
      // read alongside the page (one call to D1), up to the reach and one more (decision 104): a pass over the joined
      // text, or the filter's leads each checked by key, that stops after a small share of a text in most leads
      const reach = countReach(at, pageSize);
      const matches = (
        textAlone
          ? db.select({ one: sql`1` }).from(leadsText).where(inJoinedText(walkable))
          : db.select({ one: sql`1` }).from(leads).crossJoin(leadsText).where(joinedTextHolds(walkable, whereOf(others)))
      )
        .limit(reach + 1)
        .as("matches");
      const counted = db.select({ count: count(), sample }).from(matches);
      const ids = db.select({ id: leads.id }).from(leads).crossJoin(leadsText).where(joinedTextHolds(walkable, whereOf(others, { walking: sorted }))).$dynamic();
      const shown = await pageOfChosen((chosen) => rowsOf({}).where(chosen), ids, counted.then((rows) => (learn(rows[0]?.sample), rows)), { by, desc, id: leads.id, page: at, pageSize });
      return { ...shown, ...shownCount(shown.total, reach) };
    }, page);
  }
  const where = whereOf(filters);
  if (filters.q?.trim()) {
    // a text search gathers its matches from the trigram index (or a short one from the joined text): read once,
    // carrying their count and a walkable text's sample, the page's rows joined to them
    const ids = () => db.select({ id: leads.id, total: sql<number>`count(*) over ()`.as("total"), sample: sampleOf(walkable, others, sorted).as("sample") }).from(leads).where(where).$dynamic();
    const found = await pageOfGathered(
      (chosen) => rowsOf({ total: chosen.total, sample: chosen.sample }).innerJoin(chosen, eq(chosen.id, leads.id)),
      ids,
      { by, desc, id: leads.id, page, pageSize },
      (first) => learn(first.sample),
    );
    // no row carried the sample: read alone, so that a text none of a small filter's leads hold (a common one, thousands of
    // matches in the index) is learnt as a walk of those few, not gathered from the index at every search
    if (!found.rows.length && key && sorted === "createdAt" && whereOf(others)) learn(((await db.all(sql`select ${sampleOf(walkable, others, sorted)} as sample`)) as Array<{ sample: number | null }>)[0]?.sample);
    const rows = found.rows.map(({ sample: _sample, ...row }) => row);
    // a walkable text's exact count shown as the walked page would show it (decision 104): which way a page is read never
    // changes what it shows
    return { ...found, rows, ...(walkable ? shownCount(found.total, countReach(found.page, pageSize)) : { more: false }) };
  }
  return pageOrLast(async (at) => {
    const count = db.select({ count: sql<number>`count(*)` }).from(leads).where(where);
    return { ...(await pageOf(rowsOf({}).where(where), count, { by, desc, id: leads.id, page: at, pageSize })), more: false };
  }, page);
}

/** /admin/potential-customers as this admin sees it: their view of the table and one page of it. */
export async function leadListPage(services: Services, { admin, request }: { admin: { id: number }; request: Request }) {
  const { view, query } = await listView(services, { reader: admin, table: "potentialCustomers", request });
  return { ...(await listLeads(services.db, query)), view, filters: query.filters as LeadFilters };
}

const CUSTOMER_TYPE_OF: Record<LeadSource, CustomerType> = { demo: "buyer", affiliate: "broker", onboarding: "buyer", import: "buyer" };

/** The customer (its attention e-mail) or the account that has this e-mail: what the conversion's customer and invitation would clash with. */
const customerWithEmail = (email: string) => sql`select ${customers.id} from ${customers} where lower(${customers.attentionEmail}) = ${email}`;
const accountWithEmail = (email: string) => sql`select ${users.id} from ${users} where ${users.email} = ${email}`;

/**
 * Why a lead's e-mail cannot be its customer's attention e-mail and first member: another customer
 * has it (the new-customer form's refusal), or an account does (the invitation's); null when free.
 */
async function emailTaken(db: Database, email: string) {
  const [customer] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(sql`${customers.id} in (${customerWithEmail(email)})`)
    .orderBy(customers.id)
    .limit(1);
  if (customer) return { ok: false as const, reason: "email-taken" as const, message: attentionEmailTaken(customer) };
  if ((await db.all(accountWithEmail(email))).length) return { ok: false as const, reason: "email-taken" as const, message: EMAIL_TAKEN_MESSAGE };
  return null;
}

/** Why the lead's company cannot name its customer: another customer goes by it (the new-customer form's refusal); null when free. */
async function nameTakenBy(db: Database, company: string) {
  const named = await customerNamed(db, company);
  return named ? { ok: false as const, reason: "name-taken" as const, message: nameTaken(named) } : null;
}

/**
 * Creates the customer row a lead becomes. Kept small on purpose: the customer pages
 * (createCustomer in the customers model) may replace it. One batch, so the customer,
 * the lead's link to it and its inbound item's status are written together or not at all.
 * Refused, with nothing written, when another customer has the lead's company as its name, or the website's
 * domain, or the lead's e-mail (its attention e-mail, and the first member it invites) is another customer's or an account's.
 */
export async function createCustomerFromLead(db: Database, { lead }: { lead: Lead }) {
  const named = await nameTakenBy(db, lead.company);
  if (named) return named;
  // as the customer form takes it: a bare domain, kept so before the import and the affiliate form normalised it, given
  // https://; anything else that is no website left out (the lead keeps it), or the customer could not be saved
  const website = customerWebsite(lead.website) ?? "";
  const websiteDomain = websiteDomainOf(website);
  if (websiteDomain) {
    const [taken] = await db.select({ id: customers.id }).from(customers).where(eq(customers.websiteDomain, websiteDomain)).limit(1);
    if (taken) return { ok: false as const, reason: "domain-taken" as const };
  }
  const email = normalizeEmail(lead.email);
  const clash = await emailTaken(db, email);
  if (clash) return clash;
  const now = new Date();
  let inserted: Array<{ id: number }>;
  try {
    [inserted] = await db.batch([
      db
        .insert(customers)
        .values({
          // the lead's company only while the lead is open, its e-mail and its name free: a conversion sent twice at
          // once finds it converted (or a customer or account took the e-mail, or a customer the name, since the
          // look above), the name is null, and the batch is refused whole (an insert of values has no where)
          name: sql`(select ${leads.company} from ${leads} where ${leads.id} = ${lead.id} and ${leads.status} = 'open' and not exists (${customerWithEmail(email)}) and not exists (${accountWithEmail(email)}) and ${nameIsFree(leads.company)})`,
          website,
          websiteDomain,
          contactPerson: lead.name,
          attentionEmail: email,
          attentionPhone: lead.phone,
          customerType: CUSTOMER_TYPE_OF[lead.source],
          comments: lead.notes,
          onboardingStatus: "invited",
        })
        .returning({ id: customers.id }),
      db
        .update(leads)
        .set({ status: "converted", convertedAt: now, customerId: sql`last_insert_rowid()` })
        .where(eq(leads.id, lead.id)),
      db
        .update(inboundItems)
        .set({ status: "converted", updatedAt: now })
        .where(eq(inboundItems.id, lead.inboundItemId ?? -1)),
    ]);
  } catch (error) {
    // the customer's name is the lead's company only while the lead is open and its e-mail and name free
    if (isNameRefused(error)) {
      const stillOpen = (await findLead(db, { id: lead.id }))?.status === "open";
      return (stillOpen && ((await emailTaken(db, email)) || (await nameTakenBy(db, lead.company)))) || { ok: false as const, reason: "not-open" as const };
    }
    // another customer took the website since the look above
    if (isUniqueViolation(error, "customers.website_domain")) return { ok: false as const, reason: "domain-taken" as const };
    throw error;
  }
  return { ok: true as const, customerId: inserted[0]!.id, customerType: CUSTOMER_TYPE_OF[lead.source], lead };
}

export async function findLead(db: Database, { id }: { id: number }) {
  return (await db.query.leads.findFirst({ where: eq(leads.id, id) })) ?? null;
}

/** Converts an open lead: null when there is no such lead. */
export async function convertLead(db: Database, { id }: { id: number }) {
  const lead = await findLead(db, { id });
  if (!lead) return null;
  if (lead.status !== "open") return { ok: false as const, reason: "not-open" as const };
  return createCustomerFromLead(db, { lead });
}

export async function dismissLead(db: Database, { id }: { id: number }) {
  const [row] = await db
    .update(leads)
    .set({ status: "dismissed" })
    .where(and(eq(leads.id, id), eq(leads.status, "open")))
    .returning({ id: leads.id });
  return row ?? null;
}

export type LeadImportError = { line: number; reason: string };
export const LEAD_IMPORT_MAX_LINES = 1000;

/** Lines read, and then checked, between two turns given to other requests. */
const LEAD_LINES_A_STEP = 250;

/**
 * Reads a potential-customer CSV: every line checked; the rows, or every line's errors. A step of lines at a
 * time with `turn` between steps: a 1,000-line file read and checked at once held Node's one thread.
 */
export async function readLeadCsv(text: string, turn: () => Promise<void> = nextTurn) {
  const table = await readCsvTableInSteps(text, LEAD_CSV_COLUMNS, turn, LEAD_LINES_A_STEP);
  if (!Array.isArray(table)) return { rows: [], errors: [table] };
  // each line keeps its number in the file: a blank one is skipped, not taken out of the count
  const rows = table.map((cells, i) => ({ cells, line: i + 1 })).filter((r) => r.cells.some((cell) => cell.trim() !== ""));
  const errors: LeadImportError[] = [];
  const header = (rows.shift()?.cells ?? []).map((h) => h.trim());
  const missing = LEAD_CSV_COLUMNS.filter((c) => !header.includes(c) && (c === "name" || c === "email" || c === "company"));
  if (missing.length) return { rows: [], errors: [{ line: 1, reason: `The header line must name the columns ${LEAD_CSV_COLUMNS.join(", ")}.` }] };
  if (rows.length === 0) return { rows: [], errors: [{ line: 2, reason: "The file has no lines after the header." }] };
  if (rows.length > LEAD_IMPORT_MAX_LINES) {
    return { rows: [], errors: [{ line: LEAD_IMPORT_MAX_LINES + 2, reason: `At most ${LEAD_IMPORT_MAX_LINES} lines at a time.` }] };
  }
  const valid: Array<ReturnType<ReturnType<typeof leadCsvLineSchema>["parse"]>> = [];
  for (const [index, { cells, line }] of rows.entries()) {
    if (index > 0 && index % LEAD_LINES_A_STEP === 0) await turn();
    const record = Object.fromEntries(header.map((h, j) => [h, cells[j]?.trim() || undefined]));
    const parsed = leadCsvLineSchema().safeParse(record);
    if (parsed.success) valid.push(parsed.data);
    else for (const issue of parsed.error.issues) errors.push({ line, reason: `${issue.path.join(".")}: ${issue.message}` });
  }
  return errors.length ? { rows: [], errors } : { rows: valid, errors };
}

/**
 * Imports every line or none: one batch. With the form's one-time key, the key is taken in the same
 * batch: the same form posted again (a double click, a resend) finds it taken and imports nothing
 * (`repeated`), while a file refused leaves it free for the corrected one.
 */
export async function importLeads(db: Database, { text, submissionKey = null }: { text: string; submissionKey?: string | null }) {
  const { rows, errors } = await readLeadCsv(text);
  if (errors.length) return { imported: 0, skipped: 0, errors };
  const known = await knownLeadEmails(db, [...new Set(rows.map((r) => normalizeEmail(r.email)))]);
  const fresh = rows.filter((r) => {
    const email = normalizeEmail(r.email);
    if (known.has(email)) return false;
    known.add(email);
    return true;
  });
  const skipped = rows.length - fresh.length;
  // on Node's write thread, which the other requests do not wait for. Still one batch (every line or none), and safe to
  // run twice as that thread asks: the one-time key, taken in it, refuses a second run (a post without one is given one)
  const writer = longWriterOf(db);
  const inserts = leadInserts(writer, fresh, Date.now());
  try {
    if (submissionKey || inserts.length) await writer.batch([writer.insert(leadImports).values({ submissionKey: submissionKey ?? randomToken(16), lines: fresh.length }), ...inserts]);
  } catch (error) {
    if (!isUniqueViolation(error, "lead_imports.submission_key")) throw error;
    // a key of its own refused: this very batch, written once already
    if (!submissionKey) return { imported: fresh.length, skipped, errors };
    const [first] = await db.select({ lines: leadImports.lines }).from(leadImports).where(eq(leadImports.submissionKey, submissionKey));
    return { imported: first?.lines ?? 0, skipped: 0, errors, repeated: true as const };
  }
  return { imported: fresh.length, skipped, errors };
}

/** Bytes of lines (as JSON) an insert statement carries at most: D1 takes a bound text of up to 2 MB. */
const LEAD_INSERT_BYTES = 512 * 1024;

/**
 * The import's lines as a few `insert … select … from json_each`, not an insert a line. The trigram index (leads_fts,
 * kept by a trigger) writes what a statement gave it as a new segment when the statement ends, and merges segments as
 * they pile up: a statement a line was a segment a line, and at 30,000 leads a 1,000-line import took 9-23 s on the
 * write thread, every other write meanwhile waiting for its lock; the same lines in four statements, 0.1 s. The
 * triggers still write each lead's index rows, as for a lead written anywhere else.
 */
function leadInserts(writer: Database, rows: Array<ReturnType<ReturnType<typeof leadCsvLineSchema>["parse"]>>, now: number) {
  const encoder = new TextEncoder();
  const chunks: string[][] = [];
  let bytes = Infinity;
  for (const r of rows) {
    const line = JSON.stringify([r.name, r.email, r.company, r.phone ?? "", r.website ?? "", r.notes ?? ""]);
    const size = encoder.encode(line).length + 1;
    if (bytes + size > LEAD_INSERT_BYTES) {
      chunks.push([]);
      bytes = 0;
    }
    chunks.at(-1)!.push(line);
    bytes += size;
  }
  return chunks.map((chunk) =>
    // every column of the table, in its order (drizzle names them all in an insert … select); the rest as a line's insert left them
    writer
      .insert(leads)
      .select(
        sql`select null, 'import', null, 'open', value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, null, null, null, ${now} from json_each(${`[${chunk.join(",")}]`})`,
      ),
  );
}

/**
 * The e-mails among these (normalized) that a potential customer, a member or a customer has already: imported,
 * they made a second lead of the same person (a file imported twice, a line twice, a member's own address), and
 * the clash showed only at Convert.
 */
async function knownLeadEmails(db: Database, emails: string[]) {
  const list = JSON.stringify(emails);
  const among = (column: SQL) => sql`${column} in (select value from json_each(${list}))`;
  const rows = (await db.all(sql`select lower(${leads.email}) as email from ${leads} where ${among(sql`lower(${leads.email})`)}
    union select ${users.email} from ${users} where ${among(sql`${users.email}`)}
    union select lower(${customers.attentionEmail}) from ${customers} where ${among(sql`lower(${customers.attentionEmail})`)}`)) as Array<{ email: string }>;
  return new Set(rows.map((r) => r.email));
}

/**
 * How long an import's one-time key is kept: far longer than a form is sent again (a double click,
 * the back button's resend, a tab left open over a weekend). Housekeeping drops older keys.
 */
export const LEAD_IMPORT_KEY_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** Keys dropped per statement: a backlog is deleted in short steps, each a small write. */
const LEAD_IMPORT_PRUNE_STEP = 500;

/** Drops the leads import's one-time keys older than LEAD_IMPORT_KEY_RETENTION_MS, a step at a time; the number dropped. */
export async function pruneLeadImports(db: Database, now = Date.now()) {
  const cutoff = new Date(now - LEAD_IMPORT_KEY_RETENTION_MS);
  let dropped = 0;
  for (;;) {
    // by id, the order they were written in: the old ones come first
    const oldest = db.select({ id: leadImports.id }).from(leadImports).where(lt(leadImports.createdAt, cutoff)).orderBy(leadImports.id).limit(LEAD_IMPORT_PRUNE_STEP);
    const gone = await db.delete(leadImports).where(inArray(leadImports.id, oldest)).returning({ id: leadImports.id });
    dropped += gone.length;
    if (gone.length < LEAD_IMPORT_PRUNE_STEP) return dropped;
  }
}

type Admin = { id: number; name: string; email: string };
/** Every answer names the import's line errors (none unless an import was refused). */
const NO_EXTRA: { importErrors: LeadImportError[] | null } = { importErrors: null };

/**
 * A form of /admin/potential-customers, read and done (written to the audit log): a
 * response to send as it is (errors, the table's preference forms), or where to go back to and what to say.
 */
export async function leadAction(services: Services, { admin, request }: { admin: Admin; request: Request }) {
  const form = await readForm(request, "upload");
  const submission = parseWithZod(form, { schema: leadAdminSchema() });
  if (submission.status !== "success") return invalid(submission, { extra: NO_EXTRA });
  const address = clientAddress(request);
  const url = new URL(request.url);
  const to = url.pathname + url.search;
  const change = submission.value;
  switch (change.intent) {
    case "columns":
    case "save-view":
    case "reset":
      return handleTableAction(services, admin.id, change, request);
    case "import": {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return refuse(submission, "Choose a CSV file.", 400, { extra: NO_EXTRA });
      if (file.size > LEAD_CSV_MAX_BYTES) return refuse(submission, fileTooLarge(LEAD_CSV_MAX_BYTES), 400, { extra: NO_EXTRA });
      const done = await importLeads(services.db, { text: await csvFileText(file), submissionKey: change.key || null });
      const { imported, skipped, errors } = done;
      if (errors.length) {
        const message = "Nothing was imported: correct these lines and upload the file again.";
        return refuse(submission, message, 400, { extra: { importErrors: errors.slice(0, 100) } });
      }
      // the same form again (a double click, a resend): the first post imported the file
      if ("repeated" in done) return { to, message: `${file.name} was sent again: its ${imported} potential customers are imported once.` };
      await recordAudit(services.db, { actor: admin, action: "lead.import", subjectType: "lead", subjectId: "csv", detail: `${imported} lines${skipped ? `, ${skipped} skipped` : ""}`, address });
      const known = skipped ? ` ${skipped} skipped: their e-mail is a potential customer's, a member's or a customer's already, or twice in the file.` : "";
      return { to, message: `${imported} potential customers imported.${known}` };
    }
    case "dismiss": {
      if (!(await dismissLead(services.db, { id: change.id }))) {
        // a second click (or a second tab) finds it dismissed already: that is done, not a 404
        const lead = await findLead(services.db, { id: change.id });
        if (!lead) throw notFound();
        if (lead.status === "dismissed") return { to, message: "Dismissed." };
        return refuse(submission, "This potential customer is no longer open.", 409, { extra: NO_EXTRA });
      }
      await recordAudit(services.db, { actor: admin, action: "lead.dismiss", subjectType: "lead", subjectId: change.id, address });
      return { to, message: "Dismissed." };
    }
  }
  const done = await convertLead(services.db, { id: change.id });
  if (!done) throw notFound();
  if (!done.ok) {
    const message =
      "message" in done ? done.message : done.reason === "domain-taken" ? "A customer with this website already exists." : "This potential customer is no longer open.";
    return refuse(submission, message, 409, { extra: NO_EXTRA });
  }
  await recordAudit(services.db, { actor: admin, action: "lead.convert", subjectType: "lead", subjectId: change.id, detail: `customer ${done.customerId}`, address });
  // the same step invites the lead's contact as the customer's first member
  const invited = await inviteMember(services, {
    customerId: done.customerId,
    name: done.lead.name,
    email: done.lead.email,
    roles: [done.customerType === "broker" ? "ROLE_BROKER" : "ROLE_BUYER"],
    actor: admin,
    address,
  });
  if (!invited.ok) {
    return { to, message: `The customer is created; ${done.lead.email} was not invited: ${invited.message}`, type: "error" as const };
  }
  return { to, message: `The customer is created and ${done.lead.email} is invited.` };
}
