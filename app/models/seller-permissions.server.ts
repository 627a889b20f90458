import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { auditLog, listedProject, projects, sellerPermissions, users, WITHOUT_SECRETS, type Project, type User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import {
  NO_GRANTS,
  PERMISSION_LABELS,
  cleanPermissions,
  everyPermission,
  permissionsOn,
  withShownReplaced,
  type SellerGrants,
  type SellerPermission,
} from "~/lib/seller-permissions";
import { changedFields, recordAudit, type AuditEntry } from "./audit.server";
import { colleaguesWithPlaceholders, reachSql, reachValues, type Reach } from "./seller-reach.server";
import { inList } from "~/.server/db/in-list";
import { pageCarryingTotal } from "./list-query.server";
import { inviteMember, resendInvitation, type InviteResult } from "./invitations.server";
import { invitedNotYetIn, normalizeEmail } from "./users.server";
import { importing, projectWithId } from "./projects.server";
import { teamLeadIdOf } from "./seller-team-lead.server";
import { hitRateLimit } from "./rate-limits.server";
import { sellerTeamLoadedWith } from "./sessions.server";

type Actor = NonNullable<AuditEntry["actor"]>;

/** The seller's company (customer) and who its first member is (teamLeadIdOf): the one who holds every permission. */
export async function teamOf(db: Database, { userId }: { userId: number }) {
  const [me] = await db
    .select({ customerId: users.customerId, roles: users.roles, leadId: teamLeadIdOf(users.customerId) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!me?.customerId || !me.roles.includes("ROLE_SELLER")) return null;
  return { customerId: me.customerId, leadId: me.leadId ?? userId, isLead: me.leadId === userId };
}

export async function grantsOf(db: Database, { userId }: { userId: number }): Promise<SellerGrants> {
  const row = await db.query.sellerPermissions.findFirst({ where: eq(sellerPermissions.userId, userId) });
  return row?.grants ?? NO_GRANTS;
}

/**
 * What a seller may do on one project: everything on their own project or as their
 * company's first member; on a colleague's project what they were given; nothing on
 * anyone else's (an empty set, which the pages answer with 404).
 */
export async function permissionsOnProject(db: Database, { userId, projectId }: { userId: number; projectId: number }): Promise<Set<SellerPermission>> {
  const project = await projectWithId(db, projectId);
  // a listing still importing is no seller's yet (importing in projects.server.ts)
  if (!project || importing(project)) return new Set();
  return permissionsGiven(db, { userId, projectId, sellerId: project.sellerId });
}

async function permissionsGiven(db: Database, { userId, projectId, sellerId }: { userId: number; projectId: number; sellerId: number }): Promise<Set<SellerPermission>> {
  if (sellerId === userId) return everyPermission();
  const [me, [owner]] = await Promise.all([
    placeOf(db, userId),
    db.select({ customerId: users.customerId }).from(users).where(eq(users.id, sellerId)).limit(1),
  ]);
  return permissionsOfMember(userId, me, { id: projectId, sellerId }, owner?.customerId ?? null);
}

/**
 * The projects a seller may reach with `permission`, as a condition on `projects`: their own,
 * and their team's as the first member or their grants allow. One query, so that lists (my
 * projects, drafts, the inbox, pricing and analytics) stay one page's worth of work.
 */
export async function sellerReach(db: Database, { userId, permission = "view" }: { userId: number; permission?: SellerPermission }): Promise<SQL> {
  return reachSql(reachOf(userId, await placeOf(db, userId), permission));
}

/** The same for the signed-in seller, from what came with their session when it did (no query then). */
export async function sellerReachOf(db: Database, user: User, permission: SellerPermission = "view"): Promise<SQL> {
  return reachSql(await sellerReachKindOf(db, user, permission));
}

/** Which projects the signed-in seller reaches, as values: for a query built once (reachWithPlaceholders in seller-reach.server.ts). */
export async function sellerReachKindOf(db: Database, user: User, permission: SellerPermission = "view"): Promise<Reach> {
  const team = sellerTeamLoadedWith(user);
  return reachOf(user.id, team ? placeFromSession(user, team) : await placeOf(db, user.id), permission);
}

/** Where a seller stands in their company: what every permission rule here is judged on. */
async function placeOf(db: Database, userId: number): Promise<Place | undefined> {
  const [me] = await db
    .select({
      customerId: users.customerId,
      roles: users.roles,
      grants: sellerPermissions.grants,
      leadId: teamLeadIdOf(users.customerId),
    })
    .from(users)
    .leftJoin(sellerPermissions, eq(sellerPermissions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return me;
}

/** The same, from what came with the signed-in seller's session. */
function placeFromSession(user: User, team: { grants: string | null; leadId: number | null }): Place {
  const grants = team.grants === null ? null : (JSON.parse(team.grants) as SellerGrants);
  return { customerId: user.customerId, roles: user.roles, grants, leadId: team.leadId };
}

type Place = { customerId: number | null; roles: User["roles"]; grants: SellerGrants | null; leadId: number | null };

function reachOf(userId: number, me: Place | undefined, permission: SellerPermission): Reach {
  if (!me?.customerId || !me.roles.includes("ROLE_SELLER")) return { kind: "own", userId };
  const grants = me.grants ?? NO_GRANTS;
  const holds = (list: readonly SellerPermission[]) => list.length > 0 && (permission === "view" || list.includes(permission));
  if (me.leadId === userId || holds(grants.all)) return { kind: "team", userId, customerId: me.customerId };
  const ids = Object.entries(grants.projects)
    .filter(([, list]) => holds(list))
    .map(([id]) => Number(id));
  return ids.length ? { kind: "granted", userId, customerId: me.customerId, ids } : { kind: "own", userId };
}

/** The one check every deal and listing action makes. */
export async function can(db: Database, { userId, projectId }: { userId: number; projectId: number }, permission: SellerPermission) {
  return (await permissionsOnProject(db, { userId, projectId })).has(permission);
}

/** A project the seller may see (their own or a colleague's), with what they may do on it; null when they may not. */
export async function findTeamProject(db: Database, { userId, projectId }: { userId: number; projectId: number }): Promise<{ project: Project; may: Set<SellerPermission> } | null> {
  // the project first, whole: its seller decides the permissions, and on one's own project that is
  // the only read (nothing of it leaves here unless the seller may view it)
  const project = await projectWithId(db, projectId);
  if (!project || importing(project)) return null;
  const may = await permissionsGiven(db, { userId, projectId, sellerId: project.sellerId });
  return may.has("view") ? { project, may } : null;
}

// a seller's project page starts here: the project and its seller's company in one read, built once
const projectWithSellerCompany = preparedQuery((db) =>
  db
    .select({ project: projects, sellerCustomerId: users.customerId })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.sellerId))
    .where(eq(projects.id, sql.placeholder("projectId")))
    .limit(1)
    .prepare(),
);

/**
 * `findTeamProject` for the signed-in seller, from what came with their session: one read (on
 * D1 one round trip, where the permission check used to take four in a row).
 */
export async function findTeamProjectFor(db: Database, user: User, projectId: number): Promise<{ project: Project; may: Set<SellerPermission> } | null> {
  const team = sellerTeamLoadedWith(user);
  if (!team) return findTeamProject(db, { userId: user.id, projectId });
  if (!Number.isSafeInteger(projectId) || projectId <= 0) return null;
  const [row] = await projectWithSellerCompany(db).all({ projectId });
  if (!row || importing(row.project)) return null;
  const may = permissionsOfMember(user.id, placeFromSession(user, team), row.project, row.sellerCustomerId);
  return may.has("view") ? { project: row.project, may } : null;
}

/**
 * What a seller may do on one project: everything on their own project or as their company's
 * first member; on a colleague's project what they were given; nothing on anyone else's.
 */
function permissionsOfMember(userId: number, me: Place | undefined, project: Pick<Project, "id" | "sellerId">, sellerCustomerId: number | null): Set<SellerPermission> {
  if (project.sellerId === userId) return everyPermission();
  if (!me?.customerId || !me.roles.includes("ROLE_SELLER") || sellerCustomerId !== me.customerId) return new Set();
  if (me.leadId === userId) return everyPermission();
  return permissionsOn(me.grants ?? NO_GRANTS, project.id);
}

/** How many colleagues the team page lists at a time. */
export const COLLEAGUES_PAGE_SIZE = 50;

/**
 * A page of the members of the seller's company, in the order they joined, and how many there are;
 * `lead`: the first member (teamLeadIdOf). A company of more than a page listed its first hundred
 * members and no more: the others had no row, so no link to their permissions. A page past the last
 * shows the last.
 */
export async function colleaguesOf(db: Database, { customerId, page = 1, pageSize = COLLEAGUES_PAGE_SIZE }: { customerId: number; page?: number; pageSize?: number }) {
  const found = await pageCarryingTotal(
    (offset) =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          roles: users.roles,
          lastLoginAt: users.lastLoginAt,
          createdAt: users.createdAt,
          grants: sellerPermissions.grants,
          enabled: users.enabled,
          // invited and never in: the lead sends the link again (it works 7 days; inviting the address again is refused)
          invited: invitedNotYetIn(),
          lead: sql<number>`${users.id} is ${teamLeadIdOf(sql`${customerId}`)}`,
          total: sql<number>`(select count(*) from ${users} where ${users.customerId} = ${customerId})`,
        })
        .from(users)
        .leftJoin(sellerPermissions, eq(sellerPermissions.userId, users.id))
        .where(eq(users.customerId, customerId))
        .orderBy(asc(users.id))
        .limit(pageSize)
        .offset(offset),
    { page, pageSize },
  );
  return { ...found, rows: found.rows.map((r) => ({ ...r, grants: r.grants ?? NO_GRANTS, lead: Boolean(r.lead) })) };
}

