// The market `npm run bench:survey` stands on: one database with the most data any bench has, so that
// every page is opened at the size a busy marketplace reaches, not only the page a bench was written for.
// - bench:marketing's market: 100,000 customers, 20,000 member buyers, 200 projects, a million page
//   sessions, a saved list of 20,000 companies and an e-mail campaign to it;
// - bench:admin-projects' market: 100,000 generated projects of one seller (the big seller), 2,000
//   more buyers with 25,000 NDAs, 75,000 messages and 7,500 offers, 500,000 page sessions;
// - the accounts the survey signs in as: an admin (with two-factor sign-in), a seller of 2,000 projects
//   in a company of 40 seller colleagues, a buyer with 600 deals and a 5,000-message thread, a broker;
// - rows for every admin table (inbound, leads, on-boarding chats, partners, audit log, outbox).
// The rows are written in set-based statements (the bench's market, not the app's writers), but only
// with values the app writes itself, under every migration's triggers; then housekeeping is run until
// it has caught up, as it would have on a server that has been up, so that its first runs (the outbox
// purge of a month of bodies, the saved-search digests, the nightly responsiveness pass) do not land in
// the middle of the timing.
import fs from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { applyMigrations } from "../app/.server/db/migrate-node";
import type { Services } from "../app/.server/services";
import { parseEnv } from "../app/.server/env";
import { auditLog, users } from "../app/.server/db/schema";
import { hashPassword } from "../app/.server/password";
import { chainHash } from "../app/models/audit.server";
import { createCampaign, sendCampaign } from "../app/models/campaigns.server";
import { runMaintenance } from "../app/models/maintenance.server";
import { createRecipientList } from "../app/models/recipient-lists.server";
import { recomputeResponsivenessIfDue } from "../app/models/responsiveness.server";
import { enrolTotp } from "../app/models/two-factor.server";
import { random } from "../app/seed/demo-market";
import { DEMO_ADMIN_TOTP_SECRET } from "../app/seed/factories";
import { buildCustomerMarket } from "./bench-customer-market";
import { insertGeneratedProjects } from "./bench-market";

export const SURVEY_PASSWORD = "survey-password";
// fixed, not random: the admin's authenticator secret is sealed with it in the database that BENCH_KEEP reuses
export const SURVEY_SESSION_SECRET = "bench-survey-session-secret-bench-survey-session-secret";
/** The demo admin's authenticator secret: the survey signs in with a real code. */
export const SURVEY_ADMIN_TOTP = DEMO_ADMIN_TOTP_SECRET;
export const SURVEY_ACCOUNTS = {
  admin: "admin@survey.test",
  seller: "seller@survey.test",
  bigseller: "seller@bench.test",
  buyer: "buyer@survey.test",
  broker: "broker@survey.test",
} as const;

/** What the survey's pages are opened with: ids read from the database once it is built. */
export type SurveyMarket = {
  users: { admin: number; seller: number; bigSeller: number; buyer: number; broker: number; colleague: number };
  /** busiest: the survey seller's listed project with the most NDAs (the long thread, the data room); realEstate: one of the seller's listed real-estate projects; elsewhere: a listed project of the big seller's. */
  projects: { busiest: number; realEstate: number; elsewhere: number };
  /** The buyer's company, the seller's, and a member company with no signed NDA (its seller view is not found). */
  customers: { buyerCompany: number; sellerCompany: number; unsigned: number };
  envelopes: { buyer: string; broker: string };
  /** The long thread's middle message (a page of older messages), an audit entry halfway down the log. */
  threadMiddle: number;
  auditMiddle: number;
  affiliate: number;
  list: number;
  campaign: number;
  chat: number;
  rows: Record<string, number>;
};

const DAY = 86_400_000;
const PROJECTS = 100_000;
const BUYERS = 2_000;
/** The rows a recursive counter gives: `i` from 0 to n - 1. */
const series = (n: number) => `with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${n})`;

