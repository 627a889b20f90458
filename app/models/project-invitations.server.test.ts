import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { parseEnv, type Env } from "~/.server/env";
import { unsubscribeToken } from "~/.server/unsubscribe-token";
import { auditLog, customers, outbox, projects, recentlyViewed, users, type Project, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { listCustomers } from "./customers.server";
import { allInvitable, invitationNotice, inviteToView } from "./project-invitations.server";
import { storeLooks } from "./project-looks.server";
import { recomputeAfterLook, responsivenessOf } from "./responsiveness.server";
import { suppress } from "./suppressions.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: User;
let ann: User;
let project: Project;
const ids: Record<string, number> = {};
const env = { ...parseEnv({}), SESSION_SECRET: "test-secret", APP_URL: "https://market.test" } as Env;
const services = () => ({ db: t.db, env, waitUntil: () => {} });
const now = Date.UTC(2026, 5, 1);

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  for (const name of ["Alpha", "Empty", "Gone"]) ids[name] = (await t.db.insert(customers).values({ name }).returning())[0]!.id;
  ann = await makeUser(t.db);
  const bo = await makeUser(t.db);
  const off = await makeUser(t.db);
  const unsubscribed = await makeUser(t.db);
  await t.db.update(users).set({ customerId: ids.Alpha }).where(eq(users.id, ann.id));
  await t.db.update(users).set({ customerId: ids.Alpha }).where(eq(users.id, bo.id));
  await t.db.update(users).set({ customerId: ids.Alpha, enabled: false }).where(eq(users.id, off.id));
  await t.db.update(users).set({ customerId: ids.Gone }).where(eq(users.id, unsubscribed.id));
  await suppress(t.db, { channel: "email", address: unsubscribed.email, reason: "unsubscribed" });
  const [row] = await t.db
    .insert(projects)
    .values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Main Street Loans", size: 7_000_000, industry: "Retail" })
    .returning();
  project = row!;
});
afterAll(() => t.cleanup());