/** One colleague of the same company (not the lead themselves); null otherwise. */
export async function findColleague(db: Database, { customerId, memberId }: { customerId: number; memberId: number }) {
  const member = await db.query.users.findFirst({ columns: WITHOUT_SECRETS, where: and(eq(users.id, memberId), eq(users.customerId, customerId)) });
  if (!member || !member.roles.includes("ROLE_SELLER")) return null;
  return { member, grants: await grantsOf(db, { userId: memberId }) };
}

/**
 * A new invitation link for a colleague the lead invited who never came in (theirs expired, or went astray):
 * inviting the address again was refused ("exists already") and only an admin could send one. False for
 * anyone else: a colleague who signed in, a disabled one, someone not led by this seller.
 */
export async function resendColleagueInvitation(
  services: Pick<Services, "db" | "env" | "waitUntil">,
  { actor, memberId, address }: { actor: Actor; memberId: number; address?: string },
) {
  const colleague = await colleagueLedBy(services.db, { userId: actor.id, memberId });
  if (!colleague?.member.enabled) return false;
  const [row] = await services.db.select({ invited: invitedNotYetIn() }).from(users).where(eq(users.id, memberId));
  if (!row?.invited) return false;
  // one sent less than a minute ago (a double click without JavaScript) is not sent again: when, by whom
  const sent = await resendInvitation(services, { userId: memberId, actor });
  if (!sent) return false;
  if (sent !== true) return { ...colleague.member, sentJustNow: sent };
  await recordAudit(services.db, { actor, action: "user.invite-resent", subjectType: "user", subjectId: memberId, address });
  return { ...colleague.member, sentJustNow: null };
}

