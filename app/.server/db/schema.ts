import { getTableColumns, sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { PROJECT_KINDS, PROJECT_STATUSES } from "../../lib/project-kinds";
import { IMPORT_STATUSES, IMPORT_TARGETS } from "../../lib/import-jobs";
import { CONTRACT_TEMPLATE_KINDS } from "../../lib/contract-templates";
import { DOCUMENT_TYPES, NDA_STATUSES, NOTIFICATION_KINDS, OFFER_ACTIONS, OFFER_STATUSES } from "../../lib/deal";
import { PAGE_TYPES } from "../../lib/analytics/page-types";
import { CUSTOMER_TYPES, ONBOARDING_STATUSES } from "../../lib/customers";
import type { BuyerCriteria } from "../../lib/buyer-criteria";
import { INBOUND_KINDS, INBOUND_STATUSES, LEAD_SOURCES, LEAD_STATUSES } from "../../lib/inbound";
import { ROLE_NAMES, type RoleName } from "../../lib/roles";
import { ONBOARD_SIDES, ONBOARD_STATUSES, type TranscriptEntry } from "../../lib/onboard-chats";
import type { BotTurn } from "../../lib/matchmaking-bot";
import { RESPONSIVENESS_SIDES } from "../../lib/responsiveness";
import type { SellerGrants } from "../../lib/seller-permissions";

import { COEFFICIENT_DIMENSIONS } from "../../lib/loan-pricing";
import { AFFILIATE_STATUSES, COMMISSION_STATUSES } from "../../lib/affiliates";
import { CAMPAIGN_STATUSES, LIST_CHANNELS, LIST_KINDS, SUPPRESSION_CHANNELS, SUPPRESSION_REASONS, type ListDefinition } from "../../lib/marketing";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$defaultFn(() => new Date());

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  company: text("company").notNull().default(""),
  phone: text("phone").notNull().default(""),
  /** One of the "businessDescriptions" constant list (Bank, Hedge Fund ...). */
  businessType: text("business_type").notNull().default(""),
  /** The company (customer) this member belongs to, when there is one. */
  customerId: integer("customer_id"),
  passwordHash: text("password_hash").notNull(),
  /** JSON array of ROLE_* names */
  roles: text("roles", { mode: "json" }).$type<string[]>().notNull(),
  /** JSON array of permission scopes */
  scope: text("scope", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  locked: integer("locked", { mode: "boolean" }).notNull().default(false),
  failedSignins: integer("failed_signins").notNull().default(0),
  lastFailedSigninAt: integer("last_failed_signin_at", { mode: "timestamp_ms" }),
  lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  /** The TOTP secret, AES-GCM encrypted; set when enrolment starts, in use once totpEnabledAt is set. */
  totpSecret: text("totp_secret"),
  totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
  /** The last 30-second step whose code was accepted: a code works once. */
  totpLastStep: integer("totp_last_step"),
  /**
   * The days this member was shown a project in results (once a day a project), kept by a trigger
   * (migration 0044): the daily rows that count them are pruned after a day, the count is not.
   */
  impressionCount: integer("impression_count").notNull().default(0),
  // the members of a customer (the admin customer table counts what they did)
}, (t) => [
  index("users_customer_idx").on(t.customerId),
  // an e-mail or SMS written to a member counts for its customer (migration 0044's triggers find the member)
  index("users_email_lower_idx").on(sql`lower(${t.email})`),
  index("users_phone_idx").on(t.phone),
  // the admin dashboard's sign-ups per day
  index("users_created_idx").on(t.createdAt),
  // the admins, by name (whom an inbound item may be given to): a few rows, not every member's roles read
  index("users_admins_idx").on(t.name).where(holdsRole(t.roles, "ROLE_ADMIN")),
  // the admin's user table sorted by a column, and each role's accounts newest first (migration 0057)
  index("users_name_lower_idx").on(sql`lower(${t.name})`),
  index("users_company_lower_idx").on(sql`lower(${t.company})`),
  index("users_last_login_idx").on(t.lastLoginAt),
  index("users_role_order_idx").on(roleOrder(t.roles)),
  index("users_state_order_idx").on(stateOrder(t)),
  ...ROLE_NAMES.map((role) => index(roleCreatedIndex(role)).on(t.createdAt).where(holdsRole(t.roles, role))),
]);

/**
 * Each account's name, e-mail, company and phone as one text, each apart from the next by char 31
 * (JOINED_TEXT_SEPARATOR in models/list-query.server.ts), kept by triggers on users (migration 0083): a text without that character is found in it where it is
 * inside one field, never across two. The user table's text shorter than a trigram reads this narrow copy of every
 * account, one value a row, where the trigram index's copy of the four fields took four reads and four `like`s.
 */
export const usersText = sqliteTable("users_text", {
  id: integer("id").primaryKey(),
  text: text("text").notNull(),
});

/** The account holds this role. Written out, not bound: a partial index on it is used only for the same text. */
export function holdsRole(roles: AnySQLiteColumn, role: RoleName) {
  return sql`${roles} like ${sql.raw(`'%"${role}"%'`)}`;
}
/** The partial index of a role's accounts, newest first. */
export function roleCreatedIndex(role: RoleName) {
  return `users_${role.slice(5).toLowerCase()}_created_idx`;
}
/** The role an account acts as, in the user table's order (spec §3's precedence). */
export function roleOrder(roles: AnySQLiteColumn) {
  return sql`(case when ${holdsRole(roles, "ROLE_BUYER")} then 1 when ${holdsRole(roles, "ROLE_SELLER")} then 2 when ${holdsRole(roles, "ROLE_ADMIN")} then 3 when ${holdsRole(roles, "ROLE_BROKER")} then 4 else 5 end)`;
}
/** An account's state in the user table's order: active, locked, disabled (disabled wins). */
export function stateOrder(t: { enabled: AnySQLiteColumn; locked: AnySQLiteColumn }) {
  return sql`(case when ${t.enabled} = 0 then 2 when ${t.locked} = 1 then 1 else 0 end)`;
}

/**
 * A project's date (published, else submitted, else created) as the seller's table sorts it and
 * its listed-projects index holds it: written without commas, which drizzle-kit splits an index's
 * expression at (the coalesce of migration 0036 was written by hand for that).
 */
export function projectDate(t: { publishedAt: AnySQLiteColumn; submittedAt: AnySQLiteColumn; createdAt: AnySQLiteColumn }) {
  return sql`(case when ${t.publishedAt} is not null then ${t.publishedAt} when ${t.submittedAt} is not null then ${t.submittedAt} else ${t.createdAt} end)`;
}
const NOT_YET_LISTED = sql.raw(`('draft', 'importing')`);
/** A seller's listed projects: neither drafts nor tapes still importing (the listed-projects index's predicate, repeated literally by its queries). */
export const listedProject = (status: AnySQLiteColumn) => sql`${status} not in ${NOT_YET_LISTED}`;
/** The others: a seller's listed projects are all of theirs less these (a count from two ranges of the (seller, status) index). */
export const notYetListedProject = (status: AnySQLiteColumn) => sql`${status} in ${NOT_YET_LISTED}`;

/** A signed-in browser. The cookie carries only the id; deleting the row ends the session. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Bearer tokens for API clients; only the SHA-256 of the token is stored. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

export const passwordResets = sqliteTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
});

/** Invitations to set a first password: single-use links (7 days); only the hash is kept. */
export const invitations = sqliteTable(
  "invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("invitations_user_idx").on(t.userId)],
);

