import { refreshPlannerStatistics } from "~/.server/db/planner-statistics";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { insertMany } from "~/.server/db/bulk";
import { customers, matches, projects, users } from "~/.server/db/schema";
import { recomputeAllMatches } from "~/models/match-rescoring.server";
import { recomputeAllResponsiveness, recomputeResponsivenessIfDue } from "~/models/responsiveness.server";
import type { FileStore } from "~/.server/files/store";
import { seedDealsIfEmpty } from "~/seed/demo-deals.server";
import { generateCustomer, generateProject, random } from "~/seed/demo-market";
import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from "~/seed/factories";
import { enrolTotp } from "~/models/two-factor.server";
import { decryptTotpSecret } from "~/.server/two-factor";
import type { CustomerType } from "~/lib/customers";
import { primaryRole } from "~/lib/roles";
import { createUser } from "~/models/users.server";
import { replaceLoanTape } from "~/models/loan-tapes.server";
import { seedSystemDataIfEmpty } from "~/seed/system-data";
import { seedPricingDataIfEmpty } from "~/seed/pricing-data";

export const DEMO_PROJECTS = 200;
export const DEMO_CUSTOMERS = 300;

const BANK_SELLERS = [
  { email: "lakeshore@demo.test", name: "Lena Lakeshore", company: "Lakeshore Savings Bank" },
  { email: "granite@demo.test", name: "Grant Granite", company: "Granite State Credit Union" },
  { email: "sunbelt@demo.test", name: "Sunny Belt", company: "Sunbelt Commercial Finance" },
];

/**
 * Demo data for the embedded database and `wrangler dev` only (never when
 * APP_ENV=production): the demo accounts, then a market of 200 projects and 300
 * buyer companies. Each part runs when its table is empty; inserts are idempotent
 * or batched, so two processes starting at once cannot duplicate anything.
 */
/** The demo accounts' e-mails end so: a server that has any says so loudly at start. */
export const DEMO_EMAIL_DOMAIN = "@demo.test";

export async function hasDemoAccounts(db: Database) {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`${users.email} like ${"%" + DEMO_EMAIL_DOMAIN}`).limit(1);
  return Boolean(row);
}

export const DEMO_WARNING =
  "⚠ This server has the demo accounts (password demo-password). Never expose it: start production with APP_ENV=production on a database of its own.";

export async function seedDemoDataIfEmpty(db: Database, sessionSecret: string, files: FileStore) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(users);
  const seededUsers = (row?.n ?? 0) === 0;
  if (seededUsers) {
    // one after another, so the ids follow the list: the first member of a company holds every seller permission (decision 027)
    const created = [];
    for (const account of [...DEMO_ACCOUNTS, ...BANK_SELLERS.map((s) => ({ ...s, businessType: "Bank", roles: ["ROLE_SELLER"] as const }))]) {
      created.push(await createUser(db, { ...account, roles: [...account.roles], phone: "+1 212 555 0100", password: DEMO_PASSWORD }));
    }
    const admin = created.find((u) => u?.roles.includes("ROLE_ADMIN"));
    // createUser answers null when another process seeded it first; that process enrols it
    if (admin) await enrolTotp(db, sessionSecret, admin.id, DEMO_ADMIN_TOTP_SECRET);
  } else {
    await keepDemoAdminKeyReadable(db, sessionSecret);
  }
  await seedSystemDataIfEmpty(db);
  await seedMarketIfEmpty(db);
  const started = Date.now();
  const dealt = await seedDealsIfEmpty(db, files);
  if (dealt) console.log(`Demo deals seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await seedMatchesIfEmpty(db, dealt);
  await seedPricingDataIfEmpty(db);
  // the market arrived all at once: the planner learns its tables before the first page
  if (seededUsers || dealt) await refreshPlannerStatistics(db, { always: true });
  return seededUsers;
}

/**
 * The demo admin's key sealed again under this server's secret when it no longer opens: the database
 * outlived the secret it was seeded with (`npm run start:edge` kept its secret in .data/, away from its
 * D1 in WRANGLER_PERSIST_DIR, before it kept it beside it: a fresh clone, a new worktree or a removed
 * .data/ made a new secret for an old database), and the README's fixed key answered 401 with no way in. Development only, as all of
 * the seed; a key that still opens (the admin's own, enrolled again) is left as it is.
 */
export async function keepDemoAdminKeyReadable(db: Database, sessionSecret: string) {
  const email = DEMO_ACCOUNTS.find((a) => a.roles.some((r) => r === "ROLE_ADMIN"))?.email;
  if (!email) return false;
  const [admin] = await db
    .select({ id: users.id, secret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.email, email));
  if (!admin?.enabledAt || !admin.secret || (await decryptTotpSecret(sessionSecret, admin.secret)) !== null) return false;
  await enrolTotp(db, sessionSecret, admin.id, DEMO_ADMIN_TOTP_SECRET);
  // the failures counted meanwhile were codes that could not pass: ten of them had locked the demo admin out too
  await db.update(users).set({ failedSignins: 0, lastFailedSigninAt: null, locked: false }).where(eq(users.id, admin.id));
  console.warn(`${email}'s two-factor key did not open with this SESSION_SECRET: enrolled again with the demo key (README).`);
  return true;
}

