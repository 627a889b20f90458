import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { savedMeanwhile } from "../../tests/support/saved-meanwhile";
import { auditLog, contracts, customers, messages, notifications, offers, outbox, pageSessions, projects, sessions, users, type User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { CUSTOMER_SIZE_MAX, customerSchema, memberSchema, type CustomerValues } from "~/lib/schemas/customer";
import { messages as says } from "~/lib/validation";
import { makeUser } from "~/seed/factories";
import {
  CHANGED_MEANWHILE,
  createCustomer,
  customerAllowsSignin,
  customerTimeline,
  timelineCursor,
  type TimelineCursor,
  findMember,
  deleteOrAnonymiseCustomer,
  HAS_DEALS_MESSAGE,
  ndaBlockedReason,
  NOT_READY_MESSAGE,
  setCustomerEnabled,
  setCustomerLocked,
  setOnboardingStatus,
  updateCustomer,
  updateOnboarding,
} from "./customer-accounts.server";
import { acceptInvitation, EMAIL_TAKEN_MESSAGE, inviteMember } from "./invitations.server";
import { issueApiToken, userForApiToken } from "./api-tokens.server";
import { startSession, userForSession } from "./sessions.server";
import { listUsers, setUserAccess, verifySignin } from "./users.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let cleanupFiles: () => void;
let services: Services;
let admin: User;

const values = (over: Partial<CustomerValues> = {}): CustomerValues => ({
  customerName: "Harbor Credit",
  customerType: "buyer",
  contactPerson: "Hal Harbor",
  attentionEmail: "",
  attentionPhone: "",
  website: "",
  type: "",
  size: null,
  headquarters: "",
  smsAllowance: 0,
  comments: "",
  ...over,
});

beforeAll(async () => {
  t = await createTestDatabase();
  ({ services, cleanup: cleanupFiles } = dealServicesOver(t.db, "customer"));
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
});
afterAll(() => {
  t.cleanup();
  cleanupFiles();
});

describe("customer form", () => {
  it("answers with the spec's messages and reads repeated roles", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ customerName: "", customerType: "buyer", attentionEmail: "x", attentionPhone: "12", website: "nope" })) form.set(k, v);
    const result = parseWithZod(form, { schema: customerSchema(["Bank"]) });
    expect(result.status).toBe("error");
    const errors = result.reply().error!;
    expect(errors.customerName).toEqual(["Required."]);
    expect(errors.attentionEmail).toEqual(["Invalid e-mail."]);
    expect(errors.attentionPhone).toEqual(["Invalid phone number."]);
    expect(errors.website).toEqual(["Invalid URL."]);

    const member = new FormData();
    for (const [k, v] of [["customerId", "3"], ["name", "Ann Member"], ["email", "ann@example.test"], ["roles", "ROLE_BUYER"]]) member.append(k!, v!);
    const one = parseWithZod(member, { schema: memberSchema() });
    expect(one.status === "success" && one.value.roles).toEqual(["ROLE_BUYER"]);
    member.append("roles", "ROLE_AGENT");
    const two = parseWithZod(member, { schema: memberSchema() });
    expect(two.status === "success" && two.value.roles).toEqual(["ROLE_BUYER", "ROLE_AGENT"]);
  });
});