/** The survey's 50,000 potential customers, a minute apart back from `now` (also what a one-off measure of their table stands on). */
export async function insertSurveyLeads(client: Client, now: number) {
  await client.execute(`${series(50_000)} insert into leads (source, status, name, email, company, created_at)
    select case i % 3 when 0 then 'demo' when 1 then 'onboarding' else 'import' end, case i % 5 when 0 then 'converted' when 1 then 'dismissed' else 'open' end,
      'Lead ' || i, 'l' || i || '@lead.test', 'Lead Co ' || i, ${now} - i * 60000 from s`);
}

export async function buildSurveyMarket(file: string, { sessionSecret, log }: { sessionSecret: string; log: (line: string) => void }): Promise<SurveyMarket> {
  const client = createClient({ url: `file:${file}` });
  await client.execute("PRAGMA journal_mode = WAL");
  await applyMigrations(client, path.resolve(__dirname, "../migrations"));
  const db = drizzle(client, { schema }) as unknown as Database;
  const x = (sql: string) => client.execute(sql);
  const one = async (sql: string) => Number(Object.values((await x(sql)).rows[0] ?? { none: 0 })[0]);
  const now = Date.now();

  // ---- bench:marketing's market: the campaign goes out 12 days ago, before the members' sessions, offers and NDAs
  const [admin0] = await db.insert(users).values({ email: "admin@bench.test", name: "Admin", passwordHash: "x", roles: ["ROLE_ADMIN"] }).returning();
  const actor = { id: admin0!.id, name: admin0!.name, email: admin0!.email };
  const services = { db, env: { APP_URL: "http://127.0.0.1", SESSION_SECRET: sessionSecret }, waitUntil: () => undefined } as unknown as Pick<Services, "db" | "env" | "waitUntil">;
  let promoted = 0;
  let list = 0;
  let campaign = 0;
  const { memberCount } = await buildCustomerMarket(client, db, {
    count: 100_000,
    sessions: 1_000_000,
    now,
    beforeActivity: async (projectIds) => {
      promoted = projectIds[0]!;
      await x(`insert into suppressions (channel, address, reason, at)
        select 'email', lower(attention_email), 'unsubscribed', ${now} from customers where id % 97 = 0 and attention_email <> ''`);
      list = await createRecipientList(db, { name: "Signed an NDA", channel: "email", kind: "filters", definition: { query: "minNdas=1" }, actor });
      const draft = { listId: list, subject: "A new pool for {{customerName}}", body: "Dear {{contactPerson}}, see {{teaserUrl}}.", projectId: promoted };
      campaign = (await createCampaign(db, { channel: "email", draft, actor })).id;
      await sendCampaign(services, { campaignId: campaign, actor });
      await x(`update outbox set status = 'sent', sent_at = ${now - 12 * DAY}, attempts = 1 where campaign_id = ${campaign}`);
    },
  });
  await x(`insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
    ${series(50_000)} select 'p' || i, (select id from users where email = 'm' || (i % ${memberCount}) || '@bench.test'),
      '/projects/more-details/${promoted}', 'company-before-nda', ${promoted}, ${now} - i * 7000, ${now} - i * 7000 + 60000, 60000, 30000, 0.5, '{}', ${now} from s`);
  await x(`update contracts set signed_at = ${now - 5 * DAY}, nda_status = 'Signed' where id % 3 = 0`);
  log("customer market built (bench:marketing's)");

  // ---- bench:admin-projects' market, listed by the customer market's seller (the big seller)
  const bigSeller = await one("select id from users where email = 'seller@bench.test'");
  const firstGenerated = (await one("select max(id) from projects")) + 1;
  const r = random(7);
  await insertGeneratedProjects(db, { count: PROJECTS, sellerId: bigSeller, r, now });
  await x(`with recursive n(value) as (select 1 union all select value + 1 from n where value < ${BUYERS})
    insert into users (email, name, password_hash, roles, created_at)
    select 'buyer' || value || '@bench.test', 'Bench Buyer ' || value, '', '["ROLE_BUYER"]', ${now} from n`);
  const firstBuyer = await one("select min(id) from users where email like 'buyer%@bench.test'");
  // a market's deals: most projects have none, a few are sought after
  const deals = { contracts: [] as string[], messages: [] as string[], offers: [] as string[] };
  for (let i = 0; i < PROJECTS / 4; i++) {
    const project = firstGenerated + Math.floor(r.next() ** 3 * PROJECTS);
    const buyer = firstBuyer + Math.floor(r.next() * BUYERS);
    deals.contracts.push(`(${project}, ${buyer}, 'bench-${i}', 'k', 's', ${now - i * 60_000}, 'NDA Approved')`);
    for (let m = 0; m < 3; m++) deals.messages.push(`(${project}, ${buyer}, ${buyer}, 'hello', ${now - i * 60_000 + m})`);
    if (r.next() < 0.3) deals.offers.push(`(${project}, ${buyer}, 'submitted', 1000000, 'cash', 30, '2027-01-01', 'k', 's', ${now}, ${now})`);
  }
  const chunks = (rows: string[]) => Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => rows.slice(i * 500, (i + 1) * 500).join(","));
  for (const v of chunks(deals.contracts)) await x(`insert or ignore into contracts (project_id, buyer_id, envelope_id, document_key, document_sha256, requested_at, nda_status) values ${v}`);
  for (const v of chunks(deals.messages)) await x(`insert into messages (project_id, buyer_id, sender_id, body, created_at) values ${v}`);
  for (const v of chunks(deals.offers)) {
    await x(`insert into offers (project_id, buyer_id, status, price, structure, due_diligence_days, expires_on, pdf_key, pdf_sha256, created_at, updated_at) values ${v}`);
  }
  // buyers' looks at teasers, sought-after projects the most (a tenth of them the seller's own)
  await x(`insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
    select 'v' || i, user_id, '/projects/more-details/' || project_id, 'company-before-nda', project_id, ${now} - i * 1000, ${now} - i * 1000 + 60000, 60000, 30000, 0.5, '{}', ${now}
    from (${series(500_000)} select i, case when i % 10 = 0 then ${bigSeller} else ${firstBuyer} + i % ${BUYERS} end as user_id,
      ${firstGenerated} + cast(((abs(random()) % 1000000) / 1000000.0) * ((abs(random()) % 1000000) / 1000000.0) * ((abs(random()) % 1000000) / 1000000.0) * ${PROJECTS} as integer) as project_id from s)`);
  log("project market built (bench:admin-projects')");

  // ---- the survey's accounts
  const pw = await hashPassword(SURVEY_PASSWORD);
  await x(`update users set password_hash = '${pw}' where id = ${bigSeller}`);
  const account = (email: string, name: string, role: string, customerId: number | null) =>
    one(`insert into users (email, name, password_hash, roles, customer_id, created_at) values ('${email}', '${name}', '${pw}', '["${role}"]', ${customerId ?? "null"}, ${now}) returning id`);
  // the seller's company has no member yet (its colleagues follow); the buyer joins the first member company whose
  // member signed an NDA (a company of two), the broker the member company after it
  const sellerCompany = await one("select id from customers c where not exists (select 1 from users u where u.customer_id = c.id) order by id limit 1");
  const buyerCompany = await one(`select u.customer_id from contracts k join users u on u.id = k.buyer_id
    where k.signed_at is not null and u.customer_id is not null order by u.customer_id limit 1`);
  const brokerCompany = await one(`select min(customer_id) from users where customer_id > ${buyerCompany}`);
  await x(`update customers set customer_type = case id when ${sellerCompany} then 'seller' when ${brokerCompany} then 'broker' else customer_type end
    where id in (${sellerCompany}, ${brokerCompany})`);
  const admin = await account(SURVEY_ACCOUNTS.admin, "Survey Admin", "ROLE_ADMIN", null);
  await enrolTotp(db, sessionSecret, admin, SURVEY_ADMIN_TOTP);
  const seller = await account(SURVEY_ACCOUNTS.seller, "Survey Seller", "ROLE_SELLER", sellerCompany);
  const buyer = await account(SURVEY_ACCOUNTS.buyer, "Survey Buyer", "ROLE_BUYER", buyerCompany);
  const broker = await account(SURVEY_ACCOUNTS.broker, "Survey Broker", "ROLE_BROKER", brokerCompany);
  // the survey seller: the customer market's 200 projects (20,000 members' deals) and the 1,800 generated ones with the most NDAs
  // (the projects' trigger gives the seller a read marker, nothing read, on each of their threads)
  await x(`update projects set seller_id = ${seller} where id < ${firstGenerated}`);
  await x(`update projects set seller_id = ${seller} where id in (select id from projects where id >= ${firstGenerated} order by nda_count desc, id limit 1800)`);
  // a team: 40 colleagues in the seller's company, every second one allowed to view the team's projects
  for (let i = 0; i < 40; i++) {
    const colleague = await account(`colleague${i}@survey.test`, `Colleague ${i}`, "ROLE_SELLER", sellerCompany);
    await x(`insert into seller_permissions (user_id, grants, updated_by, updated_at) values (${colleague}, '${JSON.stringify({ all: i % 2 ? ["view"] : [], projects: {} })}', ${seller}, ${now})`);
  }
  // the seller's project with the most NDAs is the busiest one (the long thread, the data room): listed, for buyers
  // to open it (the generated market puts NDAs on projects of every status, and it may be under review)
  const busiest = await one(`select id from projects where seller_id = ${seller} order by nda_count desc, id limit 1`);
  await x(`update projects set status = 'published', published_at = coalesce(published_at, ${now - 30 * DAY}) where id = ${busiest}`);
  // the seller's listings with the most NDAs (a buyer asks for one only on a listing)
  const mostSought = (n: number) => `(select id from projects where seller_id = ${seller} and status in ('published', 'under_offer') order by nda_count desc, id limit ${n})`;

  // ---- the buyer's and the broker's deals on the seller's most sought-after projects: NDAs at every step (approved on the
  // busiest, whose workspace is surveyed), threads of 20 messages on half of them, offers on a fifth
  for (const [who, n] of [[buyer, 600], [broker, 300]] as const) {
    await x(`insert or ignore into contracts (project_id, buyer_id, envelope_id, document_key, document_sha256, requested_at, nda_status, signed_at)
      select id, ${who}, 'sv-${who}-' || id, 'k', 's', ${now} - id * 1000,
        case when id = ${busiest} then 'NDA Approved' else case id % 4 when 0 then 'Requested' when 1 then 'Signed' else 'NDA Approved' end end,
        case when id % 4 = 0 and id <> ${busiest} then null else ${now} - id * 500 end
      from ${mostSought(n)}`);
    await x(`${series(20)} insert into messages (project_id, buyer_id, sender_id, body, created_at)
      select p.id, ${who}, case when s.i % 2 = 0 then ${who} else ${seller} end, 'About the tape, message ' || s.i, ${now} - p.id * 1000 + s.i * 60000
      from ${mostSought(n / 2)} p, s`);
    await x(`insert into offers (project_id, buyer_id, status, price, structure, due_diligence_days, expires_on, pdf_key, pdf_sha256, created_at, updated_at)
      select id, ${who}, 'submitted', 2500000, 'cash', 30, '2027-01-01', 'k', 's', ${now} - id * 1000, ${now} - id * 1000 from ${mostSought(n / 5)}`);
  }
  // one long thread: 5,000 messages between the buyer and the seller on the busiest project
  await x(`${series(5000)} insert into messages (project_id, buyer_id, sender_id, body, created_at)
    select ${busiest}, ${buyer}, case when i % 2 = 0 then ${buyer} else ${seller} end, 'Long thread message ' || i || ': ' || hex(randomblob(60)), ${now} - (5000 - i) * 600000 from s`);
  // the seller has read the first message of each thread (their marker exists already: it is moved, and the
  // markers' trigger counts what is unread past it); the buyer and the broker have read all of theirs (their
  // markers exist too, from migration 0069 on: moved where they do)
  await x(`update thread_reads set last_read_id = (select min(m.id) from messages m where m.project_id = thread_reads.project_id and m.buyer_id = thread_reads.buyer_id)
    where user_id = ${seller}`);
  await x(`insert into thread_reads (project_id, buyer_id, user_id, last_read_id)
    select project_id, buyer_id, buyer_id, max(id) from messages where buyer_id in (${buyer}, ${broker}) group by project_id, buyer_id
    on conflict (project_id, buyer_id, user_id) do update set last_read_id = excluded.last_read_id`);
  // every offer submitted, every second one countered by the seller
  await x(`insert into offer_events (offer_id, actor_id, action, terms, note, revision, created_at) select id, buyer_id, 'submitted', '{}', '', 1, created_at from offers`);
  await x(`insert into offer_events (offer_id, actor_id, action, terms, note, revision, created_at) select id, ${seller}, 'countered', '{}', 'counter', 2, created_at + 1000 from offers where id % 2 = 0`);
  await x(`insert or ignore into feedback (project_id, buyer_id, reasons, comment, created_at) select project_id, buyer_id, '["Other"]', 'no', ${now} from contracts where id % 7 = 0`);
  // notifications: 20,000 for each of the four accounts (a third unread), 100,000 among the bench's buyers
  for (const who of [admin, seller, buyer, broker]) {
    await x(`${series(20_000)} insert into notifications (user_id, kind, message, link, read_at, created_at)
      select ${who}, 'message', 'New message ' || i, '/messages', case when i % 3 = 0 then null else ${now} end, ${now} - i * 60000 from s`);
  }
  await x(`${series(100_000)} insert into notifications (user_id, kind, message, link, created_at)
    select ${firstBuyer} + i % ${BUYERS}, 'nda_approved', 'NDA approved ' || i, '/buyers/myprojects', ${now} - i * 1000 from s`);
  // the buyer's saved searches and 2,000 recently viewed listings; every bench buyer looked at the busiest project
  const regions = ["Midwest", "Northeast", "West", "South"];
  for (let i = 0; i < 20; i++) {
    await x(`insert into saved_searches (user_id, name, query, alerts, created_at) values (${buyer}, 'Search ${i}', 'region=${regions[i % 4]}', 1, ${now})`);
  }
  await x(`insert or ignore into recently_viewed (user_id, project_id, viewed_at)
    select ${buyer}, id, ${now} - id from projects where status in ('published','under_offer') order by id desc limit 2000`);
  await x(`insert or ignore into recently_viewed (user_id, project_id, viewed_at) select id, ${busiest}, ${now} - id from users where email like 'buyer%@bench.test'`);
  // matches: 1,000 companies each for the seller's 200 most sought-after projects, 5,000 listings for the survey's companies
  await x(`insert or ignore into matches (project_id, customer_id, score, reasons, computed_at)
    select p.id, c.id, abs(random()) % 100, '[{"reason":"Industry","points":30}]', ${now} from ${mostSought(200)} p, (select id from customers where id % 100 = 0) c`);
  await x(`insert or ignore into matches (project_id, customer_id, score, reasons, computed_at)
    select p.id, c.id, abs(random()) % 100, '[{"reason":"Industry","points":30}]', ${now}
    from (select id from projects where status in ('published','under_offer') limit 5000) p, (select id from customers where id in (${buyerCompany}, ${brokerCompany}, ${sellerCompany})) c`);
  // the busiest project's data room: 200 documents opened 50,000 times; 50,000 invitations to its 10 most sought-after
  await x(`${series(200)} insert into documents (project_id, name, type, size, storage_key, sha256, uploaded_by, created_at)
    select ${busiest}, 'Tape ' || i || '.xlsx', 'xlsx', 100000, 'k' || i, 's', ${seller}, ${now} - i * 1000 from s`);
  await x(`${series(50_000)} insert into document_events (project_id, document_id, document_name, user_id, action, ip_address, created_at)
    select ${busiest}, (select min(id) from documents) + i % 200, 'Tape', ${firstBuyer} + i % ${BUYERS}, case when i % 2 then 'view' else 'download' end, '127.0.0.1', ${now} - i * 1000 from s`);
  await x(`insert into project_invitations (project_id, customer_id, invited_by, recipients, invited_at)
    select p.id, c.id, ${admin}, 2, ${now} - c.id * 1000 from ${mostSought(10)} p, (select id from customers where id % 20 = 0) c`);
  log("accounts and their deals built");

  // ---- the admin's inbound, partner, audit and outbox tables
  for (const kind of ["demo", "inquiry", "affiliate", "contact"]) {
    await x(`${series(25_000)} insert into inbound_items (kind, status, name, email, company, message, user_id, project_id, created_at)
      select '${kind}', case i % 4 when 0 then 'new' when 1 then 'contacted' when 2 then 'converted' else 'dismissed' end, 'Person ' || i, 'p' || i || '@${kind}.test', 'Company ' || i,
        'Hello, I would like to know more about your marketplace. ' || hex(randomblob(40)),
        ${kind === "inquiry" ? `case when i % 50 = 0 then ${buyer} else ${firstBuyer} + i % ${BUYERS} end` : "null"}, ${kind === "inquiry" ? busiest : "null"}, ${now} - i * 60000 from s`);
  }
  await x(`${series(20_000)} insert into contact_messages (name, email, company, message, handled, created_at)
    select 'Person ' || i, 'c' || i || '@contact.test', 'Co ' || i, 'Message ' || hex(randomblob(40)), i % 2, ${now} - i * 60000 from s`);
  await insertSurveyLeads(client, now);
  const transcript = JSON.stringify(Array.from({ length: 12 }, (_, k) => ({ step: `s${k}`, question: `Question ${k}?`, answer: `Answer ${k}`, at: new Date(now).toISOString() })));
  await x(`insert into onboard_chats (user_id, customer_id, side, current_step, transcript, status, created_at, updated_at)
    select id, customer_id, 'buyer', 'done', '${transcript}', case when id % 3 = 0 then 'completed' else 'in_progress' end, ${now} - id * 1000, ${now} - id * 1000
    from users where email like 'm%@bench.test' and id % 2 = 0`);
  await x(`${series(2000)} insert into affiliates (name, email, code, status, commission_percent, created_at)
    select 'Partner ' || i, 'a' || i || '@aff.test', 'code' || i, 'active', 10, ${now} - i * 60000 from s`);
  await x(`insert into referrals (affiliate_id, user_id, commission_status, created_at)
    select (select min(id) from affiliates) + (id % 20), id, 'pending', ${now} from users where email like 'm%@bench.test'`);
  await x(`${series(10_000)} insert into matchmaking_chats (user_id, turns, created_at, updated_at)
    select u.id, '[{"from":"bot","text":"Hi","at":"2026-01-01T00:00:00.000Z"}]', ${now}, ${now} from users u where u.email like 'm%@bench.test' and u.id % 2 = 1 limit 10000`);
  await appendAuditHistory(db, { count: 100_000, admin, subject: firstGenerated, now });
  // 300,000 sent or failed messages (a tenth SMS, one in a hundred still waiting: no provider is configured, so they wait)
  await x(`${series(300_000)} insert into outbox (channel, recipient, subject, body, status, attempts, next_attempt_at, created_at, sent_at)
    select case when i % 10 = 0 then 'sms' else 'email' end, 'r' || i || '@out.test', 'Subject ' || i, 'Body ' || hex(randomblob(200)),
      case when i % 50 = 0 then 'failed' when i % 100 = 1 then 'pending' else 'sent' end, 1, ${now}, ${now} - i * 10000, ${now} - i * 10000 from s`);
  log("admin tables built");

  // ---- housekeeping caught up (a server that has been up), then the planner's statistics
  const env = parseEnv({ APP_ENV: "development", APP_URL: "http://127.0.0.1", SESSION_SECRET: sessionSecret });
  await runMaintenance(db, { ...env, SESSION_SECRET: sessionSecret, APP_URL: "http://127.0.0.1" }, now);
  while ((await recomputeResponsivenessIfDue(db, now, { budgetMs: 60_000 })) !== null);
  await x("ANALYZE");
  await x("PRAGMA wal_checkpoint(TRUNCATE)");

  const rows: Record<string, number> = {};
  for (const t of ["customers", "users", "projects", "contracts", "messages", "offers", "page_sessions", "notifications", "audit_log", "inbound_items", "leads", "outbox"]) {
    rows[t] = await one(`select count(*) from ${t}`);
  }
  const market: SurveyMarket = {
    users: { admin, seller, bigSeller, buyer, broker, colleague: await one(`select id from users where email = 'colleague0@survey.test'`) },
    projects: {
      busiest,
      realEstate: await one(`select id from projects where seller_id = ${seller} and kind = 'real_estate' and status = 'published' order by nda_count desc, id limit 1`),
      elsewhere: await one(`select id from projects where seller_id = ${bigSeller} and status = 'published' order by id limit 1 offset 4000`),
    },
    customers: {
      buyerCompany,
      sellerCompany,
      unsigned: await one(`select u.customer_id from users u left join contracts c on c.buyer_id = u.id and c.signed_at is not null
        where u.customer_id is not null group by u.customer_id having count(c.id) = 0 order by u.customer_id limit 1`),
    },
    envelopes: { buyer: `sv-${buyer}-${busiest}`, broker: `sv-${broker}-${busiest}` },
    threadMiddle: await one(`select id from messages where project_id = ${busiest} and buyer_id = ${buyer} order by id limit 1 offset 2500`),
    auditMiddle: await one("select id from audit_log order by id limit 1 offset 50000"),
    affiliate: await one("select min(id) from affiliates"),
    list,
    campaign,
    chat: await one("select min(id) from onboard_chats"),
    rows,
  };
  client.close();
  return market;
}