/** Single-use links that unlock an account after too many failed sign-ins; only the hash is kept. */
export const accountUnlocks = sqliteTable("account_unlocks", {
  tokenHash: text("token_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
});

/** Two-factor recovery codes: ten per enrolment, each works once; only the hash is kept. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Superseded by inbound_items (kind "contact"); kept so older messages are not dropped. Nothing writes it. */
export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  company: text("company").notNull().default(""),
  phone: text("phone").notNull().default(""),
  message: text("message").notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  handled: integer("handled", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

/** Every e-mail and SMS is written here first and sent from here. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    /** The text with each secret (a token in a link) as a placeholder; emptied 7 days after delivery. */
    body: text("body").notNull(),
    /** The placeholders' values, sealed (AES-GCM); cleared once the message is sent or given up. */
    secrets: text("secrets"),
    /** An e-mail's HTML part beside the text (a campaign's body drawn from its Markdown); emptied with the body. */
    html: text("html"),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** The campaign it was written for (no foreign key: the outbox outlives what queued it). */
    campaignId: integer("campaign_id"),
    /** Extra e-mail headers for the provider (List-Unsubscribe). */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** SMS: the segments this message took from its company's allowance, set in the same transaction that took them. */
    segments: integer("segments"),
    /** A campaign's message: the customer it was written to (no foreign key either), whose steps after it count as its outcome. */
    customerId: integer("customer_id"),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    // a campaign writes to each recipient once, however often it is sent (rows without a campaign are all distinct)
    uniqueIndex("outbox_campaign_recipient_idx").on(t.campaignId, t.recipient),
    // what was sent to a customer's addresses (the admin customer table's communications)
    index("outbox_recipient_idx").on(sql`lower(${t.recipient})`),
    // the admin's outbox, newest first, whole or by status (it sorted every row, bodies and all: 0.9 s at 400,000)
    index("outbox_created_idx").on(t.createdAt, t.id),
    index("outbox_status_created_idx").on(t.status, t.createdAt, t.id),
    // a campaign's progress, counted by status; most rows have no campaign, which misled the planner
    index("outbox_campaign_status_idx").on(t.campaignId, t.status).where(sql`${t.campaignId} is not null`),
    // a campaign's recipients in the order they were written, a page at a time
    index("outbox_campaign_idx").on(t.campaignId).where(sql`${t.campaignId} is not null`),
    // the purge every minute finds the bodies still kept that are due to go, instead of reading every row (100-190 ms at 340,000)
    index("outbox_body_kept_idx").on(outboxSettledAt(t)).where(bodyKept(t.body)),
  ],
);

/**
 * When a message was delivered or given up (its creation when it never went): a body is kept 7 days from it.
 * Written with case, not coalesce: drizzle-kit mangles an index expression with a comma in it.
 */
export function outboxSettledAt(t: { sentAt: AnySQLiteColumn; createdAt: AnySQLiteColumn }) {
  return sql`(case when ${t.sentAt} is null then ${t.createdAt} else ${t.sentAt} end)`;
}
/** The message's text is still kept. Written out, not bound: the partial index is used only for the same text. */
export function bodyKept(body: AnySQLiteColumn) {
  return sql`${body} <> ''`;
}

/** Fixed-window counters for rate limits (API, sign-in attempts per address). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Buyer companies: the customer base admins run, with what each buys. */
export const customers = sqliteTable(
  "customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    businessType: text("business_type").notNull().default(""),
    investorType: text("investor_type").notNull().default(""),
    headquarters: text("headquarters").notNull().default(""),
    website: text("website").notNull().default(""),
    contactPerson: text("contact_person").notNull().default(""),
    attentionEmail: text("attention_email").notNull().default(""),
    attentionPhone: text("attention_phone").notNull().default(""),
    /** Assets under management or balance sheet, USD. */
    size: real("size"),
    preferences: text("preferences", { mode: "json" }).$type<BuyerPreferences>().notNull().default(sql`'{}'`),
    /** Spec §3 customerType: which side of the market the company is on. */
    customerType: text("customer_type", { enum: CUSTOMER_TYPES }).notNull().default("buyer"),
    /** The website's host without "www.", lower case: two customers may not share one. */
    websiteDomain: text("website_domain"),
    /** SMS segments the company may still be sent (bulk SMS decrements it). */
    smsAllowance: integer("sms_allowance").notNull().default(0),
    comments: text("comments").notNull().default(""),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Locked by an admin: its members cannot sign in until it is unlocked. */
    locked: integer("locked", { mode: "boolean" }).notNull().default(false),
    onboardingStatus: text("onboarding_status", { enum: ONBOARDING_STATUSES }).notNull().default("invited"),
    /** On-boarding evidence: the accreditation or QIB document, stored like data-room files (storage key and its name). */
    evidenceKey: text("evidence_key"),
    evidenceName: text("evidence_name"),
    /** When the customer accepted the marketplace's terms (on-boarding checklist). */
    termsAcceptedAt: integer("terms_accepted_at", { mode: "timestamp_ms" }),
    /** Set when an admin deletes a customer that has deal history: the name and contacts are blanked, the history kept. */
    anonymisedAt: integer("anonymised_at", { mode: "timestamp_ms" }),
    /**
     * The latest sign-in of any of its members, kept by triggers on users (migration 0035): the
     * customer table's default order reads it through an index, not a subquery per customer.
     */
    lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
    /**
     * What its members did, as the customer table shows, sorts and filters it, kept by triggers on
     * the records and on the members (migration 0044, decision 059): a sort by one of them worked it
     * out for every customer, 35–360 ms a page at 100,000 customers.
     */
    lastActivityAt: integer("last_activity_at", { mode: "timestamp_ms" }),
    viewCount: integer("view_count").notNull().default(0),
    ndaCount: integer("nda_count").notNull().default(0),
    negotiationCount: integer("negotiation_count").notNull().default(0),
    loiCount: integer("loi_count").notNull().default(0),
    impressionCount: integer("impression_count").notNull().default(0),
    communicationCount: integer("communication_count").notNull().default(0),
    /**
     * The projects its members dealt on (an NDA or an offer) in each size band of the table
     * (CUSTOMER_SIZE_BANDS), recounted by triggers when a deal, a member or a project's size changes
     * (migration 0047, decision 061).
     */
    dealsUpTo5m: integer("deals_up_to_5m").notNull().default(0),
    deals5to10m: integer("deals_5_to_10m").notNull().default(0),
    deals10to25m: integer("deals_10_to_25m").notNull().default(0),
    deals25to50m: integer("deals_25_to_50m").notNull().default(0),
    deals50to100m: integer("deals_50_to_100m").notNull().default(0),
    deals100to300m: integer("deals_100_to_300m").notNull().default(0),
    deals300to500m: integer("deals_300_to_500m").notNull().default(0),
    dealsAbove500m: integer("deals_above_500m").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("customers_name_idx").on(t.name),
    // in the table's default order (latest sign-in first, then id), so that a page stops after its rows
    index("customers_last_login_idx").on(sql`${t.lastLoginAt} desc`, t.id),
    index("customers_last_activity_idx").on(sql`${t.lastActivityAt} desc`, t.id),
    // a kept count sorts with its ties by id in its own direction, so that the index gives the order
    index("customers_view_count_idx").on(t.viewCount, t.id),
    index("customers_nda_count_idx").on(t.ndaCount, t.id),
    index("customers_negotiation_count_idx").on(t.negotiationCount, t.id),
    index("customers_loi_count_idx").on(t.loiCount, t.id),
    index("customers_impression_count_idx").on(t.impressionCount, t.id),
    index("customers_communication_count_idx").on(t.communicationCount, t.id),
    index("customers_deals_up_to_5m_idx").on(t.dealsUpTo5m, t.id),
    index("customers_deals_5_to_10m_idx").on(t.deals5to10m, t.id),
    index("customers_deals_10_to_25m_idx").on(t.deals10to25m, t.id),
    index("customers_deals_25_to_50m_idx").on(t.deals25to50m, t.id),
    index("customers_deals_50_to_100m_idx").on(t.deals50to100m, t.id),
    index("customers_deals_100_to_300m_idx").on(t.deals100to300m, t.id),
    index("customers_deals_300_to_500m_idx").on(t.deals300to500m, t.id),
    index("customers_deals_above_500m_idx").on(t.dealsAbove500m, t.id),
    uniqueIndex("customers_website_domain_idx").on(t.websiteDomain),
    index("customers_attention_email_idx").on(t.attentionEmail),
    index("customers_attention_email_lower_idx").on(sql`lower(${t.attentionEmail})`),
    // a list's reach and pages: the contact columns by id, without reading the wide customer rows (migration 0056)
    index("customers_contact_idx").on(t.id, t.anonymisedAt, t.attentionEmail, t.attentionPhone, t.smsAllowance),
    // a list's size and pages leave out the few anonymised companies found here, without a look at each member (migration 0079)
    index("customers_anonymised_idx").on(t.anonymisedAt, t.id),
    index("customers_type_idx").on(t.customerType),
    // the table's "Type" filter: its count and a sorted page read the matching customers only
    index("customers_business_type_idx").on(t.businessType),
    // the table sorted by a column of its own walks the column's index (the id, last in every index,
    // breaks ties): a sort of 100,000 customers took 45–55 ms a page (decision 060)
    index("customers_name_lower_idx").on(sql`lower(${t.name})`),
    index("customers_contact_person_lower_idx").on(sql`lower(${t.contactPerson})`),
    index("customers_attention_phone_idx").on(t.attentionPhone),
    index("customers_website_lower_idx").on(sql`lower(${t.website})`),
    index("customers_headquarters_idx").on(t.headquarters),
    index("customers_created_idx").on(t.createdAt),
    index("customers_enabled_idx").on(t.enabled),
    index("customers_locked_idx").on(t.locked),
    index("customers_sms_allowance_idx").on(t.smsAllowance),
  ],
);