describe("customers", () => {
  it("refuses a second customer with the same website domain or attention e-mail, naming the first", async () => {
    const first = await createCustomer(services, { actor: admin, values: values({ website: "https://www.harbor.example/about", attentionEmail: "desk@harbor.example" }) });
    expect(first.ok).toBe(true);
    const sameDomain = await createCustomer(services, { actor: admin, values: values({ customerName: "Harbor Two", website: "http://harbor.example" }) });
    expect(sameDomain).toMatchObject({ ok: false, field: "website" });
    expect(!sameDomain.ok && sameDomain.message).toContain("Harbor Credit");
    const sameEmail = await createCustomer(services, { actor: admin, values: values({ customerName: "Harbor Three", attentionEmail: "desk@harbor.example" }) });
    expect(sameEmail).toMatchObject({ ok: false, field: "attentionEmail" });
    // editing the first one keeps its own domain
    const id = first.ok ? first.customer.id : 0;
    expect(await updateCustomer(services, { actor: admin, customerId: id, values: values({ customerName: "Harbor Credit LLC", website: "https://harbor.example" }) })).toMatchObject({ ok: true });
    // saved again as it is (a second click, a resent form): nothing written, audited once
    const saved = values({ customerName: "Harbor Credit LLC", website: "https://harbor.example" });
    expect(await updateCustomer(services, { actor: admin, customerId: id, values: saved })).toMatchObject({ ok: true, unchanged: true });
    const updates = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "customer.update"), eq(auditLog.subjectId, String(id))));
    expect(updates).toHaveLength(1);
  });

  it("invites a member once per e-mail; the link sets a password once; a locked customer's member cannot sign in", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Lock Co" }) });
    const customerId = created.ok ? created.customer.id : 0;
    const invited = await inviteMember(services, { customerId, name: "Lou Lock", email: "lou@lock.example", roles: ["ROLE_BUYER"], actor: admin });
    expect(invited.ok).toBe(true);
    expect(await inviteMember(services, { customerId, name: "Lou Again", email: "LOU@lock.example", roles: ["ROLE_BUYER"], actor: admin })).toEqual({ ok: false, field: "email", message: EMAIL_TAKEN_MESSAGE });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, "lou@lock.example"));
    expect(mail!.body).toContain("/uobs/invite/{{secret:token}}");
    const { unseal } = await import("~/.server/sealed");
    const token = (JSON.parse((await unseal("customer-secret", "outbox-secrets", mail!.secrets!))!) as { token: string }).token;
    const userId = invited.ok ? invited.userId : 0;
    // until the link is used the member is "invited", listed with its customer only
    expect(await findMember(t.db, { customerId, userId })).toMatchObject({ invited: true });
    expect(await findMember(t.db, { customerId: customerId + 1000, userId })).toBeNull();
    const listed = await listUsers(t.db, { customerId, filters: {} });
    expect(listed.rows.map((m) => [m.id, m.invited])).toEqual([[userId, true]]);
    expect(await acceptInvitation(t.db, { token, password: "a good long password" })).toBe(userId);
    expect(await findMember(t.db, { customerId, userId })).toMatchObject({ invited: false });
    expect(await acceptInvitation(t.db, { token, password: "another long password" })).toBeNull();
    expect((await verifySignin(t.db, "lou@lock.example", "a good long password")).ok).toBe(true);

    await setCustomerLocked(services, { actor: admin, customerId, locked: true });
    expect(await customerAllowsSignin(t.db, { customerId })).toBe(false);
    await setCustomerLocked(services, { actor: admin, customerId, locked: false });
    expect(await customerAllowsSignin(t.db, { customerId })).toBe(true);
  });

  it("verifies only with investor type, evidence and terms; until then its buyers sign no NDA", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Verify Co" }) });
    const customerId = created.ok ? created.customer.id : 0;
    expect(await ndaBlockedReason(t.db, { customerId })).toMatch(/not verified/);
    expect(await ndaBlockedReason(t.db, { customerId: null })).toBeNull();
    expect(await setOnboardingStatus(services, { actor: admin, customerId, status: "verified" })).toEqual({ ok: false, message: NOT_READY_MESSAGE });
    await updateOnboarding(services, { actor: admin, customerId, change: { investorType: "Accredited Investor" } });
    expect((await t.db.query.customers.findFirst({ where: eq(customers.id, customerId) }))!.onboardingStatus).toBe("in_progress");
    await updateOnboarding(services, { actor: admin, customerId, change: { termsAccepted: true } });
    // taken again (a second click, a resent form): nothing written, the first acceptance's time kept, audited once
    const accepted = (await t.db.query.customers.findFirst({ where: eq(customers.id, customerId) }))!.termsAcceptedAt;
    expect(await updateOnboarding(services, { actor: admin, customerId, change: { termsAccepted: true } })).toBe("unchanged");
    expect(await updateOnboarding(services, { actor: admin, customerId, change: { investorType: "Accredited Investor" } })).toBe("unchanged");
    expect((await t.db.query.customers.findFirst({ where: eq(customers.id, customerId) }))!.termsAcceptedAt).toEqual(accepted);
    const steps = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "customer.onboarding-step"), eq(auditLog.subjectId, String(customerId))));
    expect(steps.map((s) => s.detail)).toEqual(["investor type: Accredited Investor", "terms accepted"]);
    await updateOnboarding(services, { actor: admin, customerId, change: { evidence: { name: "accreditation.pdf", bytes: new TextEncoder().encode("%PDF-1.4"), contentType: "application/pdf" } } });
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"], email: "vera@verify.example" });
    const disabled = await makeUser(t.db, { roles: ["ROLE_BUYER"], email: "off@verify.example" });
    await t.db.update(users).set({ customerId }).where(inArray(users.id, [member.id, disabled.id]));
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    expect(await setOnboardingStatus(services, { actor: admin, customerId, status: "verified" })).toEqual({ ok: true });
    expect(await ndaBlockedReason(t.db, { customerId })).toBeNull();
    // the teaser's refusal promised it: each member who can sign in is told, in the app and by e-mail, once
    expect(await setOnboardingStatus(services, { actor: admin, customerId, status: "verified" })).toEqual({ ok: true });
    const told = await t.db.select().from(notifications).where(inArray(notifications.userId, [member.id, disabled.id]));
    expect(told.map((n) => [n.userId, n.kind, n.link])).toEqual([[member.id, "onboarding_verified", "/home"]]);
    const mails = await t.db.select().from(outbox).where(inArray(outbox.recipient, ["vera@verify.example", "off@verify.example"]));
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([["vera@verify.example", "Your company is verified"]]);
    // verified to active (a member signed in) is no news
    expect(await setOnboardingStatus(services, { actor: admin, customerId, status: "active" })).toEqual({ ok: true });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, member.id))).toHaveLength(1);
  });

  it("refuses to delete a customer with an open offer, otherwise anonymises it, removes its evidence file and keeps the history", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Gone Co", website: "https://gone.example", attentionEmail: "a@gone.example" }) });
    const customerId = created.ok ? created.customer.id : 0;
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId }).where(eq(users.id, member.id));
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "insurance_loan", status: "published", projectName: "Gone pool" }).returning();
    const [offer] = await t.db
      .insert(offers)
      .values({ projectId: project!.id, buyerId: member.id, status: "submitted", price: 1_000_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "h" })
      .returning();
    expect(await deleteOrAnonymiseCustomer(services, { actor: admin, customerId })).toEqual({ ok: false, message: HAS_DEALS_MESSAGE });
    await t.db.update(offers).set({ status: "withdrawn" }).where(eq(offers.id, offer!.id));
    // the company's on-boarding evidence, on file
    await updateOnboarding(services, { actor: admin, customerId, change: { evidence: { name: "qib.pdf", bytes: new TextEncoder().encode("%PDF-1.4 qib"), contentType: "application/pdf" } } });
    const { evidenceKey } = (await t.db.query.customers.findFirst({ where: eq(customers.id, customerId) }))!;
    expect(await services.files.get(evidenceKey!)).not.toBeNull();
    expect(await deleteOrAnonymiseCustomer(services, { actor: admin, customerId })).toEqual({ ok: true });
    // gone with the company: nothing names it any more
    expect(await services.files.get(evidenceKey!)).toBeNull();
    const row = (await t.db.query.customers.findFirst({ where: eq(customers.id, customerId) }))!;
    expect(row).toMatchObject({ name: `Deleted customer ${customerId}`, website: "", websiteDomain: null, attentionEmail: "", enabled: false });
    const gone = (await t.db.query.users.findFirst({ where: eq(users.id, member.id) }))!;
    expect(gone.email).toMatch(/@deleted\.invalid$/);
    expect((await customerTimeline(t.db, { customerId })).counts.offers).toBe(1);
  });

  it("anonymises a customer deleted twice at once a single time: one entry in the audit log", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Twice Gone Co" }) });
    const customerId = created.ok ? created.customer.id : 0;
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId }).where(eq(users.id, member.id));
    const both = await Promise.all([1, 2].map(() => deleteOrAnonymiseCustomer(services, { actor: admin, customerId })));
    expect(both).toEqual([{ ok: true }, { ok: true }]);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "customer.anonymise"), eq(auditLog.subjectId, String(customerId))));
    expect(entries).toHaveLength(1);
  });

  it("ends a deleted customer's sessions and API tokens in the write that anonymises it: one that fails half-way leaves the customer as it was, to delete again", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Half Gone Co" }) });
    const customerId = created.ok ? created.customer.id : 0;
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId }).where(eq(users.id, member.id));
    const sessionId = await startSession(t.db, member.id);
    const { token } = await issueApiToken(t.db, member.id);
    // the store fails as the sessions are ended (a D1 hiccup, a Worker stopped between two writes)
    await t.client.execute(`create trigger half_gone before delete on sessions when old.user_id = ${member.id} begin select raise(abort, 'storage hiccup'); end`);
    await expect(deleteOrAnonymiseCustomer(services, { actor: admin, customerId })).rejects.toThrow();
    await t.client.execute("drop trigger half_gone");
    expect(await t.db.query.customers.findFirst({ where: eq(customers.id, customerId) })).toMatchObject({ name: "Half Gone Co", enabled: true, anonymisedAt: null });
    expect((await t.db.query.users.findFirst({ where: eq(users.id, member.id) }))!.enabled).toBe(true);
    // the admin's delete again: done, and the member's browser and script are out, even were the account enabled again
    // (which /admin/users refuses now, but an account enabled before that was)
    expect(await deleteOrAnonymiseCustomer(services, { actor: admin, customerId })).toEqual({ ok: true });
    expect(await setUserAccess(t.db, member.id, { enabled: true })).toBe("company-deleted");
    await t.db.update(users).set({ enabled: true }).where(eq(users.id, member.id));
    expect(await userForSession(t.db, sessionId)).toBeNull();
    expect(await userForApiToken(t.db, token)).toBeNull();
  });

  it("ends the sessions of every member of a disabled customer, and weighs every member's deals before a delete, past the 99th", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Big Team Co" }) });
    const customerId = created.ok ? created.customer.id : 0;
    const rows = Array.from({ length: 120 }, (_, i) => ({ email: `big-${i}@bigteam.example`, name: `Big ${i}`, passwordHash: "x", roles: ["ROLE_BUYER"], customerId }));
    const members = await t.db.insert(users).values(rows).returning({ id: users.id });
    const last = members.at(-1)!.id;
    for (const m of members) await startSession(t.db, m.id);
    const { token: apiToken } = await issueApiToken(t.db, last);
    expect(await setCustomerEnabled(services, { actor: admin, customerId, enabled: false })).toBe(true);
    const left = await t.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.userId, members.map((m) => m.id)));
    expect(left).toHaveLength(0);
    // their API tokens end too: enabled again, the customer's members sign in afresh
    expect(await setCustomerEnabled(services, { actor: admin, customerId, enabled: true })).toBe(true);
    expect(await userForApiToken(t.db, apiToken)).toBeNull();
    expect(await setCustomerEnabled(services, { actor: admin, customerId, enabled: false })).toBe(true);
    // a second click on Disable (or Lock) writes nothing and is audited once
    const audited = async () =>
      (await t.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.subjectType, "customer"), eq(auditLog.subjectId, String(customerId))))).map((a) => a.action);
    const before = await audited();
    expect(await setCustomerEnabled(services, { actor: admin, customerId, enabled: false })).toBe("unchanged");
    expect(await setCustomerLocked(services, { actor: admin, customerId, locked: true })).toBe(true);
    expect(await setCustomerLocked(services, { actor: admin, customerId, locked: true })).toBe("unchanged");
    expect(await audited()).toEqual([...before, "customer.lock"]);
    expect(await setCustomerLocked(services, { actor: admin, customerId: customerId + 10_000, locked: true })).toBe(false);
    await setCustomerLocked(services, { actor: admin, customerId, locked: false });

    // the 120th member's open offer holds the delete back as the first's would
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "insurance_loan", status: "published", projectName: "Big pool" }).returning();
    await t.db
      .insert(offers)
      .values({ projectId: project!.id, buyerId: last, status: "submitted", price: 1_000_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "h" });
    expect(await deleteOrAnonymiseCustomer(services, { actor: admin, customerId })).toEqual({ ok: false, message: HAS_DEALS_MESSAGE });
  });

  it("pages the timeline, newest first, without losing or repeating an event", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Busy Co" }) });
    const customerId = created.ok ? created.customer.id : 0;
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId }).where(eq(users.id, member.id));
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "insurance_loan", status: "published", projectName: "Busy pool" }).returning();
    const start = Date.UTC(2026, 0, 1);
    // seven messages and three e-mails, interleaved in time
    await t.db.insert(messages).values(Array.from({ length: 7 }, (_, i) => ({ projectId: project!.id, buyerId: member.id, senderId: member.id, body: `m${i}`, createdAt: new Date(start + i * 2 * 60_000) })));
    await t.db.insert(outbox).values(Array.from({ length: 3 }, (_, i) => ({ channel: "email" as const, recipient: member.email, subject: `Mail ${i}`, body: "", nextAttemptAt: new Date(start), createdAt: new Date(start + (i * 2 + 1) * 60_000) })));
    // a second member's page sessions and an e-mail to the first written in capitals, among them
    const colleague = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId }).where(eq(users.id, colleague.id));
    await t.db.insert(pageSessions).values(
      Array.from({ length: 4 }, (_, i) => ({
        sessionId: `busy-${customerId}-${i}`, userId: i % 2 ? member.id : colleague.id, route: "/home", pageType: "homepage" as const,
        sessionStart: new Date(start + i * 3 * 60_000 + 30_000), sessionEnd: new Date(start + i * 3 * 60_000 + 40_000), totalDuration: 10_000, activeTime: 5_000, scrollDepthMax: 0, record: {},
      })),
    );
    await t.db.insert(outbox).values({ channel: "email" as const, recipient: member.email.toUpperCase(), subject: "Shouted", body: "", nextAttemptAt: new Date(start), createdAt: new Date(start + 15 * 60_000) });
    const seen: number[] = [];
    let before: TimelineCursor | undefined;
    let pages = 0;
    do {
      const page = await customerTimeline(t.db, { customerId, limit: 4, before });
      seen.push(...page.events.map((e) => e.at.getTime()));
      before = timelineCursor(page.older);
      pages++;
    } while (before);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(15);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(15);
    // the totals count every page's events, by kind; an SMS to another number is not the customer's
    await t.db.insert(outbox).values({ channel: "sms" as const, recipient: "+15550000000", subject: "", body: "", nextAttemptAt: new Date(start), createdAt: new Date(start) });
    // views are of projects, as the customer list counts them: the four home pages are events, not views
    expect((await customerTimeline(t.db, { customerId })).counts).toEqual({ views: 0, ndas: 0, messages: 7, offers: 0, emails: 4, sms: 0 });
    // an unknown customer has none
    expect((await customerTimeline(t.db, { customerId: 999_999 })).counts).toEqual({ views: 0, ndas: 0, messages: 0, offers: 0, emails: 0, sms: 0 });
  });

  it("pages events of one millisecond across a page's end without skipping or repeating one", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Same Moment Co" }) });
    const customerId = created.ok ? created.customer.id : 0;
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId }).where(eq(users.id, member.id));
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "insurance_loan", status: "published", projectName: "Tied pool" }).returning();
    // a bulk send and a burst of messages written in the same millisecond, one newer message and one older e-mail
    const at = new Date(Date.UTC(2026, 2, 1, 12));
    await t.db.insert(messages).values(Array.from({ length: 5 }, (_, i) => ({ projectId: project!.id, buyerId: member.id, senderId: member.id, body: `tie ${i}`, createdAt: at })));
    await t.db.insert(outbox).values(Array.from({ length: 4 }, (_, i) => ({ channel: "email" as const, recipient: member.email, subject: `Tie ${i}`, body: "", nextAttemptAt: at, createdAt: at })));
    await t.db.insert(messages).values({ projectId: project!.id, buyerId: member.id, senderId: member.id, body: "newer", createdAt: new Date(at.getTime() + 1) });
    await t.db.insert(outbox).values({ channel: "email" as const, recipient: member.email, subject: "Older", body: "", nextAttemptAt: at, createdAt: new Date(at.getTime() - 1) });
    const seen: string[] = [];
    let before: TimelineCursor | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await customerTimeline(t.db, { customerId, limit: 3, before });
      seen.push(...page.events.map((e) => `${e.at.getTime() - at.getTime()} ${e.kind}`));
      before = timelineCursor(page.older);
      if (!before) break;
    }
    expect(seen).toEqual(["1 message", ...Array(5).fill("0 message"), ...Array(4).fill("0 email"), "-1 email"]);
    // a link with a time alone, as the page gave before, still opens what is older than it
    const older = await customerTimeline(t.db, { customerId, limit: 3, before: timelineCursor(String(at.getTime())) });
    expect(older.events.map((e) => e.text)).toEqual([expect.stringContaining("Older")]);
    expect(timelineCursor("abc")).toBeUndefined();
  });

  it("tells each kind of event as the admin reads it, newest first, in two statements", async () => {
    const created = await createCustomer(services, { actor: admin, values: values({ customerName: "Storied Co", attentionEmail: "desk@storied.test" }) });
    const customerId = created.ok ? created.customer.id : 0;
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"], name: "Mona Member" });
    const leaver = await makeUser(t.db, { roles: ["ROLE_BUYER"], name: "Lee Leaver" });
    await t.db.update(users).set({ customerId }).where(inArray(users.id, [member.id, leaver.id]));
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "insurance_loan", status: "published", projectName: "Story pool" }).returning();
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute));
    const session = (id: string, userId: number, minute: number, projectId: number | null) => ({
      sessionId: id, userId, projectId, route: projectId ? `/projects/more-details/${projectId}` : "/buyers/search", pageType: "homepage" as const,
      sessionStart: at(minute), sessionEnd: at(minute + 1), totalDuration: 60_000, activeTime: 95_000, scrollDepthMax: 0, record: {},
    });
    await t.db.insert(pageSessions).values([session(`story-${customerId}-1`, member.id, 1, project!.id), session(`story-${customerId}-2`, member.id, 2, null), session(`story-${customerId}-3`, leaver.id, 3, project!.id)]);
    await t.db.insert(contracts).values({ projectId: project!.id, buyerId: member.id, ndaStatus: "Signed", envelopeId: `story-${customerId}`, documentKey: "k", documentSha256: "s", requestedAt: at(4) });
    await t.db.insert(messages).values([
      { projectId: project!.id, buyerId: member.id, senderId: member.id, body: "hello", createdAt: at(5) },
      { projectId: project!.id, buyerId: member.id, senderId: seller.id, body: "welcome", createdAt: at(6) },
    ]);
    await t.db.insert(offers).values({ projectId: project!.id, buyerId: member.id, status: "submitted", price: 1_250_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "h", createdAt: at(7) });
    await t.db.insert(outbox).values([
      { channel: "email" as const, recipient: "DESK@storied.test", subject: "Your NDA", body: "", nextAttemptAt: at(8), createdAt: at(8) },
      { channel: "sms" as const, recipient: member.email, subject: "", body: "", status: "sent" as const, nextAttemptAt: at(9), createdAt: at(9) },
    ]);
    // the leaver left the company after their look: the company's timeline is its members' (their look is not in it)
    await t.db.update(users).set({ customerId: null }).where(eq(users.id, leaver.id));

    let timeline: Awaited<ReturnType<typeof customerTimeline>> | undefined;
    const sent = await statementsSentBy(t.client, async () => (timeline = await customerTimeline(t.db, { customerId })));
    const where = `/admin/projects/${project!.id}`;
    // states as the outbox and deal pages name them ("(pending)", "(submitted)" were the stored words)
    expect(timeline!.events.map((e) => [e.at.getTime(), e.kind, e.text, e.link])).toEqual([
      [at(9).getTime(), "sms", `SMS to ${member.email}: (no subject) (Sent)`, undefined],
      [at(8).getTime(), "email", "E-mail to DESK@storied.test: Your NDA (Waiting)", undefined],
      [at(7).getTime(), "offer", "Mona Member: offer of $1,250,000 on Story pool (Awaiting the seller)", where],
      [at(6).getTime(), "message", "The seller wrote in the thread on Story pool", where],
      [at(5).getTime(), "message", "Mona Member wrote in the thread on Story pool", where],
      [at(4).getTime(), "nda", "Mona Member: NDA for Story pool (Signed)", where],
      [at(2).getTime(), "view", "Mona Member viewed /buyers/search (2 min active)", undefined],
      [at(1).getTime(), "view", "Mona Member viewed Story pool (2 min active)", where],
    ]);
    expect(timeline!.older).toBeNull();
    // one view of a project (the search is an event, not a view of one), as the customer list counts it
    expect(timeline!.counts).toEqual({ views: 1, ndas: 1, messages: 2, offers: 1, emails: 1, sms: 1 });
    // the events and the totals: on D1 every read costs the Worker its own work, even one that finds nothing
    expect(sent).toHaveLength(2);
  });
});