/** A colleague the seller, as their company's first member, manages; null for anyone else (or themselves). */
export async function colleagueLedBy(db: Database, { userId, memberId }: { userId: number; memberId: number }) {
  const team = await teamOf(db, { userId });
  if (!team?.isLead || memberId === userId) return null;
  const found = await findColleague(db, { customerId: team.customerId, memberId });
  return found ? { ...found, team } : null;
}

/**
 * Team lists pick their page of ids in the sellers' index (it holds the seller, the status and the
 * id), then read those rows. Left to choose, SQLite walked every project newest first to spare a
 * sort, testing each (45-50 ms at 100,000 projects): with one seller holding most listings, the
 * statistics say a seller has thousands, and the team dozens of sellers. `limit` is a whole number.
 */
const newestInSellersIndex = (condition: SQL, limit: SQL, offset: SQL = sql`0`) =>
  sql`${projects.id} in (select ${projects.id} from ${projects} indexed by projects_seller_idx where ${condition} order by ${projects.id} desc limit ${limit} offset ${offset})`;

/** A bulk upload's listings are no one's to be given a permission on until the import is done: the status, in the sellers' index. */
const NOT_IMPORTING_STATUS = sql`${projects.status} <> 'importing'`;

/**
 * The company's members, as a subquery: read as a list of the first hundred, the projects of a team's
 * later members were on no form, so no one could be given a permission on them.
 */