/** The demo market's matches, scored once like every later change would; again when the deals just arrived. */
async function seedMatchesIfEmpty(db: Database, dealt: boolean) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(matches);
  if ((row?.n ?? 0) > 0 && !dealt) return;
  // responsiveness first: the scores read it (the deals are what it measures)
  await (dealt ? recomputeAllResponsiveness(db) : recomputeResponsivenessIfDue(db));
  await recomputeAllMatches(db);
}

async function seedMarketIfEmpty(db: Database, now = Date.UTC(2026, 10, 1)) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(projects);
  if ((row?.n ?? 0) > 0) return seedCustomersIfEmpty(db, now);
  const sellerEmails = ["seller@demo.test", "agent@demo.test", "multi@demo.test", ...BANK_SELLERS.map((s) => s.email)];
  const sellers = (await Promise.all(sellerEmails.map((email) => db.query.users.findFirst({ where: eq(users.email, email) }))))
    .filter((u) => u !== undefined)
    .map((u) => u.id);
  if (!sellers.length) return;
  const r = random(2026);
  const generated = Array.from({ length: DEMO_PROJECTS }, (_, i) => generateProject(r, i, sellers[i % sellers.length]!, now, true));
  await insertMany(db, projects, generated.map(({ loans: _loans, ...p }) => p));
  const ids = await db.select({ id: projects.id }).from(projects).orderBy(projects.id);
  for (const [i, p] of generated.entries()) {
    if (p.loans?.length) await replaceLoanTape(db, ids[i]!.id, p.loans);
  }
  await seedCustomersIfEmpty(db, now);
}

async function seedCustomersIfEmpty(db: Database, now: number) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(customers);
  if ((row?.n ?? 0) > 0) return;
  // the demo accounts' own companies first, active, so every demo member belongs to one
  const members = await db.select({ id: users.id, company: users.company, roles: users.roles, email: users.email }).from(users);
  const companies = new Map<string, { customerType: CustomerType; contact: string }>();
  for (const m of members) {
    if (!m.company || m.roles.includes("ROLE_ADMIN") || companies.has(m.company)) continue;
    const role = primaryRole(m.roles);
    companies.set(m.company, { customerType: role === "seller" ? "seller" : role === "broker" ? "broker" : "buyer", contact: m.email });
  }
  const own = [...companies].map(([name, c]) => {
    const domain = name.toLowerCase().replace(/[^a-z0-9]+/g, "");
    return {
      name,
      customerType: c.customerType,
      businessType: c.customerType === "seller" ? "Bank" : "",
      website: `https://${domain}.example`,
      websiteDomain: `${domain}.example`,
      attentionEmail: c.contact,
      onboardingStatus: "active" as const,
      createdAt: new Date(now - 400 * 86_400_000),
    };
  });
  const r = random(1009);
  await insertMany(db, customers, [...own, ...Array.from({ length: DEMO_CUSTOMERS }, (_, i) => generateCustomer(r, i, now))]);
  const ids = await db.select({ id: customers.id, name: customers.name }).from(customers);
  const byName = new Map(ids.map((c) => [c.name, c.id]));
  for (const m of members) {
    const customerId = byName.get(m.company);
    if (customerId && companies.has(m.company)) await db.update(users).set({ customerId }).where(eq(users.id, m.id));
  }
}