/**
 * Each customer's name, contact person, attention e-mail, website, headquarters, comments and its members' e-mails
 * and names (customers_fts's fields, migration 0045) as one text, each apart from the next by char(31) as the members'
 * already are, kept by triggers on customers and users (migration 0084, decision 102): a text without that character is
 * found in it where it is inside one field, never across two. The customer table's text shorter than a trigram reads
 * this narrow copy, one value a customer, where the trigram index's virtual table took seven.
 */
export const customersText = sqliteTable("customers_text", {
  id: integer("id").primaryKey(),
  text: text("text").notNull(),
});

/** Stored under the spec's column names; read through criteriaFrom (app/lib/buyer-criteria.ts). */
export type BuyerPreferences = Partial<BuyerCriteria>;

/** A listing: a loan pool, a real estate asset, an insurance-backed loan or a limited company. */
export const projects = sqliteTable(
  "projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: PROJECT_KINDS }).notNull(),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("draft"),
    /** The last step of the create form the seller completed. */
    draftStep: integer("draft_step").notNull().default(0),
    /** The wizard's Start form's one-time key: the same form posted twice (a double click, a resend) starts one draft (decision 083). */
    submissionKey: text("submission_key"),
    projectName: text("project_name").notNull().default(""),
    industry: text("industry").notNull().default(""),
    sector: text("sector").notNull().default(""),
    saleType: text("sale_type").notNull().default(""),
    loanPool: text("loan_pool").notNull().default(""),
    /** Performing or Non-Performing; the tables show it as "Status". */
    term: text("term").notNull().default(""),
    /** Weighted average interest rate, percent. */
    waInterest: real("wa_interest"),
    maturityDate: text("maturity_date"),
    /** Region (Northeast ... Nationwide). */
    location: text("location").notNull().default(""),
    /** US state code. */
    state: text("state").notNull().default(""),
    /** Where the property is (degrees): from the address lookup, confirmed by the seller; null = drawn around its state's centre. */
    latitude: real("latitude"),
    longitude: real("longitude"),
    secured: integer("secured", { mode: "boolean" }),
    fullDetails: text("full_details").notNull().default(""),
    loanAmount: real("loan_amount"),
    /** Transaction size, USD: what search bands and sorts use. */
    size: real("size"),
    /** The borrower's identity: only for the seller, admins and buyers with an approved NDA. */
    borrower: text("borrower").notNull().default(""),
    projectDueDate: text("project_due_date"),
    longTermDebtSecured: integer("long_term_debt_secured", { mode: "boolean" }),
    longTermDebtLevelOfSecurity: text("long_term_debt_level_of_security").notNull().default(""),
    /** What only one kind has (property, company financials, policy, pool summaries). */
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    rejectionReason: text("rejection_reason"),
    /** The bulk upload that brought the listing in; while it runs the listing is "importing". */
    importJobId: integer("import_job_id").references((): AnySQLiteColumn => importJobs.id, { onDelete: "set null" }),
    views: integer("views").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    /**
     * A pool's loan tape in figures, written with the tape (replaceLoanTape): its loans, and for each
     * field of COMPLETENESS_FIELDS the loans it applies to and those that have it. The teaser reads
     * them with the project; counting a 10,000-loan tape on every view cost 8 ms.
     */
    tapeLoans: integer("tape_loans").notNull().default(0),
    tapeFieldCounts: text("tape_field_counts", { mode: "json" }).$type<Record<string, [applicable: number, present: number]>>(),
    /**
     * The project's deals as its tables count them: NDAs, buyers in a thread, offers. Kept by triggers
     * on contracts, messages and offers (migration 0043), so that a table sorted by one walks an index:
     * counting them for every project to sort by one took 30–40 ms a page at 100,000 projects.
     */
    ndaCount: integer("nda_count").notNull().default(0),
    negotiationCount: integer("negotiation_count").notNull().default(0),
    bidCount: integer("bid_count").notNull().default(0),
    /**
     * The end of the latest page session of a buyer (anyone but its seller) on the project, kept by
     * triggers on page sessions (migration 0050): worked out per project, a table sorted by it read
     * every session, 1.4 s a page at 100,000 projects and 500,000 sessions.
     */
    lastBuyerVisitAt: integer("last_buyer_visit_at", { mode: "timestamp_ms" }),
    /**
     * How many entries the project's data-room audit log holds, kept by triggers on document events
     * (migration 0081): the desk shows it on every visit, and counting a busy room read its 50,000
     * entries each time (decision 098).
     */
    documentEventCount: integer("document_event_count").notNull().default(0),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    /**
     * When the listing was sold, written in the sale's batch and null on any other status (decision
     * 092): its buyer's "Sold to you on" date, which `updated_at` was until other writes moved it.
     */
    soldAt: integer("sold_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index("projects_seller_idx").on(t.sellerId, t.status),
    uniqueIndex("projects_submission_key_idx").on(t.submissionKey),
    // whose project it is, read without the wide row: a seller's unread count checks each unread thread's project (migration 0058)
    index("projects_seller_of_idx").on(t.id, t.sellerId),
    // the seller's and the admin's project tables open sorted by a project's date (published, else
    // submitted, else created): walked in order, a page reads its own rows, not every project's
    index("projects_table_date_idx").on(sql`coalesce(${t.publishedAt}, ${t.submittedAt}, ${t.createdAt})`, t.id),
    index("projects_seller_date_idx").on(t.sellerId, sql`coalesce(${t.publishedAt}, ${t.submittedAt}, ${t.createdAt})`, t.id),
    // a seller's table of listed projects, in date order, with its total counted from the same
    // entries: a seller with 97,000 listings read each row for its status (400-600 ms a page)
    index("projects_seller_listed_idx").on(t.sellerId, projectDate(t), t.id).where(listedProject(t.status)),
    // a seller's projects of one kind (the analytics pages): by name as their tables list them, the
    // state for the map's counts; through the kind's index a seller's 436 took 25,000 rows (50 ms)
    index("projects_seller_kind_idx").on(t.sellerId, t.kind, t.projectName, t.id, t.state),
    // the map's counts by state, walked in state order: grouping a seller's 24,564 real-estate
    // projects from the index above sorted them all (8.5 -> 2.8 ms). Partial, so that only a query
    // naming the kind as a literal can take it: a new index has no planner statistics until the
    // next ANALYZE, and one on (seller, ...) took over the seller's page by name (21 -> 99 ms)
    index("projects_real_estate_state_idx").on(t.sellerId, t.state).where(sql`${t.kind} = 'real_estate'`),
    // a seller's loan pools with a tape, by name (loan pricing's choice of pool): through the index
    // above every pool was read for its tape's count. Partial, for the reason above
    index("projects_taped_pools_idx").on(t.sellerId, t.projectName, t.id).where(sql`${t.kind} = 'loan_pool' and ${t.tapeLoans} > 0`),
    // the admin table filtered by a status, in the same order: walking every project's date for a
    // rare status ("rejected", "sold") took 60–300 ms at 100,000 projects
    index("projects_status_date_idx").on(t.status, sql`coalesce(${t.publishedAt}, ${t.submittedAt}, ${t.createdAt})`, t.id),
    // what waits for review (the admin dashboard) and the admin table's status filter; with the
    // performing status beside it, the search counts "Performing" or not from this index alone
    index("projects_status_term_idx").on(t.status, t.term),
    // the project tables sorted by a deal count, ties by id in the same direction
    index("projects_nda_count_idx").on(t.ndaCount, t.id),
    index("projects_negotiation_count_idx").on(t.negotiationCount, t.id),
    index("projects_bid_count_idx").on(t.bidCount, t.id),
    // latest first, never visited last, as the tables sort it
    index("projects_last_buyer_visit_idx").on(sql`${t.lastBuyerVisitAt} desc`, t.id),
    // the project tables sorted by a column that is never empty, as they sort it; an index ends in the
    // row's id of itself, so one walked either way gives ties by id in the sort's direction (decision 064)
    index("projects_name_lower_idx").on(sql`lower(${t.projectName})`),
    index("projects_kind_idx").on(t.kind),
    index("projects_status_idx").on(t.status),
    index("projects_borrower_lower_idx").on(sql`lower(${t.borrower})`),
    index("projects_views_idx").on(t.views),
    index("projects_impressions_idx").on(t.impressions),
    index("projects_updated_idx").on(t.updatedAt),
    // the match score's "past behaviour" reads every project of an industry, visible or not
    index("projects_industry_idx").on(t.industry),
    // partial indexes over what buyers can find: the search's WHERE repeats this predicate literally
    ...(
      [
        ["published", [t.publishedAt, t.id]],
        ["size", [t.size, t.id]],
        ["rate", [t.waInterest, t.id]],
        // a sort by industry or region walks these too: its ties go by date, then id (searchQuery)
        ["industry", [t.industry, t.publishedAt]],
        ["location", [t.location, t.publishedAt]],
        // the other sortable columns: sorting 90,000 listings for a page of 25 took 40–105 ms
        ["name", [t.projectName, t.id]],
        ["maturity", [t.maturityDate, t.id]],
        ["amount", [t.loanAmount, t.id]],
        ["term", [t.term, t.publishedAt]],
        // a filter with a size band: counted and found from one index range, not a row each
        ["industry_size", [t.industry, t.size]],
        ["location_size", [t.location, t.size]],
        ["term_size", [t.term, t.size]],
        // saved-search digests: what changed since the last one
        ["updated", [t.updatedAt, t.id]],
        // and what changed in a region: by the region's index alone a digest read every listing of the region (50-130 ms at 90,000)
        ["location_updated", [t.location, t.updatedAt]],
      ] as const
    ).map(([name, [first, ...rest]]) =>
      index(`projects_visible_${name}_idx`)
        .on(first, ...rest)
        .where(sql`${t.status} in ('published', 'under_offer')`),
    ),
  ],
);