describe("Invite to view", () => {
  it("e-mails the teaser to each enabled member, audits it and counts it as a communication", async () => {
    const outcome = await inviteToView(services(), { project, customerIds: [ids.Alpha!, ids.Empty!, ids.Gone!], actor: admin }, now);
    expect(outcome).toEqual({ invited: ["Alpha"], already: [], unreachable: ["Empty", "Gone"] });
    const mail = await t.db.select().from(outbox);
    expect(mail).toHaveLength(2);
    expect(mail[0]).toMatchObject({ subject: "Invitation to view: Main Street Loans" });
    expect(mail[0]!.body).toContain(`https://market.test/projects/more-details/${project.id}`);
    // unsolicited, like a campaign: each member's own unsubscribe link, in the body and the one-click headers
    for (const row of mail) {
      const link = `https://market.test/unsubscribe/${await unsubscribeToken(env.SESSION_SECRET, row.recipient)}`;
      expect(row.body).toContain(`unsubscribe: ${link}\n`);
      expect(row.headers).toEqual({ "List-Unsubscribe": `<${link}/one-click>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    }
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "project.invite"));
    expect(audit).toMatchObject({ subjectType: "customer", subjectId: String(ids.Alpha) });
    const { rows } = await listCustomers(t.db, {});
    expect(rows.find((r) => r.customerId === ids.Alpha)).toMatchObject({ communications: 2 });
  });

  it("sends nothing twice within a day, and says so", async () => {
    const again = await inviteToView(services(), { project, customerIds: [ids.Alpha!], actor: admin }, now + 3_600_000);
    expect(again).toEqual({ invited: [], already: ["Alpha"], unreachable: [] });
    expect(invitationNotice(again)).toBe("Not sent again (invited within the last day): Alpha.");
    expect(await t.db.select().from(outbox)).toHaveLength(2);
  });

  it("is an ask of the company, answered when a member views the teaser", async () => {
    // not counted against it while it has its two days to answer (decision 148)
    expect((await responsivenessOf(t.db, { customerIds: [ids.Alpha!], side: "buyer" }))(ids.Alpha!)).toEqual({ score: null, reason: "No requests in the last 90 days." });
    await t.db.insert(recentlyViewed).values({ userId: ann.id, projectId: project.id, viewedAt: new Date(now + 30 * 60_000) });
    await recomputeAfterLook(t.db, { userId: ann.id, projectId: project.id }, now + 3_600_000);
    expect((await responsivenessOf(t.db, { customerIds: [ids.Alpha!], side: "buyer" }))(ids.Alpha!)).toEqual({
      score: 100,
      reason: "Answered 1 of 1 invitation; median reply 30 min.",
    });
  });

  it("is answered by a batch of the queue's looks as by one view: a reloaded teaser's views, its first one the reply", async () => {
    const [beta] = await t.db.insert(customers).values({ name: "Beta" }).returning();
    const member = await makeUser(t.db);
    await t.db.update(users).set({ customerId: beta!.id }).where(eq(users.id, member.id));
    await inviteToView(services(), { project, customerIds: [beta!.id], actor: admin }, now);
    const firstView = now + 45 * 60_000;
    await storeLooks(t.db, [
      { kind: "impression", userId: member.id, projectIds: [project.id], at: firstView - 1_000 },
      ...Array.from({ length: 40 }, (_, i) => ({ kind: "view" as const, userId: member.id, projectIds: [project.id], at: firstView + i * 500 })),
    ]);
    expect((await responsivenessOf(t.db, { customerIds: [beta!.id], side: "buyer" }))(beta!.id)).toEqual({
      score: 100,
      reason: "Answered 1 of 1 invitation; median reply 45 min.",
    });
  });
  it("is answered for each invited company whose member is among many in one batch of looks", async () => {
    const companies = await t.db.insert(customers).values([{ name: "Gamma" }, { name: "Delta" }, { name: "Epsilon" }]).returning();
    const members = [];
    for (const c of companies) {
      const member = await makeUser(t.db);
      await t.db.update(users).set({ customerId: c.id }).where(eq(users.id, member.id));
      members.push(member);
    }
    const stranger = await makeUser(t.db);
    // Gamma and Delta invited; Epsilon not
    await inviteToView(services(), { project, customerIds: [companies[0]!.id, companies[1]!.id], actor: admin }, now);
    await storeLooks(t.db, [
      { kind: "view", userId: stranger.id, projectIds: [project.id], at: now + 10 * 60_000 },
      { kind: "view", userId: members[2]!.id, projectIds: [project.id], at: now + 15 * 60_000 },
      { kind: "view", userId: members[1]!.id, projectIds: [project.id], at: now + 20 * 60_000 },
      { kind: "view", userId: members[0]!.id, projectIds: [project.id], at: now + 60 * 60_000 },
    ]);
    const scores = await responsivenessOf(t.db, { customerIds: companies.map((c) => c.id), side: "buyer" });
    expect(scores(companies[0]!.id)).toEqual({ score: 100, reason: "Answered 1 of 1 invitation; median reply 1 h." });
    expect(scores(companies[1]!.id)).toEqual({ score: 100, reason: "Answered 1 of 1 invitation; median reply 20 min." });
    expect(scores(companies[2]!.id).reason).not.toContain("Answered");
  });

  it("invites enabled buyer companies only: a disabled, deleted or seller company's members get nothing", async () => {
    const out = [{ name: "Off", enabled: false }, { name: "Anonymised", anonymisedAt: new Date(now) }, { name: "Sells", customerType: "seller" as const }];
    const companies = await t.db.insert(customers).values(out).returning();
    for (const c of companies) {
      const member = await makeUser(t.db);
      await t.db.update(users).set({ customerId: c.id }).where(eq(users.id, member.id));
    }
    const outIds = companies.map((c) => c.id);
    expect(await allInvitable(t.db, [ids.Alpha!, ids.Alpha!])).toBe(true);
    for (const id of outIds) expect(await allInvitable(t.db, [ids.Alpha!, id])).toBe(false);
    const before = (await t.db.select().from(outbox)).length;
    // the action refuses these; one that changed after it looked is passed over all the same
    expect(await inviteToView(services(), { project, customerIds: outIds, actor: admin }, now)).toEqual({ invited: [], already: [], unreachable: [] });
    expect(await t.db.select().from(outbox)).toHaveLength(before);
  });

  it("e-mails no member of a locked company, who could not sign in to read the teaser, and says so", async () => {
    const [locked] = await t.db.insert(customers).values({ name: "Locked out", locked: true }).returning();
    const member = await makeUser(t.db);
    await t.db.update(users).set({ customerId: locked!.id }).where(eq(users.id, member.id));
    const outcome = await inviteToView(services(), { project, customerIds: [locked!.id], actor: admin }, now);
    expect(outcome).toEqual({ invited: [], already: [], unreachable: ["Locked out"] });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, member.email))).toEqual([]);
  });
});
