import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { customers, inboundItems, leads, type InboundItem, type Lead } from "~/.server/db/schema";
import type { CustomerType } from "~/lib/customers";
import { websiteDomainOf } from "~/lib/customers";
import { INBOUND_PAGE_SIZE, LEAD_CSV_COLUMNS, type LeadSource, type LeadStatus } from "~/lib/inbound";
import { parseCsv } from "~/lib/loan-tape";
import { leadCsvLineSchema } from "~/lib/schemas/inbound";

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

export async function listLeads(
  db: Database,
  { status, page = 1, pageSize = INBOUND_PAGE_SIZE }: { status?: LeadStatus | null; page?: number; pageSize?: number },
) {
  const where = status ? eq(leads.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ lead: leads, customerName: customers.name })
      .from(leads)
      .leftJoin(customers, eq(customers.id, leads.customerId))
      .where(where)
      .orderBy(desc(leads.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ count: sql<number>`count(*)` }).from(leads).where(where),
  ]);
  return { rows, total: total?.count ?? 0 };
}

const CUSTOMER_TYPE_OF: Record<LeadSource, CustomerType> = { demo: "buyer", affiliate: "broker", onboarding: "buyer", import: "buyer" };

/**
 * Creates the customer row a lead becomes. Kept small on purpose: the customer pages
 * (createCustomer in the customers model) may replace it. One batch, so the customer,
 * the lead's link to it and its inbound item's status are written together or not at all.
 */
export async function createCustomerFromLead(db: Database, { lead }: { lead: Lead }) {
  const websiteDomain = websiteDomainOf(lead.website);
  if (websiteDomain) {
    const [taken] = await db.select({ id: customers.id }).from(customers).where(eq(customers.websiteDomain, websiteDomain)).limit(1);
    if (taken) return { ok: false as const, reason: "domain-taken" as const };
  }
  const now = new Date();
  const [inserted] = await db.batch([
    db
      .insert(customers)
      .values({
        name: lead.company,
        website: lead.website,
        websiteDomain,
        contactPerson: lead.name,
        attentionEmail: lead.email,
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

/** Reads a potential-customer CSV: every line checked; the rows, or every line's errors. */
export function readLeadCsv(text: string) {
  const rows = parseCsv(text.replace(/^\uFEFF/, "")).filter((r) => r.some((cell) => cell.trim() !== ""));
  const errors: LeadImportError[] = [];
  const header = (rows.shift() ?? []).map((h) => h.trim());
  const missing = LEAD_CSV_COLUMNS.filter((c) => !header.includes(c) && (c === "name" || c === "email" || c === "company"));
  if (missing.length) return { rows: [], errors: [{ line: 1, reason: `The header line must name the columns ${LEAD_CSV_COLUMNS.join(", ")}.` }] };
  if (rows.length === 0) return { rows: [], errors: [{ line: 2, reason: "The file has no lines after the header." }] };
  if (rows.length > LEAD_IMPORT_MAX_LINES) {
    return { rows: [], errors: [{ line: LEAD_IMPORT_MAX_LINES + 2, reason: `At most ${LEAD_IMPORT_MAX_LINES} lines at a time.` }] };
  }
  const valid = rows.flatMap((cells, i) => {
    const record = Object.fromEntries(header.map((h, j) => [h, cells[j]?.trim() || undefined]));
    const parsed = leadCsvLineSchema.safeParse(record);
    if (parsed.success) return [parsed.data];
    for (const issue of parsed.error.issues) errors.push({ line: i + 2, reason: `${issue.path.join(".")}: ${issue.message}` });
    return [];
  });
  return errors.length ? { rows: [], errors } : { rows: valid, errors };
}

/** Imports every line or none: one batch. */
export async function importLeads(db: Database, { text }: { text: string }) {
  const { rows, errors } = readLeadCsv(text);
  if (errors.length) return { imported: 0, errors };
  const [first, ...rest] = rows.map((r) => db.insert(leads).values({ source: "import", ...r }));
  await db.batch([first!, ...rest]);
  return { imported: rows.length, errors };
}