/** One row per loan of a loan pool's tape. */
export const projectLoans = sqliteTable(
  "project_loans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    loanNumber: text("loan_number").notNull(),
    balance: real("balance").notNull(),
    interestRate: real("interest_rate").notNull(),
    maturityDate: text("maturity_date").notNull(),
    propertyType: text("property_type").notNull().default(""),
    state: text("state").notNull().default(""),
    status: text("status").notNull(),
    ltv: real("ltv"),
    // the rest of a loan-sale tape (app/lib/loan-tape.ts): optional, counted by the tape's completeness
    originalBalance: real("original_balance"),
    originationDate: text("origination_date"),
    rateType: text("rate_type"),
    amortizationType: text("amortization_type"),
    remainingTermMonths: integer("remaining_term_months"),
    paymentStatus: text("payment_status"),
    daysDelinquent: integer("days_delinquent"),
    lienPosition: integer("lien_position"),
    city: text("city"),
    zip: text("zip"),
    appraisedValue: real("appraised_value"),
    appraisalDate: text("appraisal_date"),
    dscr: real("dscr"),
    occupancy: real("occupancy"),
    creditScore: integer("credit_score"),
  },
  (t) => [index("project_loans_project_idx").on(t.projectId, t.line)],
);

/** A member's changes to a table's defaults (columns, filters, sort); only the differences. */
export const tablePreferences = sqliteTable(
  "table_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tableKey: text("table_key").notNull(),
    preferences: text("preferences", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableKey] })],
);

export const recentlyViewed = sqliteTable(
  "recently_viewed",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    viewedAt: integer("viewed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index("recently_viewed_user_idx").on(t.userId, t.viewedAt),
    // a project's desk lists who looked at it
    index("recently_viewed_project_idx").on(t.projectId, t.userId),
  ],
);

/**
 * One row per member, project, UTC day and kind of look: a project's views and
 * impressions count a member once a day, however often they reload. `counted`
 * turns true in the same batch that adds the row to the project's counter.
 */
export const dailyProjectLooks = sqliteTable(
  "daily_project_looks",
  {
    kind: text("kind", { enum: ["view", "impression"] }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD, UTC */
    day: text("day").notNull(),
    counted: integer("counted", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.kind, t.userId, t.day, t.projectId] }), index("daily_project_looks_day_idx").on(t.day)],
);

/**
 * The days a member was shown a project in results, for good: the daily looks it is counted from are
 * pruned after a day. Kept by a trigger on the daily looks (migration 0049); the matched buyers' table
 * sums it over a company's members.
 */
export const projectImpressions = sqliteTable(
  "project_impressions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    days: integer("days").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** A member's whole row, with the password hash and the TOTP secret: only sign-in and their own changes read it. */
export type UserRow = typeof users.$inferSelect;
/** A member as every request holds them: their row without its secrets (app/models/sessions.server). */
export type User = Omit<UserRow, "passwordHash" | "totpSecret">;
/** The secrets left out of `User`, for a relational query's `columns`. */
export const WITHOUT_SECRETS = { passwordHash: false, totpSecret: false } as const;
const { passwordHash: _passwordHash, totpSecret: _totpSecret, ...memberColumnsOfUsers } = getTableColumns(users);
/** The columns of `User`, for a select or a returning. */
export const memberColumns = memberColumnsOfUsers;
export type Project = typeof projects.$inferSelect;
export type Customer = typeof customers.$inferSelect;
export type OutboxMessage = typeof outbox.$inferSelect;

/** The project a deal record belongs to; it goes when the project goes. */
const projectRef = () =>
  integer("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" });
/** A member a deal record names (buyer, sender, reader ...). */
const memberRef = (column: string) =>
  integer(column)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * A buyer's (or broker's) NDA on one project: the contract whose status opens the
 * workspace. The envelope id names the signing session in URLs and with a provider.
 */
export const contracts = sqliteTable(
  "contracts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: projectRef(),
    buyerId: memberRef("buyer_id"),
    envelopeId: text("envelope_id").notNull().unique(),
    provider: text("provider").notNull().default("builtin"),
    ndaStatus: text("nda_status", { enum: NDA_STATUSES }).notNull().default("Requested"),
    /** Storage key and SHA-256 of the NDA as sent to sign (template or default). */
    documentKey: text("document_key").notNull(),
    documentSha256: text("document_sha256").notNull(),
    signerName: text("signer_name"),
    signerIp: text("signer_ip"),
    signerUserAgent: text("signer_user_agent"),
    signedKey: text("signed_key"),
    signedSha256: text("signed_sha256"),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    signedAt: integer("signed_at", { mode: "timestamp_ms" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
    /** The project's permissions: a blocked buyer keeps the NDA but loses the data room. */
    dataRoomBlocked: integer("data_room_blocked", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("contracts_project_buyer_idx").on(t.projectId, t.buyerId),
    // with the signing time: a partner's signed NDAs counted per referred member from the index alone
    index("contracts_buyer_idx").on(t.buyerId, t.signedAt),
    // the admin dashboard: NDAs waiting for approval, counted, and grouped by project with their first signature
    // from the index alone (migration 0067: (status, signed) read a contract row for each of 6,900 waiting NDAs)
    index("contracts_status_project_idx").on(t.ndaStatus, t.projectId, t.signedAt),
    index("contracts_requested_idx").on(t.requestedAt),
    index("contracts_signed_idx").on(t.signedAt),
  ],
);

/** The NDA an admin uploaded for a project, and whether signed NDAs are approved at once. */
export const projectNdaSettings = sqliteTable("project_nda_settings", {
  projectId: projectRef().primaryKey(),
  templateKey: text("template_key"),
  templateName: text("template_name"),
  /** The admin's template versions chosen for the project; none: the latest version. */
  ndaTemplateId: integer("nda_template_id").references((): AnySQLiteColumn => contractTemplates.id),
  saleAgreementTemplateId: integer("sale_agreement_template_id").references((): AnySQLiteColumn => contractTemplates.id),
  autoApprove: integer("auto_approve", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

/** A data room file. The bytes live in R2 (Workers) or under .data/ (Node). */
export const documents = sqliteTable(
  "documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: projectRef(),
    name: text("name").notNull(),
    type: text("type", { enum: DOCUMENT_TYPES }).notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    sha256: text("sha256").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("documents_project_idx").on(t.projectId)],
);

/** Who viewed or downloaded which data room file, and when: the audit log sellers and admins read. */
export const documentEvents = sqliteTable(
  "document_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: projectRef(),
    documentId: integer("document_id").references(() => documents.id, { onDelete: "set null" }),
    documentName: text("document_name").notNull(),
    userId: memberRef("user_id"),
    action: text("action", { enum: ["view", "download", "upload", "delete"] }).notNull(),
    ipAddress: text("ip_address").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("document_events_project_idx").on(t.projectId, t.createdAt),
    // what a buyer company's members opened (the seller's view of the company): by project the
    // busiest room's 50,000 events were read for a handful of members'
    index("document_events_member_idx").on(t.userId, t.projectId),
    // an opening of a data room is stored after the answer, through the writes queue, which may
    // deliver a batch twice: its second copy is the same member, room and millisecond (decision 057)
    uniqueIndex("document_events_room_opening_idx")
      .on(t.projectId, t.userId, t.createdAt)
      .where(sql`${t.action} = 'view' and ${t.documentId} is null and ${t.documentName} = 'Data room'`),
  ],
);

/** One negotiation thread per project and buyer; the buyer id names the thread. */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: projectRef(),
    buyerId: memberRef("buyer_id"),
    senderId: memberRef("sender_id"),
    body: text("body").notNull(),
    createdAt: createdAt(),
    /**
     * The message form's one-time key (decision 083): the same form posted again (a double click,
     * back and send again) stores nothing more. Null for a post without one (an older page).
     */
    submissionKey: text("submission_key"),
  },
  (t) => [
    index("messages_thread_idx").on(t.projectId, t.buyerId, t.createdAt),
    // a member's threads across projects (the customer table's negotiations)
    index("messages_buyer_idx").on(t.buyerId, t.projectId),
    // each sender's keys are their own; keyless rows (null) never collide
    uniqueIndex("messages_sender_submission_key_idx").on(t.senderId, t.submissionKey),
  ],
);

/**
 * A project's negotiation threads, one row each, kept by triggers on messages (migration 0082): how
 * many messages a thread has and when its latest was written. The desk lists a project's threads
 * latest first; worked out from the messages, it read every message of the project to show 50
 * threads (decision 098).
 */
export const messageThreads = sqliteTable(
  "message_threads",
  {
    projectId: projectRef(),
    buyerId: memberRef("buyer_id"),
    messageCount: integer("message_count").notNull(),
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.buyerId] }),
    // the desk's order: latest first, the buyer settling a tie
    index("message_threads_latest_idx").on(t.projectId, sql`${t.lastAt} desc`, t.buyerId),
  ],
);