describe("customer form, optional numbers", () => {
  it("accepts an empty size and SMS allowance, and reads thousands", () => {
    const form = new FormData();
    form.set("customerName", "Numbers Co");
    form.set("customerType", "seller");
    const empty = parseWithZod(form, { schema: customerSchema([]) });
    expect(empty.status === "success" && [empty.value.size, empty.value.smsAllowance]).toEqual([null, 0]);
    form.set("size", "1,250,000");
    form.set("smsAllowance", "40");
    const filled = parseWithZod(form, { schema: customerSchema([]) });
    expect(filled.status === "success" && [filled.value.size, filled.value.smsAllowance]).toEqual([1_250_000, 40]);
    // a size past any firm's (300 digits were stored as 1e308) is refused, as is a type not among the options
    form.set("size", "9".repeat(300));
    form.set("customerType", "bogus");
    const wrong = parseWithZod(form, { schema: customerSchema([]) });
    expect(wrong.status === "error" && wrong.error).toEqual({ size: [says.max(CUSTOMER_SIZE_MAX)], customerType: [says.unlisted] });
  });
});

describe("a customer's name", () => {
  const namedRows = (name: string) => t.db.select({ id: customers.id }).from(customers).where(sql`lower(${customers.name}) = lower(${name})`);

  it("is refused on a new customer when another customer has it, in any case, naming that customer; nothing is written", async () => {
    const first = await createCustomer(services, { actor: admin, values: values({ customerName: "Name Clash Capital" }) });
    expect(first.ok).toBe(true);
    const id = first.ok ? first.customer.id : 0;
    const audited = (await t.db.select().from(auditLog).where(eq(auditLog.action, "customer.create"))).length;
    for (const name of ["Name Clash Capital", "NAME CLASH capital"]) {
      const again = await createCustomer(services, { actor: admin, values: values({ customerName: name }) });
      expect(again).toEqual({ ok: false, field: "customerName", message: `Name Clash Capital (customer ${id}) has this name already.` });
    }
    expect(await namedRows("Name Clash Capital")).toHaveLength(1);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, "customer.create"))).length).toBe(audited);
  });

  it("of a deleted (anonymised) customer is free again", async () => {
    await t.db.insert(customers).values({ name: "Bygone Lending", anonymisedAt: new Date() });
    expect(await createCustomer(services, { actor: admin, values: values({ customerName: "Bygone Lending" }) })).toMatchObject({ ok: true });
  });

  it("is refused on an edit that takes another customer's name; the customer's own name in another case is kept", async () => {
    const taken = await createCustomer(services, { actor: admin, values: values({ customerName: "Rename Target Fund" }) });
    const mover = await createCustomer(services, { actor: admin, values: values({ customerName: "Rename Mover Fund" }) });
    const takenId = taken.ok ? taken.customer.id : 0;
    const moverId = mover.ok ? mover.customer.id : 0;
    const renamed = await updateCustomer(services, { actor: admin, customerId: moverId, values: values({ customerName: "rename target fund", comments: "half" }) });
    expect(renamed).toEqual({ ok: false, field: "customerName", message: `Rename Target Fund (customer ${takenId}) has this name already.` });
    expect(await t.db.query.customers.findFirst({ where: eq(customers.id, moverId) })).toMatchObject({ name: "Rename Mover Fund", comments: "" });
    expect(await updateCustomer(services, { actor: admin, customerId: moverId, values: values({ customerName: "RENAME MOVER FUND" }) })).toMatchObject({ ok: true });
  });

  it("sent by two admins at once makes one customer, and one of two renames at once: the other is refused", async () => {
    const both = await Promise.all([
      createCustomer(services, { actor: admin, values: values({ customerName: "Crossing Credit" }) }),
      createCustomer(services, { actor: admin, values: values({ customerName: "crossing credit" }) }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ ok: false, field: "customerName" });
    expect(await namedRows("Crossing Credit")).toHaveLength(1);

    const made = await Promise.all(["Cross One", "Cross Two"].map((customerName) => createCustomer(services, { actor: admin, values: values({ customerName }) })));
    const ids = made.map((m) => (m.ok ? m.customer.id : 0));
    const renames = await Promise.all(ids.map((customerId) => updateCustomer(services, { actor: admin, customerId, values: values({ customerName: "Cross Landing" }) })));
    expect(renames.filter((r) => r?.ok)).toHaveLength(1);
    expect(renames.find((r) => !r?.ok)).toMatchObject({ ok: false, field: "customerName" });
    expect(await namedRows("Cross Landing")).toHaveLength(1);
  });
});

