import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, explained } from "../../tests/support/db";
import { parseEnv, type Env } from "~/.server/env";
import { auditLog, contracts, customers, documentEvents, invitations, listedProject, offers, outbox, projects, users, type User } from "~/.server/db/schema";
import { SELLER_PERMISSIONS, type SellerGrants } from "~/lib/seller-permissions";
import { makeUser } from "~/seed/factories";
import { can, colleagueActivity, colleagueLedBy, colleaguesOf, findTeamProject, findTeamProjectFor, inviteColleague, saveGrants, sellerReach, sellerReachKindOf, sellerReachOf, sharedProjectPage, sharedProjects, teamOf, teamProjectPage, teamProjects } from "./seller-permissions.server";
import { buyerCompanyForSeller } from "./buyer-company-view.server";
import { startSession, userForSession } from "./sessions.server";
import { findVisibleProject, listSellerDraftPage, mayManageProject } from "./projects.server";
import { listThreads, postMessage, unreadMessageCount } from "./negotiations.server";
import { pricePool, sellerPools } from "./loan-pricing.server";
import { ownRealEstate, ownRealEstateStates, ownRealEstateValuations } from "./real-estate.server";
import { dataRoomAccess } from "./data-room.server";
import { teamLeadIdOf } from "./seller-team-lead.server";
import { recordAudit } from "./audit.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let lead: User;
let colleague: User;
let outsider: User;
let loner: User;
const ids: Record<string, number> = {};
const env = { ...parseEnv({}), SESSION_SECRET: "test-secret", APP_URL: "https://market.test" } as Env;

async function project(sellerId: number, name: string) {
  return (await t.db.insert(projects).values({ sellerId, kind: "loan_pool", status: "published", projectName: name }).returning())[0]!.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  const [bank] = await t.db.insert(customers).values({ name: "Prairie Bank", customerType: "seller" }).returning();
  const [other] = await t.db.insert(customers).values({ name: "Other Bank", customerType: "seller" }).returning();
  lead = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  colleague = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  outsider = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  loner = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  for (const u of [lead, colleague]) await t.db.update(users).set({ customerId: bank!.id }).where(eq(users.id, u.id));
  await t.db.update(users).set({ customerId: other!.id }).where(eq(users.id, outsider.id));
  ids.bank = bank!.id;
  ids.leads = await project(lead.id, "Lead's pool");
  ids.second = await project(lead.id, "Second pool");
  ids.colleagues = await project(colleague.id, "Colleague's pool");
  ids.outsiders = await project(outsider.id, "Outsider's pool");
  ids.loners = await project(loner.id, "Loner's pool");
});
afterAll(() => t.cleanup());

const check = async (user: User, projectId: number, permission: (typeof SELLER_PERMISSIONS)[number]) => {
  const allowed = await can(t.db, { userId: user.id, projectId }, permission);
  // the signed-in seller's project page, from what came with their session, agrees
  const member = (await userForSession(t.db, await startSession(t.db, user.id)))!;
  expect((await findTeamProjectFor(t.db, member, projectId))?.may.has(permission) ?? false).toBe(allowed);
  return allowed;
};