/** How far each participant has read a thread. */
export const threadReads = sqliteTable(
  "thread_reads",
  {
    projectId: projectRef(),
    buyerId: memberRef("buyer_id"),
    userId: memberRef("user_id"),
    lastReadId: integer("last_read_id").notNull(),
    /**
     * The thread's messages from others past the marker, kept by triggers (migration 0058): every
     * page a member opens shows their unread count, which was worked out thread by thread over
     * every project they sell, or over every message of a buyer's. The project's seller and the
     * thread's buyer have a row from the thread's first message on (0058, 0069).
     */
    unread: integer("unread").notNull().default(0),
    /**
     * The thread's latest message, kept by triggers (migration 0065): a seller's inbox is their
     * markers latest first, where it was every thread of every project found and ranged in turn.
     */
    lastMessageId: integer("last_message_id").notNull().default(0),
    /**
     * Whether the marker's reader sells the project (and is not the thread's buyer), kept by triggers
     * (migration 0072): a seller's own unread count adds up these markers' counts from one index,
     * where it looked up each marker's project to tell theirs from a colleague's (13 ms a page for a
     * seller of 98,000 projects).
     */
    asSeller: integer("as_seller", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.buyerId, t.userId] }),
    // a seller's markers with something unread on the projects they sell: their own count (migration 0072)
    index("thread_reads_seller_unread_idx").on(t.userId, t.unread).where(sql`${t.unread} > 0 and ${t.asSeller} = 1`),
    // a member's threads with something unread that they read as a seller's side, in project order (a
    // seller's count joins each to its project); their threads as the buyer are apart (migration 0069)
    index("thread_reads_unread_idx").on(t.userId, t.projectId, t.unread).where(sql`${t.unread} > 0 and ${t.buyerId} != ${t.userId}`),
    // and those where they are the thread's buyer: a buyer's or broker's count (migration 0069)
    index("thread_reads_buyer_unread_idx").on(t.userId, t.buyerId, t.unread).where(sql`${t.unread} > 0 and ${t.buyerId} = ${t.userId}`),
    // a member's threads latest first, the thread named in the index (an inbox page reads nothing else)
    index("thread_reads_latest_idx").on(t.userId, t.lastMessageId, t.projectId, t.buyerId),
  ],
);

/** A letter of intent; its current terms, and every step in offer_events. */
export const offers = sqliteTable(
  "offers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: projectRef(),
    buyerId: memberRef("buyer_id"),
    status: text("status", { enum: OFFER_STATUSES }).notNull(),
    price: real("price").notNull(),
    structure: text("structure").notNull(),
    conditions: text("conditions").notNull().default(""),
    dueDiligenceDays: integer("due_diligence_days").notNull(),
    expiresOn: text("expires_on").notNull(),
    revision: integer("revision").notNull().default(1),
    pdfKey: text("pdf_key").notNull(),
    pdfSha256: text("pdf_sha256").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index("offers_project_idx").on(t.projectId, t.buyerId),
    // a member's offers across projects (the customer table's LOIs and deal sizes)
    // with the status: a partner's accepted offers counted per referred member from the index alone
    index("offers_buyer_idx").on(t.buyerId, t.status),
    // the admin dashboard's offers per day
    index("offers_created_idx").on(t.createdAt),
  ],
);

export const offerEvents = sqliteTable(
  "offer_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: OFFER_ACTIONS }).notNull(),
    /** The terms this step put on the table (submit, counter, revise). */
    terms: text("terms", { mode: "json" }).$type<Record<string, unknown>>(),
    note: text("note").notNull().default(""),
    revision: integer("revision").notNull(),
    pdfKey: text("pdf_key"),
    createdAt: createdAt(),
  },
  (t) => [index("offer_events_offer_idx").on(t.offerId, t.id)],
);

/** Why a buyer passed on a project. */
export const feedback = sqliteTable(
  "feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: projectRef(),
    buyerId: memberRef("buyer_id"),
    reasons: text("reasons", { mode: "json" }).$type<string[]>().notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("feedback_project_buyer_idx").on(t.projectId, t.buyerId),
    // a buyer's deals and home read their own passes: without it, every pass of the market (4 ms at 100,000)
    index("feedback_buyer_idx").on(t.buyerId),
  ],
);

/**
 * Each buyer in a project's pipeline and their latest activity there (epoch ms): the latest of their
 * look (unless they sell the project), NDA (asked, signed, approved), messages, offers (made or
 * changed) and pass. Kept by triggers on those records (migration 0067, decision 077): the desk
 * ranks a busy project's thousands of buyers by it, and reading every record to rank them took
 * 30 ms. A row is here exactly while one of its records is. No foreign keys: the records' triggers
 * remove it when the last of them goes (a member's or project's erasure included), and a key's
 * cascade running before them would have them write it back.
 */
export const projectPipeline = sqliteTable(
  "project_pipeline",
  {
    projectId: integer("project_id").notNull(),
    buyerId: integer("buyer_id").notNull(),
    lastActivityAt: integer("last_activity_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.buyerId] }),
    // the desk's order, latest first and the buyer's id on a tie: a page walks it and stops
    index("project_pipeline_rank_idx").on(t.projectId, sql`${t.lastActivityAt} desc`, t.buyerId),
  ],
);

/** The in-app list; e-mail copies go through the outbox. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: memberRef("user_id"),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    message: text("message").notNull(),
    link: text("link").notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.readAt),
    // the inbox's newest first, without sorting every notice the member ever had
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
  ],
);

export type Contract = typeof contracts.$inferSelect;
export type DataRoomDocument = typeof documents.$inferSelect;
export type Offer = typeof offers.$inferSelect;

/** One page session of a member (spec §3's analytics record); the tracker's id makes a resend a no-op. */
export const pageSessions = sqliteTable(
  "page_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    userId: memberRef("user_id"),
    route: text("route").notNull(),
    pageType: text("page_type", { enum: PAGE_TYPES }).notNull(),
    /** The project a company page shows. */
    projectId: integer("project_id"),
    sessionStart: integer("session_start", { mode: "timestamp_ms" }).notNull(),
    sessionEnd: integer("session_end", { mode: "timestamp_ms" }).notNull(),
    totalDuration: integer("total_duration").notNull(),
    activeTime: integer("active_time").notNull(),
    scrollDepthMax: real("scroll_depth_max").notNull(),
    /** The whole record as sent (interactions, timepoints, query, screen ...). */
    record: text("record", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    // active time in the index: the match score sums it over an industry's projects without reading the records
    index("page_sessions_project_idx").on(t.projectId, t.userId, t.activeTime),
    // a project's views and active time per day over the last days (the seller's charts), from the index alone
    index("page_sessions_project_start_idx").on(t.projectId, t.sessionStart, t.userId, t.activeTime),
    // the project in the index: the customer table counts its members' project views from it alone
    index("page_sessions_user_idx").on(t.userId, t.sessionStart, t.projectId),
    // a member's latest session in one step: a customer's last activity is recounted from it (decision 062)
    index("page_sessions_user_end_idx").on(t.userId, t.sessionEnd),
    index("page_sessions_type_idx").on(t.pageType, t.sessionStart),
    // the admin's newest-first list and date filters read it instead of sorting every session
    index("page_sessions_start_idx").on(t.sessionStart),
  ],
);

/**
 * Page sessions summed per UTC day and page type: the admin's totals and 90-day chart read
 * these instead of a million sessions. Kept by triggers on page_sessions (migration 0066)
 * as each session is written, moved or deleted.
 */
export const pageSessionDays = sqliteTable(
  "page_session_days",
  {
    day: text("day").notNull(),
    pageType: text("page_type", { enum: PAGE_TYPES }).notNull(),
    sessions: integer("sessions").notNull(),
    totalDuration: integer("total_duration").notNull(),
    activeTime: integer("active_time").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.pageType] })],
);