const teamSellers = (customerId: number) => sql`${projects.sellerId} in (select ${users.id} from ${users} where ${users.customerId} = ${customerId})`;

const teamProjectColumns = { id: projects.id, projectName: projects.projectName, status: projects.status, sellerId: projects.sellerId };

/** The projects of the company's sellers, newest first: the invitation's permission form names the newest. */
export async function teamProjects(db: Database, { customerId, limit = 200 }: { customerId: number; limit?: number }) {
  if (limit <= 0) return [];
  return db
    .select(teamProjectColumns)
    .from(projects)
    // written into the SQL, as Drizzle writes a whole-number limit (decision 045)
    .where(newestInSellersIndex(sql`${teamSellers(customerId)} and ${NOT_IMPORTING_STATUS}`, sql.raw(String(Math.floor(limit)))))
    .orderBy(desc(projects.id));
}

/**
 * One page of the company's sellers' projects, newest first, and how many there are: a colleague's
 * permission form, one page at a time (a team may list thousands). `only`: just these projects (the
 * ones the colleague holds a permission on). A page past the last shows the last.
 */
export async function teamProjectPage(
  db: Database,
  { customerId, page = 1, pageSize = 50, only }: { customerId: number; page?: number; pageSize?: number; only?: readonly number[] },
) {
  if (only?.length === 0) return { rows: [], total: 0, page: 1, pageSize };
  const inSellersIndex = sql`${projects} indexed by projects_seller_idx where ${and(teamSellers(customerId), NOT_IMPORTING_STATUS, only ? inList(projects.id, only) : undefined)}`;
  return pageCarryingTotal(
    (offset) =>
      db
        .select({ ...teamProjectColumns, total: sql<number>`(select count(*) from ${inSellersIndex})` })
        .from(projects)
        .where(sql`${projects.id} in (select ${projects.id} from ${inSellersIndex} order by ${projects.id} desc limit ${pageSize} offset ${offset})`)
        .orderBy(desc(projects.id)),
    { page, pageSize },
  );
}

/**
 * Colleagues' projects this seller may open (their own are listed apart), newest first, `offset` of
 * them skipped, each row carrying how many there are: two reads, as sellerReach decides.
 */
export async function sharedProjects(db: Database, { userId, limit = 200, offset = 0, signedIn }: { userId: number; limit?: number; offset?: number; signedIn?: User }) {
  // for the signed-in seller, from what came with their session: no read before the list's
  const reach = signedIn ? await sellerReachKindOf(db, signedIn) : reachOf(userId, await placeOf(db, userId), "view");
  // a seller who reaches only their own projects has no colleague's to list
  if (reach.kind === "own") return [];
  return colleaguesProjects[reach.kind](db).all({ userId, limit, offset, ...reachValues(reach) });
}

/**
 * A page of the colleagues' projects "My projects" lists, and how many there are: it listed the newest
 * fifty, and a colleague of a team with more had no way to the others. A page past the last shows the last.
 */
export async function sharedProjectPage(db: Database, { userId, page = 1, pageSize = 50, signedIn }: { userId: number; page?: number; pageSize?: number; signedIn?: User }) {
  return pageCarryingTotal((offset) => sharedProjects(db, { userId, limit: pageSize, offset, signedIn }), { page, pageSize });
}

// my projects lists them on every visit: built once for each kind of reach
const colleaguesProjectsIn = (kind: Exclude<Reach["kind"], "own">) =>
  preparedQuery((db) => {
    const shared = sql`${colleaguesWithPlaceholders(kind)} and ${listedProject(projects.status)}`;
    return (
      db
        .select({
          id: projects.id,
          projectName: projects.projectName,
          status: projects.status,
          sellerId: projects.sellerId,
          total: sql<number>`(select count(*) from ${projects} indexed by projects_seller_idx where ${shared})`,
        })
        .from(projects)
        // a placeholder's limit and offset as expressions, so that D1 does not plan the statement again for each value (decision 045)
        .where(newestInSellersIndex(shared, sql`(${sql.placeholder("limit")} + 0)`, sql`(${sql.placeholder("offset")} + 0)`))
        .orderBy(desc(projects.id))
        .prepare()
    );
  });