describe("the seller permission check", () => {
  it("gives a project's own seller every permission, with or without a company", async () => {
    for (const p of SELLER_PERMISSIONS) {
      expect(await check(colleague, ids.colleagues!, p)).toBe(true);
      expect(await check(loner, ids.loners!, p)).toBe(true);
    }
  });

  it("gives the company's first member every permission on every colleague's project", async () => {
    expect(await teamOf(t.db, { userId: lead.id })).toMatchObject({ customerId: ids.bank, isLead: true });
    for (const p of SELLER_PERMISSIONS) expect(await check(lead, ids.colleagues!, p)).toBe(true);
  });

  it("gives a colleague nothing on the team's projects until granted, and nothing ever on another company's", async () => {
    for (const p of SELLER_PERMISSIONS) expect(await check(colleague, ids.leads!, p)).toBe(false);
    expect(await findTeamProject(t.db, { userId: colleague.id, projectId: ids.leads! })).toBeNull();
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [...SELLER_PERMISSIONS], projects: {} } });
    for (const p of SELLER_PERMISSIONS) {
      expect(await check(colleague, ids.outsiders!, p)).toBe(false);
      expect(await check(outsider, ids.leads!, p)).toBe(false);
      expect(await check(lead, ids.outsiders!, p)).toBe(false);
    }
    expect(await check(colleague, 999_999, "view")).toBe(false);
  });

  it.each(SELLER_PERMISSIONS)("grants %s per project: that project only, and it includes viewing", async (permission) => {
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: { [String(ids.leads)]: [permission] } } });
    for (const p of SELLER_PERMISSIONS) expect(await check(colleague, ids.leads!, p)).toBe(p === permission || p === "view");
    for (const p of SELLER_PERMISSIONS) expect(await check(colleague, ids.second!, p)).toBe(false);
  });

  it.each(SELLER_PERMISSIONS)("grants %s for all projects: every project of the team", async (permission) => {
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [permission], projects: {} } });
    for (const id of [ids.leads!, ids.second!]) {
      for (const p of SELLER_PERMISSIONS) expect(await check(colleague, id, p)).toBe(p === permission || p === "view");
    }
  });

  it("adds what holds for all and what was given per project", async () => {
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["view"], projects: { [String(ids.second)]: ["ndas"] } } });
    expect(await check(colleague, ids.leads!, "view")).toBe(true);
    expect(await check(colleague, ids.leads!, "ndas")).toBe(false);
    expect(await check(colleague, ids.second!, "ndas")).toBe(true);
    expect((await sharedProjects(t.db, { userId: colleague.id })).map((p) => p.id).sort()).toEqual([ids.leads, ids.second].sort());
    // the same for the signed-in colleague, from what came with their session
    const member = (await userForSession(t.db, await startSession(t.db, colleague.id)))!;
    expect((await sharedProjects(t.db, { userId: colleague.id, signedIn: member })).map((p) => p.id).sort()).toEqual([ids.leads, ids.second].sort());
  });

  it("audits every change with before and after", async () => {
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: { [String(ids.leads)]: ["offers", "offers"], "7": [] } } });
    const [last] = await t.db.select().from(auditLog).where(eq(auditLog.action, "seller.permissions")).orderBy(auditLog.id).limit(1).offset((await t.db.select().from(auditLog)).length - 1);
    expect(last).toMatchObject({ actorId: lead.id, subjectId: String(colleague.id) });
    expect(last!.detail).toContain(`After: all projects: none; project ${ids.leads}: Negotiate and answer offers.`);
  });

  it("tells the first member what a colleague did in words, not in the audit log's names", async () => {
    const steps = ["nda.approve", "offer.counter", "document.add", "something.new"];
    for (const action of steps) await recordAudit(t.db, { actor: colleague, action, subjectType: "project", subjectId: ids.colleagues!, detail: "Colleague's pool." });
    const activity = await colleagueActivity(t.db, { memberId: colleague.id, limit: steps.length });
    expect(activity.map((a) => a.what)).toEqual(["something.new", "Added a document", "Countered an offer", "Approved an NDA"]);
  });

  it("lets only the first member manage a colleague", async () => {
    expect(await colleagueLedBy(t.db, { userId: lead.id, memberId: colleague.id })).not.toBeNull();
    expect(await colleagueLedBy(t.db, { userId: colleague.id, memberId: lead.id })).toBeNull();
    expect(await colleagueLedBy(t.db, { userId: lead.id, memberId: lead.id })).toBeNull();
    expect(await colleagueLedBy(t.db, { userId: lead.id, memberId: outsider.id })).toBeNull();
  });

  it("invites a colleague into the company with a single-use link and the chosen permissions", async () => {
    const invited = await inviteColleague({ db: t.db, env, waitUntil: () => {} }, { actor: lead, customerId: ids.bank!, name: "New Colleague", email: "new.colleague@example.test", grants: { all: ["view"], projects: {} } });
    expect(invited.ok).toBe(true);
    const userId = invited.ok ? invited.userId : 0;
    const member = await t.db.query.users.findFirst({ where: eq(users.id, userId) });
    expect(member).toMatchObject({ customerId: ids.bank, roles: ["ROLE_SELLER"] });
    expect(await t.db.select().from(invitations).where(eq(invitations.userId, userId))).toHaveLength(1);
    expect((await t.db.select().from(outbox)).some((m) => m.recipient === "new.colleague@example.test")).toBe(true);
    expect(await check(member!, ids.leads!, "view")).toBe(true);
    expect(await check(member!, ids.leads!, "ndas")).toBe(false);
  });

  it("writes a colleague's invitation whole or not at all: a failure at its grants leaves no account, link or e-mail", async () => {
    const email = "half.written@example.test";
    // the database refuses the grants' row, as a lost connection or a cut request would leave them unwritten
    await t.db.run(sql`create trigger refuse_grants before insert on seller_permissions begin select raise(abort, 'disk I/O error'); end`);
    try {
      await expect(inviteColleague({ db: t.db, env, waitUntil: () => {} }, { actor: lead, customerId: ids.bank!, name: "Half Written", email, grants: { all: ["view"], projects: {} } })).rejects.toThrow();
    } finally {
      await t.db.run(sql`drop trigger refuse_grants`);
    }
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    expect((await t.db.select().from(outbox)).filter((m) => m.recipient === email)).toEqual([]);
    // asked again, the invitation goes through as the first time, with its grants
    const invited = await inviteColleague({ db: t.db, env, waitUntil: () => {} }, { actor: lead, customerId: ids.bank!, name: "Half Written", email, grants: { all: ["view"], projects: {} } });
    expect(invited.ok).toBe(true);
    const member = (await t.db.query.users.findFirst({ where: eq(users.email, email) }))!;
    expect(await check(member, ids.leads!, "view")).toBe(true);
    expect(await t.db.select().from(invitations).where(eq(invitations.userId, member.id))).toHaveLength(1);
  });

  it("answers an e-mail that has an account already as taken, and gives that account nothing", async () => {
    const invited = await inviteColleague({ db: t.db, env, waitUntil: () => {} }, { actor: lead, customerId: ids.bank!, name: "Outsider Again", email: outsider.email.toUpperCase(), grants: { all: ["offers"], projects: {} } });
    expect(invited).toMatchObject({ ok: false, field: "email" });
    expect(await t.db.select().from(invitations).where(eq(invitations.userId, outsider.id))).toEqual([]);
    expect(await check(outsider, ids.leads!, "view")).toBe(false);
    expect((await t.db.query.users.findFirst({ where: eq(users.id, outsider.id) }))!.customerId).not.toBe(ids.bank);
  });

  it("reaches the team's projects as the grants say: lists, drafts to edit, data room, pools", async () => {
    const draft = (await t.db.insert(projects).values({ sellerId: lead.id, kind: "loan_pool", status: "draft", projectName: "Lead's draft" }).returning())[0]!.id;
    const names = async (user: User, permission?: "edit") => {
      // with "edit", the drafts page's (what the seller may go on editing); else every listed project reached
      const listed = async (reach: SQL) =>
        (permission === "edit"
          ? (await listSellerDraftPage(t.db, user.id, { reach, pageSize: 100 })).rows
          : await t.db.select({ id: projects.id }).from(projects).where(and(reach, listedProject(projects.status)))
        )
          .map((p) => p.id)
          .sort();
      const reached = await listed(await sellerReach(t.db, { userId: user.id, permission }));
      // the signed-in seller's reach, from what came with their session, is the same
      const member = (await userForSession(t.db, await startSession(t.db, user.id)))!;
      expect(await listed(await sellerReachOf(t.db, member, permission))).toEqual(reached);
      return reached;
    };
    // per project: that project only, and drafts only where editing was given
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: { [String(ids.second)]: ["dataRoom"], [String(draft)]: ["edit"] } } });
    expect(await names(colleague)).toEqual([ids.colleagues, ids.second].sort());
    expect(await names(colleague, "edit")).toEqual([draft]);
    const second = (await t.db.query.projects.findFirst({ where: eq(projects.id, ids.second!) }))!;
    const leads = (await t.db.query.projects.findFirst({ where: eq(projects.id, ids.leads!) }))!;
    expect(await dataRoomAccess(t.db, second, colleague, "seller")).toBe("manage");
    expect(await dataRoomAccess(t.db, leads, colleague, "seller")).toBeNull();
    expect(await dataRoomAccess(t.db, leads, outsider, "seller")).toBeNull();
    // for all: every project of the team, never another company's; the lead reaches everything of the team
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["view"], projects: {} } });
    expect(await names(colleague)).toEqual([ids.colleagues, ids.leads, ids.second].sort());
    expect(await names(colleague, "edit")).toEqual([]);
    expect(await dataRoomAccess(t.db, leads, colleague, "seller")).toBe("team");
    expect(await names(lead, "edit")).toEqual([draft]);
    expect(await names(outsider)).toEqual([ids.outsiders]);
    expect(await names(loner)).toEqual([ids.loners]);
    // pools priced from a colleague's tape need only viewing; another company's stay out of reach
    expect(await pricePool(t.db, { sellerId: colleague.id, values: { projectId: ids.leads! } })).not.toBeNull();
    expect(await pricePool(t.db, { sellerId: outsider.id, values: { projectId: ids.leads! } })).toBeNull();
  });

  it("lists the colleagues' projects newest first, never one's own, a draft or another company's", async () => {
    const draft = (await t.db.insert(projects).values({ sellerId: colleague.id, kind: "loan_pool", status: "draft", projectName: "Colleague's draft" }).returning())[0]!.id;
    const ofLead = await sharedProjects(t.db, { userId: lead.id });
    expect(ofLead.map((p) => p.id)).toEqual([ids.colleagues]);
    expect(ofLead.map((p) => p.id)).not.toContain(draft);
    // per project: only those given; for all: the lead's, newest first, within the limit
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: { [String(ids.leads)]: ["view"] } } });
    expect((await sharedProjects(t.db, { userId: colleague.id })).map((p) => p.id)).toEqual([ids.leads]);
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["view"], projects: {} } });
    expect((await sharedProjects(t.db, { userId: colleague.id })).map((p) => p.id)).toEqual([ids.second, ids.leads]);
    expect((await sharedProjects(t.db, { userId: colleague.id, limit: 1 })).map((p) => p.id)).toEqual([ids.second]);
    // no company, or no grant: no colleague's project
    expect(await sharedProjects(t.db, { userId: loner.id })).toEqual([]);
    expect(await sharedProjects(t.db, { userId: outsider.id })).toEqual([]);
    // the permission form names the whole team's, drafts too, newest first
    const team = (await t.db.select({ id: projects.id }).from(projects).where(inArray(projects.sellerId, [lead.id, colleague.id]))).map((p) => p.id).sort((a, b) => b - a);
    expect(team).toContain(draft);
    expect((await teamProjects(t.db, { customerId: ids.bank! })).map((p) => p.id)).toEqual(team);
    expect(await teamProjects(t.db, { customerId: ids.bank!, limit: 0 })).toEqual([]);
    expect((await teamProjects(t.db, { customerId: ids.bank!, limit: 2 })).map((p) => p.id)).toEqual(team.slice(0, 2));
    await t.db.delete(projects).where(eq(projects.id, draft));
  });

  it("pages the colleagues' projects My projects lists, each page carrying how many there are", async () => {
    const added = [];
    for (let i = 0; i < 4; i++) added.push(await project(lead.id, `Shared pool ${i}`));
    try {
      await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["view"], projects: {} } });
      const all = (await sharedProjects(t.db, { userId: colleague.id })).map((p) => p.id);
      expect(all).toEqual([...added].reverse().concat([ids.second!, ids.leads!]));
      const first = await sharedProjectPage(t.db, { userId: colleague.id, pageSize: 4 });
      const second = await sharedProjectPage(t.db, { userId: colleague.id, pageSize: 4, page: 2 });
      expect(first).toMatchObject({ total: 6, page: 1 });
      expect([...first.rows, ...second.rows].map((p) => p.id)).toEqual(all);
      // past the last page, the last; a seller who reaches only their own has none
      expect((await sharedProjectPage(t.db, { userId: colleague.id, pageSize: 4, page: 9 })).rows.map((p) => p.id)).toEqual(all.slice(4));
      expect(await sharedProjectPage(t.db, { userId: loner.id })).toMatchObject({ rows: [], total: 0 });
    } finally {
      await t.db.delete(projects).where(inArray(projects.id, added));
    }
  });

  it("pages the team's projects for a colleague's form, newest first, and only those granted when asked", async () => {
    const added = [];
    for (let i = 0; i < 5; i++) added.push(await project(i % 2 ? colleague.id : lead.id, `Paged pool ${i}`));
    try {
      const team = (await t.db.select({ id: projects.id }).from(projects).where(inArray(projects.sellerId, [lead.id, colleague.id]))).map((p) => p.id).sort((a, b) => b - a);
      const first = await teamProjectPage(t.db, { customerId: ids.bank!, pageSize: 3 });
      const second = await teamProjectPage(t.db, { customerId: ids.bank!, pageSize: 3, page: 2 });
      expect(first).toMatchObject({ total: team.length, page: 1 });
      expect([...first.rows, ...second.rows].map((p) => p.id)).toEqual(team.slice(0, 6));
      // past the last page: the last
      const last = Math.ceil(team.length / 3);
      const beyond = await teamProjectPage(t.db, { customerId: ids.bank!, pageSize: 3, page: 99 });
      expect(beyond).toMatchObject({ page: last, total: team.length });
      expect(beyond.rows.map((p) => p.id)).toEqual(team.slice((last - 1) * 3));
      // only the granted: never another company's, even when named
      const only = await teamProjectPage(t.db, { customerId: ids.bank!, only: [added[1]!, ids.outsiders!, ids.leads!] });
      expect(only).toMatchObject({ total: 2 });
      expect(only.rows.map((p) => p.id)).toEqual([added[1], ids.leads]);
      expect(await teamProjectPage(t.db, { customerId: ids.bank!, only: [] })).toMatchObject({ rows: [], total: 0 });
      expect(await teamProjectPage(t.db, { customerId: 999_999 })).toMatchObject({ rows: [], total: 0 });
    } finally {
      await t.db.delete(projects).where(inArray(projects.id, added));
    }
  });

  it("lists a team of more than a hundred a page at a time, each page carrying the count, and offers the projects of its later members", async () => {
    const [big] = await t.db.insert(customers).values({ name: "Big Team Bank", customerType: "seller" }).returning();
    const hash = (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, lead.id)))[0]!.hash;
    const members = await t.db
      .insert(users)
      .values(Array.from({ length: 120 }, (_, i) => ({ email: `teammate-${i}@bigteam.test`, name: `Teammate ${i}`, passwordHash: hash, roles: ["ROLE_SELLER"], customerId: big!.id })))
      .returning({ id: users.id });
    const latest = members.at(-1)!.id;
    const theirs = await project(latest, "Latest teammate's pool");
    try {
      const first = await colleaguesOf(t.db, { customerId: big!.id });
      const third = await colleaguesOf(t.db, { customerId: big!.id, page: 3 });
      expect(first).toMatchObject({ total: 120, page: 1, pageSize: 50 });
      expect(first.rows).toHaveLength(50);
      expect(first.rows[0]).toMatchObject({ id: members[0]!.id, lead: true });
      // the last page holds the latest members, past the hundred the page used to stop at; past it, the last
      expect(third.rows.map((r) => r.id)).toEqual(members.slice(100).map((m) => m.id));
      expect((await colleaguesOf(t.db, { customerId: big!.id, page: 99 })).rows.map((r) => r.id)).toEqual(third.rows.map((r) => r.id));
      // the 120th member's project is on the permission forms
      expect((await teamProjects(t.db, { customerId: big!.id })).map((p) => p.id)).toEqual([theirs]);
      expect(await teamProjectPage(t.db, { customerId: big!.id })).toMatchObject({ total: 1, rows: [{ id: theirs }] });
    } finally {
      await t.db.delete(projects).where(eq(projects.id, theirs));
      await t.db.delete(users).where(eq(users.customerId, big!.id));
    }
  });

  it("saves one page of the form: permissions for all and on the projects shown, keeping those on projects not shown", async () => {
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["view"], projects: { [String(ids.leads)]: ["ndas"], [String(ids.second)]: ["offers"] } } });
    // the page showed the lead's pool only: unticked there, ticked "edit" for all
    const after = await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["edit"], projects: {} }, shown: [String(ids.leads)] });
    expect(after).toEqual({ all: ["edit"], projects: { [String(ids.second)]: ["offers"] } });
    expect(await check(colleague, ids.second!, "offers")).toBe(true);
    expect(await check(colleague, ids.leads!, "ndas")).toBe(false);
    // ticked on the page shown: added beside what is kept
    expect(await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: { [String(ids.leads)]: ["dataRoom"] } }, shown: [String(ids.leads)] })).toEqual({
      all: [],
      projects: { [String(ids.second)]: ["offers"], [String(ids.leads)]: ["dataRoom"] },
    });
    // without `shown`, the whole set is replaced
    expect(await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["view"], projects: {} } })).toEqual({ all: ["view"], projects: {} });
  });

  it("stores grants on the team's own projects only, and from a page only on the projects it showed", async () => {
    // a form posted by hand: another company's project, a project of no one, a team project the page did not show
    const posted: SellerGrants["projects"] = { [String(ids.outsiders)]: ["view"], "999999": ["offers"], [String(ids.second)]: ["ndas"], [String(ids.leads)]: ["dataRoom"] };
    const fromPage = await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: posted }, shown: [String(ids.outsiders), "999999", String(ids.leads)] });
    expect(fromPage).toEqual({ all: [], projects: { [String(ids.leads)]: ["dataRoom"] } });
    const whole = await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["view"], projects: posted } });
    expect(whole).toEqual({ all: ["view"], projects: { [String(ids.second)]: ["ndas"], [String(ids.leads)]: ["dataRoom"] } });
    const [stored] = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, String(colleague.id))).orderBy(desc(auditLog.id)).limit(1);
    expect(stored!.detail).not.toMatch(/999999|Outsider/);
  });

  it("shows a buyer company to a seller once it signed an NDA on a project the seller reaches, with its activity there only", async () => {
    const [fund] = await t.db.insert(customers).values({ name: "North Fund", customerType: "buyer" }).returning();
    const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId: fund!.id }).where(eq(users.id, buyer.id));
    const nda = (projectId: number, signed: boolean) => ({
      projectId,
      buyerId: buyer.id,
      envelopeId: `env-${projectId}-${signed}`,
      documentKey: "k",
      documentSha256: "s",
      requestedAt: new Date(),
      ndaStatus: signed ? ("Signed" as const) : ("Requested" as const),
      signedAt: signed ? new Date() : null,
    });
    await t.db.insert(contracts).values([nda(ids.second!, true), nda(ids.outsiders!, true), nda(ids.leads!, false)]);
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: {} } });
    const seen = async (user: User) => (await buyerCompanyForSeller(t.db, { customerId: fund!.id, userId: user.id }))?.projects.rows.map((p) => p.projectId) ?? null;
    // the lead's own project; the lead's colleague only once the project is given; never another company's
    expect(await seen(lead)).toEqual([ids.second]);
    expect(await seen(colleague)).toBeNull();
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: { [String(ids.second)]: ["view"] } } });
    expect(await seen(colleague)).toEqual([ids.second]);
    expect(await seen(outsider)).toEqual([ids.outsiders]);
    expect(await seen(loner)).toBeNull();
  });

  it("counts a buyer company's documents opened as the data room's files its members opened, not its openings of the room", async () => {
    const [fund] = await t.db.insert(customers).values({ name: "Reading Fund", customerType: "buyer" }).returning();
    const reader = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId: fund!.id }).where(eq(users.id, reader.id));
    await t.db.insert(contracts).values({ projectId: ids.second!, buyerId: reader.id, envelopeId: "env-reading-fund", documentKey: "k", documentSha256: "s", requestedAt: new Date(), ndaStatus: "NDA Approved", signedAt: new Date() });
    const event = (action: "view" | "download", documentName: string, at: number) => ({ projectId: ids.second!, documentId: null, documentName, userId: reader.id, action, createdAt: new Date(at) });
    // the workspace opened five times (each a row of the room's opening), the tape downloaded twice, the memo once
    await t.db.insert(documentEvents).values([
      ...[1, 2, 3, 4, 5].map((i) => event("view", "Data room", 1_000 + i)),
      event("download", "Tape.csv", 2_000),
      event("download", "Tape.csv", 2_001),
      event("download", "Memo.pdf", 2_002),
    ]);
    const page = await buyerCompanyForSeller(t.db, { customerId: fund!.id, userId: lead.id });
    expect(page?.projects.rows).toMatchObject([{ projectId: ids.second, documentsOpened: 2 }]);
  });

  it("shows a buyer company of more than a hundred members by its later members' NDAs and offers too", async () => {
    const [big] = await t.db.insert(customers).values({ name: "Many Member Fund", customerType: "buyer" }).returning();
    const hash = (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, lead.id)))[0]!.hash;
    const members = await t.db
      .insert(users)
      .values(Array.from({ length: 110 }, (_, i) => ({ email: `fund-member-${i}@manymember.test`, name: `Fund member ${i}`, passwordHash: hash, roles: ["ROLE_BUYER"], customerId: big!.id })))
      .returning({ id: users.id });
    const latest = members.at(-1)!.id;
    try {
      await t.db.insert(contracts).values({ projectId: ids.second!, buyerId: latest, envelopeId: "env-many-member", documentKey: "k", documentSha256: "s", requestedAt: new Date(), ndaStatus: "Signed", signedAt: new Date() });
      await t.db.insert(offers).values({ projectId: ids.second!, buyerId: latest, price: 1_000_000, status: "submitted", structure: "Cash", dueDiligenceDays: 30, expiresOn: "2030-01-01", pdfKey: "k", pdfSha256: "s" });
      const page = await buyerCompanyForSeller(t.db, { customerId: big!.id, userId: lead.id });
      expect(page?.projects).toMatchObject({ total: 1, rows: [{ projectId: ids.second, offers: 1 }] });
    } finally {
      await t.db.delete(offers).where(eq(offers.buyerId, latest));
      await t.db.delete(contracts).where(eq(contracts.buyerId, latest));
      await t.db.delete(users).where(eq(users.customerId, big!.id));
    }
  });

  it("lists a buyer company's projects a page at a time, the latest signed first, each page carrying how many there are", async () => {
    const pager = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [fund] = await t.db.insert(customers).values({ name: "Paged Fund", customerType: "buyer" }).returning();
    const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId: fund!.id }).where(eq(users.id, buyer.id));
    const listed = await t.db
      .insert(projects)
      .values(Array.from({ length: 27 }, (_, i) => ({ sellerId: pager.id, kind: "loan_pool" as const, status: "published" as const, projectName: `Paged ${i}` })))
      .returning({ id: projects.id });
    const start = Date.now();
    await t.db.insert(contracts).values(
      listed.map(({ id }, i) => ({ projectId: id, buyerId: buyer.id, envelopeId: `paged-${id}`, documentKey: "k", documentSha256: "s", requestedAt: new Date(start), ndaStatus: "Signed" as const, signedAt: new Date(start + i * 1000) })),
    );
    const pageOf = async (page: number) => (await buyerCompanyForSeller(t.db, { customerId: fund!.id, userId: pager.id, page }))!.projects;
    const first = await pageOf(1);
    expect({ total: first.total, page: first.page, shown: first.rows.length }).toEqual({ total: 27, page: 1, shown: 25 });
    const newestFirst = [...listed].reverse().map(({ id }) => id);
    expect(first.rows.map((r) => r.projectId)).toEqual(newestFirst.slice(0, 25));
    expect((await pageOf(2)).rows.map((r) => r.projectId)).toEqual(newestFirst.slice(25));
    // past the last (a stale or made-up ?page=): the last
    expect(await pageOf(9)).toMatchObject({ page: 2, total: 27, rows: [{ projectId: newestFirst[25] }, { projectId: newestFirst[26] }] });
  });

  it("puts the threads of the team's projects a colleague may see in their inbox, and no one else's", async () => {
    const [buyer] = [await makeUser(t.db)];
    const leads = (await t.db.query.projects.findFirst({ where: eq(projects.id, ids.leads!) }))!;
    await postMessage({ db: t.db, env, waitUntil: () => {} } as never, leads, buyer!, buyer!, "Is the tape complete?");
    const inbox = async (user: User) => (await listThreads(t.db, user, "seller", { reach: await sellerReachKindOf(t.db, user) })).threads.map((r) => r.projectId);
    // the header's unread count covers the same threads, whichever kind of reach the seller has
    const unread = async (user: User) => unreadMessageCount(t.db, user, "seller", await sellerReachKindOf(t.db, user));
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: {} } });
    expect(await inbox(colleague)).not.toContain(ids.leads);
    const unreadOwn = await unread(colleague);
    const unreadOutsider = await unread(outsider);
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [], projects: { [String(ids.leads)]: ["offers"] } } });
    expect(await inbox(colleague)).toContain(ids.leads);
    expect(await unread(colleague)).toBe(unreadOwn + 1);
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: ["view"], projects: {} } });
    expect(await unread(colleague)).toBe(unreadOwn + 1);
    expect(await inbox(lead)).toContain(ids.leads);
    expect(await unread(lead)).toBeGreaterThanOrEqual(1);
    expect(await inbox(outsider)).not.toContain(ids.leads);
    expect(await unread(outsider)).toBe(unreadOutsider);
  });
});