describe("two admins saving one customer at once", () => {
  it("a save of the same field landing between the edit's check and its write is not overwritten: the edit is refused", async () => {
    const opened = values({ customerName: "Tidewater Meanwhile Credit", contactPerson: "Ann Tide" });
    const created = await createCustomer(services, { actor: admin, values: opened });
    if (!created.ok) throw new Error(created.message);
    const customerId = created.customer.id;
    const other = () => t.db.update(customers).set({ contactPerson: "Cy Other" }).where(eq(customers.id, customerId));
    const db = savedMeanwhile(t.db, other);
    const saved = await updateCustomer({ ...services, db }, { actor: admin, customerId, values: { ...opened, contactPerson: "Bea Mine" }, opened });
    expect(saved).toMatchObject({ ok: false, field: "contactPerson", message: CHANGED_MEANWHILE });
    const [row] = await t.db.select({ contactPerson: customers.contactPerson }).from(customers).where(eq(customers.id, customerId));
    expect(row?.contactPerson).toBe("Cy Other");
  });

  it("a save of another field landing meanwhile is kept beside this one's", async () => {
    const opened = values({ customerName: "Tidewater Beside Credit", contactPerson: "Ann Tide" });
    const created = await createCustomer(services, { actor: admin, values: opened });
    if (!created.ok) throw new Error(created.message);
    const customerId = created.customer.id;
    const db = savedMeanwhile(t.db, () => t.db.update(customers).set({ headquarters: "Boston" }).where(eq(customers.id, customerId)));
    expect(await updateCustomer({ ...services, db }, { actor: admin, customerId, values: { ...opened, contactPerson: "Bea Mine" }, opened })).toMatchObject({ ok: true });
    const [row] = await t.db.select({ contactPerson: customers.contactPerson, headquarters: customers.headquarters }).from(customers).where(eq(customers.id, customerId));
    expect(row).toEqual({ contactPerson: "Bea Mine", headquarters: "Boston" });
  });
});
