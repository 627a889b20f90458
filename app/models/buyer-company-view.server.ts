import { and, desc, eq, inArray, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { contracts, customers, documentEvents, messages, offers, pageSessions, projects, users } from "~/.server/db/schema";
import { inList } from "~/.server/db/in-list";
import { criteriaOf } from "./buyer-criteria.server";
import { pageCarryingTotal } from "./list-query.server";
import { responsivenessOf } from "./responsiveness.server";
import { sellerReach } from "./seller-permissions.server";

/** Past its draft, and the seller's own past the import too: as my projects lists their own and their colleagues'. */
const shownTo = (userId: number) => sql`${projects.status} <> 'draft' and (${projects.status} <> 'importing' or ${projects.sellerId} <> ${userId})`;

/** The projects of a buyer company a seller's page lists at once: a company active on many of them pages through them. */
const BUYER_COMPANY_PROJECTS_PAGE_SIZE = 25;

/**
 * A buyer company as a seller sees it (issue #15 item 6): only once one of its members
 * has signed an NDA on one of the seller's projects, and only its activity on those
 * projects, a page at a time, the latest signed first. Before the NDA the seller knows buyers by
 * pseudonym (buyer-identity.server.ts), so the company's looks at other projects of the seller,
 * unsigned, stay unnamed; and nothing about other sellers' projects is read at all. Null: the page
 * answers 404.
 */
export async function buyerCompanyForSeller(
  db: Database,
  { customerId, userId, page = 1, pageSize = BUYER_COMPANY_PROJECTS_PAGE_SIZE }: { customerId: number; userId: number; page?: number; pageSize?: number },
) {
  const customer = await db.query.customers.findFirst({ where: eq(customers.id, customerId) });
  if (!customer || customer.anonymisedAt) return null;
  const [members, reach] = await Promise.all([
    // every member (their ids, from users_customer_idx): read as the first hundred, a company of more
    // had the NDAs, visits and offers of its later members left out, and was not found when only they had signed
    db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId)),
    sellerReach(db, { userId }),
  ]);
  const memberIds = members.map((m) => m.id);
  if (!memberIds.length) return null;
  // from the members' NDAs to their projects, kept where the seller reaches them: listing every
  // project the seller reaches first (2,000 ids, with the team's) cost 65 ms before any NDA was read.
  // A page of them, each carrying how many there are (it was the latest 100, cut without a word)
  const signedPage = (offset: number) =>
    db
      .select({
        projectId: contracts.projectId,
        projectName: projects.projectName,
        ndaStatus: contracts.ndaStatus,
        signedAt: contracts.signedAt,
        signerName: contracts.signerName,
        total: sql<number>`count(*) over ()`,
      })
      .from(contracts)
      .innerJoin(projects, eq(projects.id, contracts.projectId))
      .where(and(inList(contracts.buyerId, memberIds), isNotNull(contracts.signedAt), reach, shownTo(userId)))
      .orderBy(desc(contracts.signedAt), desc(contracts.id))
      .limit(pageSize)
      .offset(offset);
  const signed = await pageCarryingTotal(signedPage, { page, pageSize });
  if (!signed.total) return null;
  const ids = [...new Set(signed.rows.map((s) => s.projectId))];
  const [activity, criteria, responsiveness] = await Promise.all([
    activityOn(db, { memberIds, projectIds: ids }),
    criteriaOf(db, { customerId }),
    responsivenessOf(db, { customerIds: [customerId], side: "buyer" }),
  ]);
  return {
    company: {
      id: customer.id,
      name: customer.name,
      businessType: customer.businessType,
      buyerType: customer.investorType,
      headquarters: customer.headquarters,
      website: customer.website,
      size: customer.size,
    },
    criteria: criteria?.criteria ?? null,
    responsiveness: responsiveness(customerId),
    projects: { rows: signed.rows.map((s) => ({ ...s, ...activity(s.projectId) })), total: signed.total, page: signed.page, pageSize },
  };
}

/** Per project: visits and time, documents opened, messages written, offers made, by the company's members. */
async function activityOn(db: Database, { memberIds, projectIds }: { memberIds: number[]; projectIds: number[] }) {
  // each read is searched by the company's members, the projects tested beside them (`+`: not by the
  // projects' indexes, where a busy project's sessions and messages were read for a few members: 22 ms)
  const onProjects = (column: SQLWrapper) => inList(sql`+${column}`, projectIds);
  const [visits, documents, written, bids] = await Promise.all([
    db
      .select({ projectId: pageSessions.projectId, visits: sql<number>`count(*)`, totalTime: sql<number>`sum(${pageSessions.totalDuration})`, activeTime: sql<number>`sum(${pageSessions.activeTime})`, lastVisit: sql<number | null>`max(${pageSessions.sessionEnd})` })
      .from(pageSessions)
      .where(and(inList(pageSessions.userId, memberIds), onProjects(pageSessions.projectId)))
      .groupBy(pageSessions.projectId),
    db
      // the room's files they opened, each once: every showing of the workspace is a row of the room's own opening
      // ("view", no document, "Data room"), and counted here a buyer who opened nothing had "documents opened" by the dozen
      .select({ projectId: documentEvents.projectId, opened: sql<number>`count(distinct ${documentEvents.documentName})` })
      .from(documentEvents)
      .where(
        and(
          inList(documentEvents.userId, memberIds),
          inList(documentEvents.projectId, projectIds),
          inArray(documentEvents.action, ["view", "download"]),
          sql`not (${documentEvents.action} = 'view' and ${documentEvents.documentId} is null and ${documentEvents.documentName} = 'Data room')`,
        ),
      )
      .groupBy(documentEvents.projectId),
    db
      .select({ projectId: messages.projectId, messages: sql<number>`count(*)` })
      .from(messages)
      // by the threads' buyer as well, which their index is searched by: the sender has none
      .where(and(inList(messages.buyerId, memberIds), inList(messages.senderId, memberIds), onProjects(messages.projectId)))
      .groupBy(messages.projectId),
    db
      .select({ projectId: offers.projectId, status: offers.status })
      .from(offers)
      .where(and(inList(offers.buyerId, memberIds), inList(offers.projectId, projectIds)))
      .orderBy(desc(offers.id))
      .limit(500),
  ]);
  const by = <T extends { projectId: number | null }>(rows: T[]) => new Map(rows.map((r) => [r.projectId, r]));
  const [v, d, m] = [by(visits), by(documents), by(written)];
  return (projectId: number) => ({
    visits: v.get(projectId)?.visits ?? 0,
    totalTime: v.get(projectId)?.totalTime ?? 0,
    activeTime: v.get(projectId)?.activeTime ?? 0,
    lastVisit: v.get(projectId)?.lastVisit ?? null,
    documentsOpened: d.get(projectId)?.opened ?? 0,
    messages: m.get(projectId)?.messages ?? 0,
    offers: bids.filter((b) => b.projectId === projectId).length,
    // newest first, so the first is the offer on the table now
    lastOfferStatus: bids.find((b) => b.projectId === projectId)?.status ?? null,
  });
}