const colleaguesProjects = { team: colleaguesProjectsIn("team"), granted: colleaguesProjectsIn("granted") };

function describe(grants: SellerGrants) {
  const names = (list: SellerPermission[]) => (list.length ? list.map((p) => PERMISSION_LABELS[p]).join(", ") : "none");
  const per = Object.entries(grants.projects).map(([id, list]) => `project ${id}: ${names(list)}`);
  return [`all projects: ${names(grants.all)}`, ...per].join("; ");
}

/** Only the known names, and no empty per-project entries. */
export function normalizeGrants(grants: SellerGrants): SellerGrants {
  const projectsGranted = Object.fromEntries(
    Object.entries(grants.projects)
      .map(([id, list]) => [id, cleanPermissions(list)] as const)
      .filter(([, list]) => list.length > 0),
  );
  return { all: cleanPermissions(grants.all), projects: projectsGranted };
}

/**
 * Replaces a colleague's permissions, or with `shown` (the projects a page of the form showed) only
 * those for all and on those projects; the change goes to the audit log with before and after.
 */
export async function saveGrants(
  db: Database,
  { actor, memberId, grants, shown, address }: { actor: Actor; memberId: number; grants: SellerGrants; shown?: readonly string[]; address?: string },
) {
  const before = await grantsOf(db, { userId: memberId });
  const chosen = shown ? withShownReplaced(before, grants, shown) : grants;
  const company = db.select({ customerId: users.customerId }).from(users).where(eq(users.id, memberId));
  const after = await grantsWithinTeam(db, { company, grants: chosen });
  const now = new Date();
  await db
    .insert(sellerPermissions)
    .values({ userId: memberId, grants: after, updatedBy: actor.id, updatedAt: now })
    .onConflictDoUpdate({ target: sellerPermissions.userId, set: { grants: after, updatedBy: actor.id, updatedAt: now } });
  await recordGrants(db, { actor, memberId, before, after, address });
  return after;
}

const recordGrants = (db: Database, { actor, memberId, before, after, address }: { actor: Actor; memberId: number; before: SellerGrants; after: SellerGrants; address?: string }) =>
  recordAudit(db, {
    actor,
    action: "seller.permissions",
    subjectType: "user",
    subjectId: memberId,
    detail: `Before: ${describe(before)}. After: ${describe(after)}.`,
    address,
    changes: changedFields(grantFields(before), grantFields(after), [...new Set([...Object.keys(grantFields(before)), ...Object.keys(grantFields(after))])]),
  });

/** The grants as the audit compares them: those for all projects, and each project's ("" for none). */
const grantFields = (grants: SellerGrants): Record<string, string> => ({
  "all projects": grants.all.join(", "),
  ...Object.fromEntries(Object.entries(grants.projects).map(([id, list]) => [`project ${id}`, list.join(", ")])),
});

/** The grants as stored: known names only, on the company's own projects only. */
async function grantsWithinTeam(db: Database, { company, grants }: { company: number | SQLWrapper; grants: SellerGrants }) {
  const ofTeam = await teamProjectsAmong(db, { company, ids: Object.keys(grants.projects) });
  return normalizeGrants({ all: grants.all, projects: Object.fromEntries(Object.entries(grants.projects).filter(([id]) => ofTeam.has(id))) });
}

/**
 * Of these project ids, those the company's sellers list: a grant names nothing else (a form
 * posted by hand named other companies' projects and ids of none, and they were stored).
 */
async function teamProjectsAmong(db: Database, { company, ids }: { company: number | SQLWrapper; ids: readonly string[] }) {
  const wanted = ids.map(Number).filter(Number.isSafeInteger);
  if (!wanted.length) return new Set<string>();
  const sellers = db.select({ id: users.id }).from(users).where(eq(users.customerId, company));
  const rows = await db.select({ id: projects.id }).from(projects).where(and(inList(projects.id, wanted), inArray(projects.sellerId, sellers)));
  return new Set(rows.map((r) => String(r.id)));
}