describe("the company's first member, who holds every permission", () => {
  /** A company of these members, in this order (the first has the lowest id); each seller lists one project. */
  async function company(name: string, members: { roles: string[]; enabled?: boolean }[]) {
    const [customer] = await t.db.insert(customers).values({ name, customerType: "seller" }).returning();
    const made: { user: User; projectId: number }[] = [];
    for (const m of members) {
      const user = await makeUser(t.db, { roles: m.roles });
      await t.db.update(users).set({ customerId: customer!.id, enabled: m.enabled ?? true }).where(eq(users.id, user.id));
      made.push({ user: { ...user, customerId: customer!.id }, projectId: await project(user.id, `${name} pool of ${user.id}`) });
    }
    return { customerId: customer!.id, members: made };
  }

  const expectLead = async (customerId: number, lead: { user: User }, other: { user: User; projectId: number }) => {
    for (const p of SELLER_PERMISSIONS) expect(await check(lead.user, other.projectId, p)).toBe(true);
    expect(await teamOf(t.db, { userId: lead.user.id })).toMatchObject({ customerId, leadId: lead.user.id, isLead: true });
    expect(await colleagueLedBy(t.db, { userId: lead.user.id, memberId: other.user.id })).not.toBeNull();
    expect(await t.db.select({ id: projects.id }).from(projects).where(await sellerReach(t.db, { userId: lead.user.id }))).toContainEqual({ id: other.projectId });
    // the team page names them, and only them, as the first member
    expect((await colleaguesOf(t.db, { customerId })).rows.filter((c) => c.lead).map((c) => c.id)).toEqual([lead.user.id]);
    // and the other seller is not the lead
    expect(await teamOf(t.db, { userId: other.user.id })).toMatchObject({ isLead: false });
    expect(await check(other.user, (await t.db.select({ id: projects.id }).from(projects).where(eq(projects.sellerId, lead.user.id)))[0]!.id, "view")).toBe(false);
  };

  it("is the company's first seller when its first member is a buyer (or acts as one)", async () => {
    const { customerId, members } = await company("Buyer First Bank", [{ roles: ["ROLE_BUYER"] }, { roles: ["ROLE_BUYER", "ROLE_SELLER"] }, { roles: ["ROLE_SELLER"] }, { roles: ["ROLE_SELLER"] }]);
    await expectLead(customerId, members[2]!, members[3]!);
  });

  it("is the company's first enabled seller when its first seller is disabled", async () => {
    const { customerId, members } = await company("Disabled First Bank", [{ roles: ["ROLE_SELLER"], enabled: false }, { roles: ["ROLE_SELLER"] }, { roles: ["ROLE_SELLER"] }]);
    await expectLead(customerId, members[1]!, members[2]!);
  });

  it("is a colleague who came in, not one invited who never did, when the first seller is disabled", async () => {
    const { customerId, members } = await company("Invited Next Bank", [{ roles: ["ROLE_SELLER"], enabled: false }, { roles: ["ROLE_SELLER"] }, { roles: ["ROLE_SELLER"] }, { roles: ["ROLE_SELLER"] }]);
    const [, invited, joined, later] = members;
    const invite = (userId: number, used: boolean) =>
      t.db.insert(invitations).values({ tokenHash: `lead-${userId}-${used}`, userId, invitedBy: members[0]!.user.id, expiresAt: new Date(Date.now() + 86_400_000), usedAt: used ? new Date() : null });
    // the second member's link is unused (an expired one does not count either); the third chose a password through theirs
    await invite(invited!.user.id, false);
    await invite(joined!.user.id, true);
    await expectLead(customerId, joined!, invited!);
    expect((await teamOf(t.db, { userId: later!.user.id }))?.leadId).toBe(joined!.user.id);
    // once the invited colleague comes in, the lowest id leads again, as when a disabled lead is enabled again
    await invite(invited!.user.id, true);
    await expectLead(customerId, invited!, joined!);
  });

  it("is the first enabled seller while none of them came in yet", async () => {
    const { customerId, members } = await company("Nobody In Bank", [{ roles: ["ROLE_SELLER"], enabled: false }, { roles: ["ROLE_SELLER"] }, { roles: ["ROLE_SELLER"] }]);
    for (const m of members.slice(1)) await t.db.insert(invitations).values({ tokenHash: `none-in-${m.user.id}`, userId: m.user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    await expectLead(customerId, members[1]!, members[2]!);
  });

  it("is read in the company's members (users_customer_idx), not by walking users", async () => {
    const q = t.db.select({ leadId: teamLeadIdOf(users.customerId) }).from(users).where(eq(users.id, lead.id)).toSQL();
    const plan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params })).rows.map((r) => String(r.detail));
    expect(plan).toContain("SEARCH lead USING INDEX users_customer_idx (customer_id=?)");
    expect(plan.filter((step) => step.includes("invitations")).every((step) => step.includes("invitations_user_idx"))).toBe(true);
    expect(plan.filter((step) => step.startsWith("SCAN"))).toEqual([]);
  });
});