/**
 * What admins and sellers did, append-only. Each row's hash is the SHA-256 of the
 * previous row's hash and this row's own content, so editing or deleting a row breaks
 * the chain. Ids are assigned in sequence (previous + 1) and each hash can be the
 * previous one of only one row: two appends racing for the same place cannot both
 * succeed. No foreign keys: the record outlives the accounts and projects it names.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull().default(""),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    detail: text("detail").notNull().default(""),
    address: text("address").notNull().default(""),
    /**
     * An edit's changed fields, each with its value before and after: JSON `[{ field, from, to }]`,
     * "" for an entry that changed no field (and every entry written before edits kept them).
     */
    changes: text("changes").notNull().default(""),
    prevHash: text("prev_hash").notNull().unique(),
    hash: text("hash").notNull(),
  },
  // a colleague's activity, newest first (the rowid is the index's last column): a member who did little scanned the whole log;
  // one record's history (/admin/log?subjectType=user&subjectId=12), newest first: a record of few entries scanned the whole log
  (t) => [index("audit_log_actor_idx").on(t.actorId), index("audit_log_subject_idx").on(t.subjectType, t.subjectId)],
);
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * The inbound funnel: demo requests, members' questions, affiliate applications and
 * contact messages, one row each; status, owner and notes are handled once for all.
 */
export const inboundItems = sqliteTable(
  "inbound_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: INBOUND_KINDS }).notNull(),
    status: text("status", { enum: INBOUND_STATUSES }).notNull().default("new"),
    /** The admin who looks after it. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    notes: text("notes").notNull().default(""),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    phone: text("phone").notNull().default(""),
    companyWebsite: text("company_website").notNull().default(""),
    message: text("message").notNull(),
    /** The signed-in member who sent it (always set for an inquiry). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The project an inquiry is about, when asked from its teaser. */
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** An admin's answer to a member's inquiry. */
    answer: text("answer"),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("inbound_items_kind_idx").on(t.kind, t.status, t.id),
    index("inbound_items_user_idx").on(t.userId),
    // each kind's table, newest first (its default order)
    index("inbound_items_kind_created_idx").on(t.kind, t.createdAt, t.id),
    // each kind's table by name: its page chosen from here, not by sorting the kind's rows with their messages
    index("inbound_items_kind_name_idx").on(t.kind, sql`lower(${t.name})`, t.id),
    // a kind's items newest first by id: the open affiliate applications walked 25,000 other items' rows to reach theirs (migration 0067)
    index("inbound_items_kind_id_idx").on(t.kind, t.id),
  ],
);
export type InboundItem = typeof inboundItems.$inferSelect;

/**
 * Each item's name, e-mail, company, phone, website, message and notes as one text, apart by char 31, kept by triggers
 * on inbound_items (migration 0085, decision 103), keyed by kind first and stored in that order (WITHOUT ROWID): an
 * inbound table's text shorter than a trigram reads its kind's range of it, one value and one `like` an item.
 */
export const inboundItemsText = sqliteTable(
  "inbound_items_text",
  {
    kind: text("kind", { enum: INBOUND_KINDS }).notNull(),
    id: integer("id").notNull(),
    text: text("text").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/** Potential customers: leads an admin may convert into a customer. */
export const leads = sqliteTable(
  "leads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    /** The demo request or affiliate inquiry it came from. */
    inboundItemId: integer("inbound_item_id").references(() => inboundItems.id, { onDelete: "set null" }),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("open"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    phone: text("phone").notNull().default(""),
    website: text("website").notNull().default(""),
    notes: text("notes").notNull().default(""),
    /** The customer it became. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /**
     * That customer's name as it is now, null without one: kept by triggers on both tables (migration 0086, decision
     * 107) so that the table's Customer column sorts by an index of the lead's own. Shown from the customer, not from here.
     */
    customerName: text("customer_name"),
    convertedAt: integer("converted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_status_idx").on(t.status, t.id),
    // a status's or a source's leads newest first in its own index: a page of Received with a filter walks only the
    // filter's leads, each checked for the text, and a deep page skips index entries alone (decision 125)
    index("leads_status_created_idx").on(t.status, t.createdAt, t.id),
    index("leads_source_created_idx").on(t.source, t.createdAt, t.id),
    uniqueIndex("leads_inbound_item_idx").on(t.inboundItemId),
    // the table's default order, newest first
    index("leads_created_idx").on(t.createdAt, t.id),
    // every other sort of the table walks an index in its order, the id (last in every index) breaking ties, so that a
    // short text in most leads stops at the page's last row rather than sorting all 50,000 (decision 107)
    index("leads_source_idx").on(t.source),
    index("leads_name_lower_idx").on(sql`lower(${t.name})`),
    index("leads_email_lower_idx").on(sql`lower(${t.email})`),
    index("leads_company_lower_idx").on(sql`lower(${t.company})`),
    index("leads_phone_idx").on(t.phone),
    index("leads_website_lower_idx").on(sql`lower(${t.website})`),
    // with the status after the id (which orders them alone): a lead with a customer is converted, so that Open sorted by
    // Customer skips every converted lead first, each checked in the index rather than in its row (10,000: 17 -> 1 ms)
    index("leads_customer_name_lower_idx").on(sql`lower(${t.customerName})`, t.id, t.status),
    // a customer's leads: its rename rewrites their copy of its name, its delete sets their customer to null
    index("leads_customer_idx").on(t.customerId),
  ],
);
export type Lead = typeof leads.$inferSelect;

/**
 * Each potential customer's name, e-mail, company, phone, website and notes as one text, apart by char 31, kept by
 * triggers on leads (migration 0085, decision 103): their text shorter than a trigram reads this narrow copy, one value
 * and one `like` a lead, where the trigram index's virtual table handed back six fields a row.
 */
export const leadsText = sqliteTable("leads_text", {
  id: integer("id").primaryKey(),
  text: text("text").notNull(),
});

/**
 * The potential-customer imports done, by their form's one-time key: written in the batch of the
 * import's leads, so the same form posted twice (a double click, a resend) finds its key taken and
 * imports nothing more.
 */
export const leadImports = sqliteTable("lead_imports", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  submissionKey: text("submission_key").notNull().unique(),
  lines: integer("lines").notNull(),
  createdAt: createdAt(),
});

/**
 * The admin's create forms sent (new customer, new user), by their form's one-time key (decision 083):
 * written in the batch of the record it made, so the same form posted again (a double click, a resend)
 * is refused by the record's own constraint (the name, the e-mail) and told apart from a real duplicate
 * by its key, and lands where the first post did. Housekeeping drops the keys a week old (pruneFormSubmissions).
 */
export const formSubmissions = sqliteTable("form_submissions", {
  submissionKey: text("submission_key").primaryKey(),
  subjectType: text("subject_type", { enum: ["customer", "user"] }).notNull(),
  subjectId: integer("subject_id").notNull(),
  createdAt: createdAt(),
});

/**
 * A member's on-boarding chat (/on-board/buyers, /on-board/sellers): one per member and
 * side, saved at every answer so it resumes where it was left.
 */
export const onboardChats = sqliteTable(
  "onboard_chats",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member's customer when the chat began or the one it created. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    side: text("side", { enum: ONBOARD_SIDES }).notNull(),
    /** The key of the question shown now (app/lib/onboarding.ts). */
    currentStep: text("current_step").notNull(),
    transcript: text("transcript", { mode: "json" }).$type<TranscriptEntry[]>().notNull().default(sql`'[]'`),
    /**
     * The questions answered (each step's last turn, not skipped) and the last turn's time, kept by
     * triggers on the transcript (migration 0098): the admin's list reads these, not every transcript.
     */
    answered: integer("answered").notNull().default(0),
    lastAnswerAt: text("last_answer_at"),
    status: text("status", { enum: ONBOARD_STATUSES }).notNull().default("in_progress"),
    /** The chat created its customer: its answers may then set the company's name, business and investor type. */
    createdCustomer: integer("created_customer", { mode: "boolean" }).notNull().default(false),
    /** The potential customer it was recorded as, once. */
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("onboard_chats_user_side_idx").on(t.userId, t.side),
    index("onboard_chats_status_idx").on(t.status, t.updatedAt),
    // the admin's list by last answer or by start, all chats or one side's: a page read from
    // here, not every chat sorted with its transcript
    index("onboard_chats_updated_idx").on(t.updatedAt, t.id),
    index("onboard_chats_side_updated_idx").on(t.side, t.updatedAt, t.id),
    index("onboard_chats_created_idx").on(t.createdAt, t.id),
  ],
);
export type OnboardChat = typeof onboardChats.$inferSelect;