export const INVITED_ALREADY_MESSAGE = "This colleague is invited already and has not come in: send the invitation again from the list of colleagues.";

/** Whether this address is a member of the company who was invited and never came in. */
async function invitedColleagueNamed(db: Database, { customerId, email }: { customerId: number; email: string }) {
  const [row] = await db
    .select({ invited: invitedNotYetIn() })
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), eq(users.customerId, customerId), eq(users.enabled, true)));
  return Boolean(row?.invited);
}

/**
 * Invitations (new and sent again) a company's first member may send in an hour. Each one creates an account
 * and e-mails an address the seller typed, and a taken address is answered "exists already": without a
 * limit one seller's session could mail any number of strangers from the site and try any number of
 * addresses for whether they have an account here.
 */
export const COLLEAGUE_INVITES = { limit: 30, windowMs: 60 * 60_000 };

/** Null when the lead may send one more invitation now (it is counted); else the refusal to show. */
export async function colleagueInviteRefused(db: Database, { leadId, now = Date.now() }: { leadId: number; now?: number }) {
  const hit = await hitRateLimit(db, `colleague-invites:${leadId}`, COLLEAGUE_INVITES, now);
  if (hit.allowed) return null;
  return `You have sent ${COLLEAGUE_INVITES.limit} invitations in the last hour. Please wait ${Math.ceil(hit.retryAfterSeconds / 60)} minutes and try again.`;
}

/** Invites a colleague into the seller's company with the permissions chosen, through the invitation flow (single-use link). */
export async function inviteColleague(
  services: Pick<Services, "db" | "env" | "waitUntil">,
  { actor, customerId, name, email, grants, address }: { actor: Actor; customerId: number; name: string; email: string; grants: SellerGrants; address?: string },
): Promise<InviteResult> {
  const db = services.db;
  const given = await grantsWithinTeam(db, { company: customerId, grants });
  // in the invitation's batch: an account written without them was a colleague who could see nothing
  const invited = await inviteMember(services, {
    customerId,
    name,
    email,
    roles: ["ROLE_SELLER"],
    actor,
    address,
    alongside: (newUser) => [db.insert(sellerPermissions).values({ userId: newUser, grants: given, updatedBy: actor.id, updatedAt: new Date() })],
  });
  if (invited.ok) await recordGrants(db, { actor, memberId: invited.userId, before: NO_GRANTS, after: given, address });
  else if (invited.field === "email" && (await invitedColleagueNamed(db, { customerId, email }))) {
    // the lead inviting again a colleague whose link expired was told only that the account exists
    return { ok: false, field: "email", message: INVITED_ALREADY_MESSAGE };
  }
  return invited;
}

/**
 * The audit log's names of what a seller does, as their company's first member reads them: the
 * names themselves ("nda.approve") are the log's, not words of the page. A name not here shows as it is.
 */
const SELLER_STEP_LABELS: Record<string, string> = {
  "nda.approve": "Approved an NDA",
  "nda.reject": "Rejected an NDA",
  "nda.auto_approve": "Changed automatic NDA approval",
  "nda.template": "Chose the NDA template",
  "data_room.close": "Closed a buyer's data room",
  "data_room.open": "Opened a buyer's data room",
  "document.add": "Added a document",
  "document.delete": "Deleted a document",
  "offer.counter": "Countered an offer",
  "offer.accept": "Accepted an offer",
  "offer.reject": "Rejected an offer",
  "project.publish": "Published a project",
  "project.withdraw": "Withdrew a project",
  "project.sold": "Marked a project sold",
  "project.reopen": "Reopened a project",
  "project.invite": "Invited a buyer company to a project",
};

/** What a colleague did on the marketplace that the audit log records (their deal steps), newest first; `what` says it in words. */
export async function colleagueActivity(db: Database, { memberId, limit = 50 }: { memberId: number; limit?: number }) {
  const rows = await db
    .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, detail: auditLog.detail })
    .from(auditLog)
    .where(eq(auditLog.actorId, memberId))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, what: SELLER_STEP_LABELS[row.action] ?? row.action }));
}