describe("a bulk upload's listings while it runs", () => {
  it("are seen by no seller, the team's first member included, until the import is done (admins only)", async () => {
    await saveGrants(t.db, { actor: lead, memberId: colleague.id, grants: { all: [...SELLER_PERMISSIONS], projects: {} } });
    const estate = { kind: "real_estate" as const, location: "Northeast", state: "NY", details: { propertyType: "Office", noi: 500_000, occupancy: 90, city: "Albany" } };
    const [listed, importingEstate, importingPool] = await t.db
      .insert(projects)
      .values([
        { sellerId: lead.id, status: "published", projectName: "Listed tower", ...estate },
        { sellerId: lead.id, status: "importing", projectName: "Half-imported tower", ...estate, state: "VT" },
        { sellerId: colleague.id, kind: "loan_pool", status: "importing", projectName: "Half-imported pool", tapeLoans: 3 },
      ])
      .returning({ id: projects.id });
    const [listedId, estateId, poolId] = [listed!.id, importingEstate!.id, importingPool!.id];
    try {
      for (const user of [lead, colleague]) {
        const member = (await userForSession(t.db, await startSession(t.db, user.id)))!;
        for (const id of [estateId, poolId]) {
          // the seller's desk, their document links and the listing form answer 404
          expect(await findTeamProject(t.db, { userId: user.id, projectId: id })).toBeNull();
          expect(await findTeamProjectFor(t.db, member, id)).toBeNull();
          expect(await can(t.db, { userId: user.id, projectId: id }, "view")).toBe(false);
          const project = (await t.db.query.projects.findFirst({ where: eq(projects.id, id) }))!;
          expect(await findVisibleProject(t.db, { id: user.id, role: "seller" }, id)).toBeNull();
          expect(mayManageProject({ id: user.id, role: "seller" }, project)).toBe(false);
          expect(await dataRoomAccess(t.db, project, user, "seller")).toBeNull();
        }
        // the real-estate analytics: the list, its count and the map leave it out; its valuation is 404
        const valuations = await ownRealEstateValuations(t.db, { sellerId: user.id });
        expect(valuations.rows.map((r) => r.id)).toEqual([listedId]);
        expect(valuations.total).toBe(1);
        expect(valuations.places.map((p) => p.id)).toEqual([listedId]);
        expect(await ownRealEstateStates(t.db, { sellerId: user.id })).toEqual([{ state: "NY", count: 1 }]);
        expect(await ownRealEstate(t.db, { sellerId: user.id, projectId: estateId })).toBeNull();
        expect(await ownRealEstate(t.db, { sellerId: user.id, projectId: listedId })).not.toBeNull();
        // loan pricing's choice of pools, and pricing one by its id
        expect((await sellerPools(t.db, { sellerId: user.id })).map((p) => p.id)).not.toContain(poolId);
        expect(await pricePool(t.db, { sellerId: user.id, values: { projectId: poolId } })).toBeNull();
      }
      // the colleagues' projects on my projects, and the permission form's list of the team's
      expect((await sharedProjects(t.db, { userId: lead.id })).map((p) => p.id)).not.toContain(poolId);
      expect((await sharedProjects(t.db, { userId: colleague.id })).map((p) => p.id)).not.toContain(estateId);
      const team = (await teamProjects(t.db, { customerId: ids.bank! })).map((p) => p.id);
      expect(team).toContain(listedId);
      expect(team).not.toContain(estateId);
      expect(team).not.toContain(poolId);
      const paged = await teamProjectPage(t.db, { customerId: ids.bank!, pageSize: 500 });
      expect(paged.rows.map((p) => p.id)).not.toContain(estateId);
      expect(paged.total).toBe(team.length);
      // an admin sees them
      expect(await findVisibleProject(t.db, { id: 1, role: "admin" }, estateId)).not.toBeNull();
      // once the import is done, they are the seller's
      await t.db.update(projects).set({ status: "draft" }).where(inArray(projects.id, [estateId, poolId]));
      expect(await findTeamProject(t.db, { userId: lead.id, projectId: estateId })).not.toBeNull();
      expect(await findTeamProject(t.db, { userId: lead.id, projectId: poolId })).not.toBeNull();
      expect((await ownRealEstateValuations(t.db, { sellerId: lead.id })).total).toBe(2);
      expect(await ownRealEstateStates(t.db, { sellerId: lead.id })).toEqual([
        { state: "NY", count: 1 },
        { state: "VT", count: 1 },
      ]);
    } finally {
      await t.db.delete(projects).where(inArray(projects.id, [listedId, estateId, poolId]));
    }
  });
});