/**
 * A member's conversation with the matchmaking assistant (issue #13 item 5): one a
 * member, kept across reloads until "Start over". `proposal` holds the criteria the
 * assistant understood and waits for the member's consent before it is saved.
 */
export const matchmakingChats = sqliteTable("matchmaking_chats", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  turns: text("turns", { mode: "json" }).$type<BotTurn[]>().notNull().default(sql`'[]'`),
  proposal: text("proposal", { mode: "json" }).$type<BuyerCriteria | null>(),
  // the company's criteria (as the forms spell them) when the proposal began: Save writes only what the
  // conversation changed from them, so a colleague's or an admin's change made meanwhile is not put back
  proposalBasis: text("proposal_basis", { mode: "json" }).$type<BuyerCriteria | null>(),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
export type MatchmakingChat = typeof matchmakingChats.$inferSelect;

/** Settings admins change without a release, one JSON value per key (the match weights, the bot's questions). */
export const systemSettings = sqliteTable("system_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * How well each visible project fits each buyer company (app/lib/match-score.ts),
 * kept current when a project is published or withdrawn and when criteria change;
 * only scores worth showing are stored.
 */
export const matches = sqliteTable(
  "matches",
  {
    projectId: projectRef(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    reasons: text("reasons", { mode: "json" }).$type<Array<{ reason: string; points: number }>>().notNull(),
    computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.customerId] }),
    index("matches_project_score_idx").on(t.projectId, sql`${t.score} desc`, t.customerId),
    index("matches_customer_score_idx").on(t.customerId, sql`${t.score} desc`, t.projectId),
  ],
);

/**
 * Listings whose matches are to be scored again for every buyer company: all of them after new
 * weights, a bulk upload's once it is published. Drained a few at a time (the request that queued
 * them, then housekeeping), each listing's new matches and its leaving the queue in one batch, so
 * a restart loses nothing and repeats at most one listing (decision 088).
 */
export const matchQueue = sqliteTable("match_queue", {
  projectId: projectRef().primaryKey(),
  /** When it was queued last: a listing queued again while a drainer scored it stays for the next. */
  queuedAt: integer("queued_at").notNull(),
});

/** Named recipient lists for bulk e-mail and SMS; members are resolved from the definition when sending. */
export const recipientLists = sqliteTable(
  "recipient_lists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    channel: text("channel", { enum: LIST_CHANNELS }).notNull(),
    kind: text("kind", { enum: LIST_KINDS }).notNull(),
    definition: text("definition", { mode: "json" }).$type<ListDefinition>().notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    /** The save form's one-time key (decision 083): the same form sent again (a resend, a second tab) saves one list. */
    submissionKey: text("submission_key"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recipient_lists_submission_key_idx").on(t.submissionKey)],
);
export type RecipientList = typeof recipientLists.$inferSelect;

/** Addresses and numbers nobody may market to again: every campaign skips them. */
export const suppressions = sqliteTable(
  "suppressions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: SUPPRESSION_CHANNELS }).notNull(),
    /** The e-mail address lower-cased, or the phone number in E.164. */
    address: text("address").notNull(),
    reason: text("reason", { enum: SUPPRESSION_REASONS }).notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("suppressions_address_idx").on(t.channel, t.address)],
);

/** A bulk message to a list: one outbox row per recipient once sent. */
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: SUPPRESSION_CHANNELS }).notNull(),
    listId: integer("list_id")
      .notNull()
      .references(() => recipientLists.id),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** Members the list resolved to when sent, and those skipped as suppressed or unreachable. */
    total: integer("total").notNull().default(0),
    suppressed: integer("suppressed").notNull().default(0),
    unreachable: integer("unreachable").notNull().default(0),
    /** SMS: members skipped because their company's allowance could not cover the text. */
    noAllowance: integer("no_allowance").notNull().default(0),
    /** Its outbox rows by status, kept by triggers on the outbox (migration 0088): the campaign's page read 20,000 rows to count them. */
    pendingCount: integer("pending_count").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    /** Scheduled: no message goes before this. */
    sendAt: integer("send_at", { mode: "timestamp_ms" }),
    /** The API client's Idempotency-Key: a retry finds this campaign instead of making another. */
    idempotencyKey: text("idempotency_key"),
  },
  (t) => [index("campaigns_created_idx").on(t.createdAt), uniqueIndex("campaigns_idempotency_key_idx").on(t.idempotencyKey)],
);
export type Campaign = typeof campaigns.$inferSelect;

/** How far a reached customer went, as the page orders it: 3 an offer, 2 an NDA, 1 a look, 0 nothing yet. */
export const outcomeStage = (t: { viewedAt: unknown; signedAt: unknown; offeredAt: unknown }) =>
  sql<number>`(case when ${t.offeredAt} is not null then 3 when ${t.signedAt} is not null then 2 when ${t.viewedAt} is not null then 1 else 0 end)`;
/** When the customer reached that stage. */
export const outcomeStageAt = (t: { viewedAt: unknown; signedAt: unknown; offeredAt: unknown }) => sql<number | null>`(case when ${t.offeredAt} is not null then ${t.offeredAt} when ${t.signedAt} is not null then ${t.signedAt} else ${t.viewedAt} end)`;

/**
 * What followed a campaign (decision 065): a row per customer its messages reached, written when
 * the first one is delivered, and the customer's first look at the promoted project (any project when
 * it promoted none), NDA and offer within 14 days of it, each set by a trigger as the step is
 * recorded. A later deletion (a pruned daily look, a withdrawn offer) takes nothing away.
 */
export const campaignOutcomes = sqliteTable(
  "campaign_outcomes",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    viewedAt: integer("viewed_at", { mode: "timestamp_ms" }),
    signedAt: integer("signed_at", { mode: "timestamp_ms" }),
    offeredAt: integer("offered_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.customerId] }),
    // a step finds the campaigns that reached its customer in the 14 days before it
    index("campaign_outcomes_customer_idx").on(t.customerId, t.sentAt),
    // the page's order (furthest stage, latest first) from the index alone
    index("campaign_outcomes_stage_idx").on(t.campaignId, outcomeStage(t), outcomeStageAt(t), t.customerId),
  ],
);

/** A member's saved search (issue #13 item 6): the search page's filters, and whether new matches are e-mailed daily. */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The search's filters as a canonical query string (app/lib/saved-searches.ts). */
    query: text("query").notNull().default(""),
    alerts: integer("alerts", { mode: "boolean" }).notNull().default(true),
    /** When its matches were last e-mailed: the next digest covers what changed since (or since created_at). */
    lastDigestAt: integer("last_digest_at", { mode: "timestamp_ms" }),
    /** When the digest last looked for matches: runs take the least recently checked first, and claim by moving it. */
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_searches_user_name_idx").on(t.userId, sql`lower(${t.name})`),
    // the digests' claim walks due searches in this order and reads all it tests here (claimDueMembers)
    index("saved_searches_due_idx").on(t.alerts, t.checkedAt, t.userId, t.lastDigestAt),
  ],
);
export type SavedSearch = typeof savedSearches.$inferSelect;