/** An admin's year of edits in the audit log, chained as recordAudit chains them (so the log's check passes). */
async function appendAuditHistory(db: Database, { count, admin, subject, now }: { count: number; admin: number; subject: number; now: number }) {
  const [head] = await db.select({ id: auditLog.id, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  let prevHash = head?.hash ?? "0".repeat(64);
  const first = (head?.id ?? 0) + 1;
  for (let i = 0; i < count; i += 500) {
    const batch = [];
    for (let k = i; k < Math.min(count, i + 500); k++) {
      const content = {
        id: first + k,
        at: new Date(now - (count - k) * 300_000),
        actorId: admin,
        actorName: "Survey Admin",
        actorEmail: SURVEY_ACCOUNTS.admin,
        action: "project.update",
        subjectType: "project",
        subjectId: String(subject + (k % 1000)),
        detail: "changed status",
        address: "127.0.0.1",
        changes: "",
      };
      const hash = await chainHash(prevHash, content);
      batch.push({ ...content, prevHash, hash });
      prevHash = hash;
    }
    await db.insert(auditLog).values(batch);
  }
}

/**
 * The survey's market in `dir`: the one an earlier build left there when `reuse` (BENCH_KEEP) and it was
 * built to the end, else built afresh. bench:survey's and bench:responsiveness's.
 */
export async function surveyMarketIn(dir: string, { reuse, log }: { reuse: boolean; log: (line: string) => void }): Promise<SurveyMarket> {
  const started = Date.now();
  const kept = reuse ? loadSurveyMarket(dir) : null;
  if (kept) {
    log(`reusing the survey database in ${dir} (remove the folder to build it afresh)`);
    return kept;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log(`building the survey database in ${dir}`);
  const market = await buildSurveyMarket(path.join(dir, "bench.db"), { sessionSecret: SURVEY_SESSION_SECRET, log });
  saveSurveyMarket(dir, market);
  const rows = Object.entries(market.rows).map(([table, n]) => `${table} ${n.toLocaleString("en-US")}`);
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s: ${rows.join(", ")}`);
  return market;
}

/** Writes the market's ids next to the database: the mark that it was built to the end (BENCH_KEEP reuses it). */
export function saveSurveyMarket(dir: string, market: SurveyMarket) {
  fs.writeFileSync(path.join(dir, "market.json"), JSON.stringify(market, null, 1));
}

export function loadSurveyMarket(dir: string): SurveyMarket | null {
  const file = path.join(dir, "market.json");
  return fs.existsSync(file) && fs.existsSync(path.join(dir, "bench.db")) ? (JSON.parse(fs.readFileSync(file, "utf8")) as SurveyMarket) : null;
}