/** What a saved search's digests already reported: a project again only once it has changed since. */
export const savedSearchAlerts = sqliteTable(
  "saved_search_alerts",
  {
    searchId: integer("search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The project's updated_at as reported. */
    projectUpdatedAt: integer("project_updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.projectId] })],
);

/**
 * System data for real-estate valuation: per property type (spec §9) and region
 * (spec §9 locations), the market cap rate, vacancy and expense ratio, in percent.
 */
export const propertyAssumptions = sqliteTable(
  "property_assumptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    propertyType: text("property_type").notNull(),
    region: text("region").notNull(),
    capRate: real("cap_rate").notNull(),
    vacancy: real("vacancy").notNull(),
    expenseRatio: real("expense_ratio").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [uniqueIndex("property_assumptions_type_region_idx").on(t.propertyType, t.region)],
);
export type PropertyAssumption = typeof propertyAssumptions.$inferSelect;

/** The Standard Industrial Classification: the codes the limited-company form accepts. */
export const sicCodes = sqliteTable(
  "sic_codes",
  {
    /** Four digits. */
    code: text("code").primaryKey(),
    title: text("title").notNull(),
    /** A to J (and K, nonclassifiable). */
    division: text("division").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("sic_codes_division_idx").on(t.division, t.code)],
);
export type SicCode = typeof sicCodes.$inferSelect;

/**
 * A company's responsiveness on one side of a deal (app/lib/responsiveness.ts, decision
 * 019): recomputed from the deal records on each event and nightly, so pages read one row.
 */
export const responsiveness = sqliteTable(
  "responsiveness",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    side: text("side", { enum: RESPONSIVENESS_SIDES }).notNull(),
    /** 0–100; null when nothing was asked of the company in the window. */
    score: integer("score"),
    reason: text("reason").notNull(),
    answered: integer("answered").notNull(),
    asked: integer("asked").notNull(),
    medianReplyMs: integer("median_reply_ms"),
    computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.side] })],
);

/**
 * Each ask of the window behind those scores, with its answer (decision 079): a deal's
 * event gathers its own asks again from its records, and its companies are scored from
 * the kept ones, where gathering all of a large seller's asks took 400 ms per message.
 */
export const responsivenessAsks = sqliteTable(
  "responsiveness_asks",
  {
    id: integer("id").primaryKey(),
    /** The company asked. */
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    side: text("side", { enum: RESPONSIVENESS_SIDES }).notNull(),
    kind: text("kind").notNull(),
    /** The deal the ask belongs to: its project and buyer (none for an invitation, which a company receives). */
    projectId: projectRef(),
    buyerId: integer("buyer_id").references(() => users.id, { onDelete: "cascade" }),
    /** Epoch milliseconds. */
    askedAt: integer("asked_at").notNull(),
    answeredAt: integer("answered_at"),
    /** answered_at - asked_at when the answer came after the ask: a company's median reply is a walk of its index. */
    replyMs: integer("reply_ms"),
  },
  (t) => [
    // a company's side counted (every entry of the range) and its median reply (from the first reply on, in order)
    index("responsiveness_asks_company_idx").on(t.customerId, t.side, t.replyMs, t.askedAt, t.kind, t.answeredAt),
    index("responsiveness_asks_deal_idx").on(t.projectId, t.buyerId, t.customerId),
  ],
);

/**
 * An admin's "Invite to view": a buyer company sent a project's teaser. It is an ask
 * of that company's responsiveness, and keeps a second invitation within a day from
 * going out.
 */
export const projectInvitations = sqliteTable(
  "project_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: projectRef(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    /** Members e-mailed. */
    recipients: integer("recipients").notNull(),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("project_invitations_project_idx").on(t.projectId, t.customerId, t.invitedAt),
    index("project_invitations_customer_idx").on(t.customerId, t.invitedAt),
  ],
);

/** The benchmark curve (issue #15): one row per as-of day and tenor; pricing reads the latest day's points. */
export const interestRates = sqliteTable(
  "interest_rates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** YYYY-MM-DD. */
    asOf: text("as_of").notNull(),
    /** 1 month to 30 years. */
    tenorMonths: integer("tenor_months").notNull(),
    /** Percent a year, compounded monthly. */
    rate: real("rate").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("interest_rates_point_idx").on(t.asOf, t.tenorMonths)],
);
export type InterestRate = typeof interestRates.$inferSelect;

/**
 * Pricing coefficients: spreads in basis points by dimension and band (loan status,
 * property type, collateral, LTV, DSCR, seasoning), and the default CPR, CDR and
 * severity in percent by loan status (dimensions cpr, cdr, severity).
 */
export const pricingCoefficients = sqliteTable(
  "pricing_coefficients",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    dimension: text("dimension", { enum: COEFFICIENT_DIMENSIONS }).notNull(),
    band: text("band").notNull(),
    value: real("value").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("pricing_coefficients_band_idx").on(t.dimension, t.band)],
);
export type PricingCoefficient = typeof pricingCoefficients.$inferSelect;

/** Affiliate partners (issue #14): approved from an affiliate inquiry, each with a referral code for /join?ref=CODE. */
export const affiliates = sqliteTable(
  "affiliates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Short and URL-safe; generated. */
    code: text("code").notNull().unique(),
    inquiryId: integer("inquiry_id").references(() => inboundItems.id, { onDelete: "set null" }),
    status: text("status", { enum: AFFILIATE_STATUSES }).notNull().default("active"),
    commissionPercent: real("commission_percent").notNull().default(0),
    createdAt: createdAt(),
  },
  // the open applications are the affiliate inquiries without a partner: looked up here, not in an index SQLite built on every load
  // (migration 0067); deleting an inquiry finds its partner here too
  (t) => [index("affiliates_inquiry_idx").on(t.inquiryId)],
);
export type Affiliate = typeof affiliates.$inferSelect;

/** Who brought a member: a partner, or a buyer's own link. Conversions are counted from contracts and offers, not stored. */
export const referrals = sqliteTable(
  "referrals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    affiliateId: integer("affiliate_id").references(() => affiliates.id, { onDelete: "set null" }),
    referrerUserId: integer("referrer_user_id").references(() => users.id, { onDelete: "set null" }),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    commissionStatus: text("commission_status", { enum: COMMISSION_STATUSES }).notNull().default("pending"),
    /** The referred member's NDAs signed and offers accepted, kept by triggers on contracts and offers (migration 0087). */
    ndasSigned: integer("ndas_signed").notNull().default(0),
    offersAccepted: integer("offers_accepted").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // covering: a partner's referred members, their commissions and conversions, summed without reading the referrals
    index("referrals_affiliate_idx").on(t.affiliateId, t.userId, t.commissionStatus, t.ndasSigned, t.offersAccepted),
    index("referrals_referrer_idx").on(t.referrerUserId),
  ],
);

/**
 * What a seller's colleague may do on the team's projects (issue #15 item 5, decision 027).
 * No row: nothing beyond the member's own projects. The customer's first member and a
 * project's own seller hold every permission without a row, so nothing needs backfilling.
 */
export const sellerPermissions = sqliteTable("seller_permissions", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  grants: text("grants", { mode: "json" }).$type<SellerGrants>().notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * A bulk upload of listings for one seller (issue #15 item 7): checked whole before it
 * is staged, then drained in chunks (the request that staged it, then housekeeping)
 * with `cursor` the last line in; a lease keeps two drainers off one job.
 */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: PROJECT_KINDS }).notNull(),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    target: text("target", { enum: IMPORT_TARGETS }).notNull(),
    status: text("status", { enum: IMPORT_STATUSES }).notNull().default("queued"),
    total: integer("total").notNull(),
    imported: integer("imported").notNull().default(0),
    cursor: integer("cursor").notNull().default(0),
    leaseUntil: integer("lease_until").notNull().default(0),
    error: text("error"),
    /** The upload form's one-time key: the same form posted twice (a double click, a resend) stages one job. */
    submissionKey: text("submission_key"),
    /** The uploaded file's SHA-256 (hex): the same file imported again for the seller is asked about first. Null before migration 0093. */
    fileSha256: text("file_sha256"),
    /** The earlier import of the same file this one makes again, as the admin answered when asked (0: none; migration 0096). */
    repeats: integer("repeats").notNull().default(0),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("import_jobs_status_idx").on(t.status),
    index("import_jobs_kind_idx").on(t.kind, t.id),
    uniqueIndex("import_jobs_submission_key_idx").on(t.submissionKey),
    index("import_jobs_file_sha256_idx").on(t.fileSha256),
    // one import a file for a seller and kind, and one for each time the admin said to make it again: the same
    // file posted twice at once from two pages both passed the read that asks (earlierImport); the index refuses one
    uniqueIndex("import_jobs_same_file_idx").on(t.fileSha256, t.sellerId, t.kind, t.repeats).where(sql`${t.status} <> 'failed'`),
  ],
);
export type ImportJob = typeof importJobs.$inferSelect;

/** A checked row of an import job: the project's columns and its kind's details, as JSON. */
export const importJobRows = sqliteTable(
  "import_job_rows",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => importJobs.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    row: text("row").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.line] })],
);

/** An uploaded NDA or sale-agreement PDF; a new upload of a kind is its next version, older ones stay for what was signed. */
export const contractTemplates = sqliteTable(
  "contract_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: CONTRACT_TEMPLATE_KINDS }).notNull(),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    fileKey: text("file_key").notNull(),
    sha256: text("sha256").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("contract_templates_version_idx").on(t.kind, t.version)],
);
export type ContractTemplate = typeof contractTemplates.$inferSelect;
