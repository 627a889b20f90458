import { aliasedTable, and, count, desc, eq, isNotNull, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { affiliates, inboundItems, referrals, users } from "~/.server/db/schema";
import { hmacSha256 } from "~/.server/crypto";
import { AFFILIATE_CODE, MEMBER_CODE, referralLink, type AffiliateStatus, type CommissionStatus } from "~/lib/affiliates";
import { siteOrigin } from "~/.server/mailer";
import type { Services } from "~/.server/services";
import { sendEmail } from "./outbox.server";
import { recordAudit, type AuditEntry } from "./audit.server";
import { pageCarryingTotal, pageOf, pageOfChosen, pageOrLast } from "./list-query.server";
import { preparedQuery } from "~/.server/db/prepared";

type Actor = NonNullable<AuditEntry["actor"]>;

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const MAX_CODE_TRIES = 5;

function newAffiliateCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

async function memberMac(secret: string, userId: number) {
  const mac = await hmacSha256(`referral:${secret}`, String(userId));
  return Array.from(mac.slice(0, 4), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A member's own referral code: derived, not stored, so every buyer has one from the start. */
export async function memberReferralCode(secret: string, userId: number) {
  return `${userId.toString(36)}-${await memberMac(secret, userId)}`;
}

export type Referrer = { affiliateId: number; referrerUserId: null } | { affiliateId: null; referrerUserId: number };

/** Who a `ref` code names; null for anything unknown, malformed or inactive (a sign-up never fails over it). */
export async function referrerOf(db: Database, { secret, code }: { secret: string; code: string | null | undefined }): Promise<Referrer | null> {
  // read as typed, in any case: partner codes are kept in capitals, members' in small letters
  const ref = (code ?? "").trim();
  const partner = ref.toUpperCase();
  if (AFFILIATE_CODE.test(partner)) {
    const [row] = await db
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(and(eq(affiliates.code, partner), eq(affiliates.status, "active")))
      .limit(1);
    return row ? { affiliateId: row.id, referrerUserId: null } : null;
  }
  const member = MEMBER_CODE.exec(ref.toLowerCase());
  if (!member) return null;
  const userId = parseInt(member[1]!, 36);
  if (!Number.isSafeInteger(userId) || (await memberMac(secret, userId)) !== member[2]) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? { affiliateId: null, referrerUserId: row.id } : null;
}

/** A company's name as two people would write the same one (any case, any spacing); an empty one is nobody's. */
const sameCompany = (a: string | null | undefined, b: string | null | undefined) => {
  const norm = (s: string | null | undefined) => (s ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  return norm(a) !== "" && norm(a) === norm(b);
};

/**
 * Whether the member joining is the partner, or joins for the partner's own company: with the address
 * they applied with, or, with another one, naming the company of their application or of their own
 * account (the one with the partner's address, or the one they applied from): their company's deals are
 * theirs, not a referral's. Not told apart: an e-mail domain alone (a webmail's, a large firm's is
 * anybody's there), a name, or a phone (a switchboard's is every colleague's, and the join form's
 * example is typed back); a partner who gives another company is credited, for an admin to judge.
 */
async function isPartnersOwn(db: Database, { affiliateId, userId }: { affiliateId: number; userId: number }) {
  const [member] = await db.select({ email: users.email, company: users.company }).from(users).where(eq(users.id, userId));
  const [partner] = await db
    .select({ email: affiliates.email, company: inboundItems.company, appliedFrom: inboundItems.userId })
    .from(affiliates)
    .leftJoin(inboundItems, eq(inboundItems.id, affiliates.inquiryId))
    .where(eq(affiliates.id, affiliateId));
  if (!member || !partner) return false;
  if (member.email.toLowerCase() === partner.email.toLowerCase()) return true;
  const accounts = await db
    .select({ company: users.company })
    .from(users)
    .where(and(ne(users.id, userId), or(sql`lower(${users.email}) = lower(${partner.email})`, partner.appliedFrom ? eq(users.id, partner.appliedFrom) : sql`0`)));
  return [partner, ...accounts].some((own) => sameCompany(member.company, own.company));
}

/**
 * Attributes a new member to whoever's code brought them; an unknown code, or a member's own, is ignored,
 * and so is a partner's own (isPartnersOwn): a partner joining through their own link brought nobody, and
 * their own deals, or their company's, earned them commissions.
 */
export async function recordReferral(db: Database, { secret, userId, code }: { secret: string; userId: number; code: string | null | undefined }) {
  const referrer = await referrerOf(db, { secret, code });
  if (!referrer || referrer.referrerUserId === userId) return null;
  if (referrer.affiliateId !== null && (await isPartnersOwn(db, { affiliateId: referrer.affiliateId, userId }))) return null;
  const [row] = await db
    .insert(referrals)
    .values({ userId, ...referrer })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The approval form lists this many open applications; an older one is reached by its row's link or the form's search. */
export const APPLICATIONS_LISTED = 100;

/**
 * Affiliate applications not yet made partners (newest first), for the approval form; `inquiryId`: that one
 * only; `q`: those whose name, e-mail or company holds the text (any case). A dismissed one (spam, a second
 * application of a partner) is not listed, or it stayed among the newest for good; chosen by its id (its row's
 * link: an admin who thinks again) it is still approved.
 */
export async function affiliateApplications(db: Database, { inquiryId, q }: { inquiryId?: number; q?: string } = {}) {
  const text = q?.trim().toLowerCase();
  const holds = (column: SQLWrapper) => sql`instr(lower(${column}), ${text}) > 0`;
  return db
    .select({ id: inboundItems.id, name: inboundItems.name, email: inboundItems.email, company: inboundItems.company, createdAt: inboundItems.createdAt })
    .from(inboundItems)
    .leftJoin(affiliates, eq(affiliates.inquiryId, inboundItems.id))
    .where(
      and(
        eq(inboundItems.kind, "affiliate"),
        sql`${affiliates.id} is null`,
        inquiryId === undefined ? ne(inboundItems.status, "dismissed") : eq(inboundItems.id, inquiryId),
        text ? or(holds(inboundItems.name), holds(inboundItems.email), holds(inboundItems.company)) : undefined,
      ),
    )
    .orderBy(desc(inboundItems.id))
    .limit(APPLICATIONS_LISTED);
}

/**
 * The partner an application's address is already (an earlier application of the same person approved), if any:
 * approving this one too would give them a second code and split their referrals and commissions between two partners.
 */
export async function partnerOfApplicant(db: Database, { inquiryId }: { inquiryId: number }) {
  const [row] = await db
    .select({ id: affiliates.id, name: affiliates.name, code: affiliates.code, status: affiliates.status })
    .from(inboundItems)
    .innerJoin(affiliates, sql`lower(${affiliates.email}) = lower(${inboundItems.email})`)
    // this application's own partner is not another: approving it again is "no longer open"
    .where(and(eq(inboundItems.id, inquiryId), sql`${affiliates.inquiryId} is not ${inquiryId}`))
    .limit(1);
  return row ?? null;
}

/** The partner an application was approved as, if it was (an approval sent twice: the second finds the first's). */
export async function partnerOfApplication(db: Database, { inquiryId }: { inquiryId: number }) {
  const [row] = await db.select({ id: affiliates.id, name: affiliates.name, code: affiliates.code }).from(affiliates).where(eq(affiliates.inquiryId, inquiryId));
  return row ?? null;
}

/** Makes an affiliate application a partner with a fresh code; null when it is not an open application. */
export async function approveAffiliate(
  services: Pick<Services, "db" | "env" | "waitUntil">,
  { inquiryId, commissionPercent, actor, address }: { inquiryId: number; commissionPercent: number; actor: Actor; address?: string },
) {
  const db = services.db;
  // that application itself: among the newest hundred only, an older one was "no longer open"
  const [open] = await affiliateApplications(db, { inquiryId });
  if (!open) return null;
  const name = open.company ? `${open.name} (${open.company})` : open.name;
  const partnerOf = sql`select 1 from ${affiliates} where ${affiliates.inquiryId} = ${inquiryId}`;
  for (let attempt = 0; attempt < MAX_CODE_TRIES; attempt++) {
    // every column in the table's order, written only while the application has no partner: an
    // approval sent twice at once makes one partner, not two with two codes
    const [row] = await db
      .insert(affiliates)
      .select(sql`select null, ${name}, ${open.email}, ${newAffiliateCode()}, ${inquiryId}, 'active', ${commissionPercent}, ${Date.now()} where not exists (${partnerOf})`)
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // the other approval won; else the code was taken, and another is tried
      if ((await db.all(partnerOf)).length) return null;
      continue;
    }
    await db.update(inboundItems).set({ status: "converted", updatedAt: new Date() }).where(eq(inboundItems.id, inquiryId));
    await recordAudit(db, { actor, action: "affiliate.approve", subjectType: "affiliate", subjectId: row.id, detail: `code ${row.code}, ${commissionPercent}%`, address });
    // the applicant learns of it here, by this approval only (one sent twice at once made no partner above)
    await sendEmail(services, {
      to: row.email,
      subject: "You are a Secondary Marketplace partner",
      body:
        `Hello ${open.name},\n\nyour application to our partner programme is approved.\n\n` +
        `Your partner code: ${row.code}\nYour referral link: ${referralLink(siteOrigin(services), row.code)}\n\n` +
        `Share the link: the members who join through it are counted to you.\n`,
    });
    return row;
  }
  throw new Error("no free affiliate code");
}

const withStatus = (status: CommissionStatus) => sql<number>`coalesce(sum(${referrals.commissionStatus} = ${status}), 0)`;
/** A partner's figures over its referrals (grouped by partner), the same on the admin's page and the partner's own. */
const partnerFigures = () => ({
  referrals: count(referrals.id),
  // each referral keeps its member's counts (migration 0087), read here from the partner's index
  ndasSigned: sql<number>`coalesce(sum(${referrals.ndasSigned}), 0)`,
  offersAccepted: sql<number>`coalesce(sum(${referrals.offersAccepted}), 0)`,
  pending: withStatus("pending"),
  approved: withStatus("approved"),
  paid: withStatus("paid"),
});

/** One page of partners, each with its referrals, their conversions and the commissions by status. */
export async function listAffiliates(db: Database, { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {}) {
  // the page's partners chosen first: aggregating every partner's referrals before the limit took 42-52 ms at 2,000
  const rowsOf = (chosen: SQL) =>
    db
      .select({
        affiliate: affiliates,
        ...partnerFigures(),
      })
      .from(affiliates)
      .leftJoin(referrals, eq(referrals.affiliateId, affiliates.id))
      .where(chosen)
      .groupBy(affiliates.id)
      .$dynamic();
  // a page past the last (a stale link, a made-up ?page=) shows the last
  return pageOrLast((at) => {
    const ids = db.select({ id: affiliates.id }).from(affiliates).$dynamic();
    return pageOfChosen(rowsOf, ids, db.select({ count: count() }).from(affiliates), { by: affiliates.createdAt, desc: true, id: affiliates.id, page: at, pageSize });
  }, page);
}

export async function findAffiliate(db: Database, { affiliateId }: { affiliateId: number }) {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.id, affiliateId)).limit(1);
  return row ?? null;
}

const referralColumns = {
  id: referrals.id,
  memberName: users.name,
  memberEmail: users.email,
  company: users.company,
  joinedAt: referrals.createdAt,
  ndasSigned: referrals.ndasSigned,
  offersAccepted: referrals.offersAccepted,
  commissionStatus: referrals.commissionStatus,
};

/** One page of the members a partner brought, with their conversions. */
export async function affiliateReferrals(db: Database, { affiliateId, page = 1, pageSize = 50 }: { affiliateId: number; page?: number; pageSize?: number }) {
  return pageOrLast((at) => {
    const query = db.select(referralColumns).from(referrals).innerJoin(users, eq(users.id, referrals.userId)).where(eq(referrals.affiliateId, affiliateId)).$dynamic();
    const total = db.select({ count: count() }).from(referrals).where(eq(referrals.affiliateId, affiliateId));
    return pageOf(query, total, { by: referrals.createdAt, desc: true, id: referrals.id, page: at, pageSize });
  }, page);
}

const referrer = aliasedTable(users, "referrer");

/**
 * One page of the members who joined through another member's own link (a buyer's or broker's, not a partner's),
 * the latest first: who joined, who brought them, and their conversions, for the admin who grants the programme's credit.
 */
export async function memberReferralsForAdmin(db: Database, { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {}) {
  return pageOrLast((at) => {
    const query = db
      .select({ ...referralColumns, referrerName: referrer.name, referrerEmail: referrer.email, referrerCompany: referrer.company })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.userId))
      .innerJoin(referrer, eq(referrer.id, referrals.referrerUserId))
      .$dynamic();
    const total = db.select({ count: count() }).from(referrals).where(isNotNull(referrals.referrerUserId));
    return pageOf(query, total, { by: referrals.createdAt, desc: true, id: referrals.id, page: at, pageSize });
  }, page);
}

/** Every partner's referrals for the CSV export, a chunk at a time (after the id `afterId`). */
export async function referralExportChunk(db: Database, { afterId, size }: { afterId: number; size: number }) {
  return db
    .select({ ...referralColumns, affiliateName: affiliates.name, code: affiliates.code, commissionPercent: affiliates.commissionPercent })
    .from(referrals)
    .innerJoin(affiliates, eq(affiliates.id, referrals.affiliateId))
    .innerJoin(users, eq(users.id, referrals.userId))
    .where(and(isNotNull(referrals.affiliateId), sql`${referrals.id} > ${afterId}`))
    .orderBy(referrals.id)
    .limit(size);
}

/**
 * Moves a partner's referral along pending → approved → paid (or back); null when it is not that partner's.
 * Given `from`, the status the admin's page showed, it moves only from there: a commission another admin moved
 * meanwhile (paid it) is `moved` and left as it is, not put back unseen; one already at `status` (a second click,
 * two admins alike) is written and audited once.
 */
export async function setCommissionStatus(
  db: Database,
  { affiliateId, referralId, status, from, actor, address }: { affiliateId: number; referralId: number; status: CommissionStatus; from?: CommissionStatus; actor: Actor; address?: string },
) {
  const referral = and(eq(referrals.id, referralId), eq(referrals.affiliateId, affiliateId));
  const [row] = await db
    .update(referrals)
    .set({ commissionStatus: status })
    .where(and(referral, from ? and(eq(referrals.commissionStatus, from), ne(referrals.commissionStatus, status)) : undefined))
    .returning();
  if (!row && from) {
    const [now] = await db.select().from(referrals).where(referral);
    if (!now) return null;
    return now.commissionStatus === status ? now : { moved: now.commissionStatus };
  }
  if (!row) return null;
  await recordAudit(db, { actor, action: "referral.commission", subjectType: "referral", subjectId: row.id, detail: `affiliate ${affiliateId}: ${status}`, address });
  return row;
}

/**
 * Switches a partner off or on. An inactive partner's code is ignored at sign-up like an
 * unknown one; the members it already brought stay attributed, with their commissions.
 */
export async function setAffiliateStatus(
  db: Database,
  { affiliateId, status, actor, address }: { affiliateId: number; status: AffiliateStatus; actor: Actor; address?: string },
) {
  const [before] = await db.select({ status: affiliates.status }).from(affiliates).where(eq(affiliates.id, affiliateId)).limit(1);
  if (!before) return null;
  if (before.status === status) return { id: affiliateId, status };
  const [row] = await db.update(affiliates).set({ status }).where(eq(affiliates.id, affiliateId)).returning({ id: affiliates.id, status: affiliates.status });
  await recordAudit(db, { actor, action: "affiliate.status", subjectType: "affiliate", subjectId: affiliateId, detail: `${before.status} → ${status}`, address });
  return row ?? null;
}

/** How many of the members a buyer referred their page lists at a time. */
export const MEMBER_REFERRALS_PAGE_SIZE = 50;

/**
 * The members a buyer's own link brought, the latest first, a page at a time with how many there are:
 * names and join dates only. It was the latest 200, cut without a word. A page past the last shows the last.
 */
export async function memberReferrals(db: Database, { userId, page = 1, pageSize = MEMBER_REFERRALS_PAGE_SIZE }: { userId: number; page?: number; pageSize?: number }) {
  return pageCarryingTotal(
    (offset) =>
      db
        .select({ name: users.name, joinedAt: referrals.createdAt, total: sql<number>`(select count(*) from ${referrals} where ${referrals.referrerUserId} = ${userId})` })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.userId))
        .where(eq(referrals.referrerUserId, userId))
        .orderBy(desc(referrals.id))
        .limit(pageSize)
        .offset(offset),
    { page, pageSize },
  );
}

// the partner a member is: the one approved for their address, or for an application they sent signed in
// (decision 119's "own account"), the latest if several; with its statement summed as the admin's partners'
// page sums it (from the partner's covering index)
const partnerOfMember = preparedQuery((db) => {
  const email = sql.placeholder("email");
  const userId = sql.placeholder("userId");
  const mine = db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(
      or(
        sql`lower(${affiliates.email}) = lower(${email})`,
        sql`${affiliates.inquiryId} in (select ${inboundItems.id} from ${inboundItems} where ${inboundItems.userId} = ${userId} and ${inboundItems.kind} = 'affiliate')`,
      ),
    )
    .orderBy(desc(affiliates.id))
    .limit(1);
  return db
    .select({
      id: affiliates.id,
      name: affiliates.name,
      code: affiliates.code,
      status: affiliates.status,
      commissionPercent: affiliates.commissionPercent,
      ...partnerFigures(),
    })
    .from(affiliates)
    .leftJoin(referrals, eq(referrals.affiliateId, affiliates.id))
    .where(eq(affiliates.id, sql`(${mine})`))
    .groupBy(affiliates.id)
    .prepare();
});

/**
 * The partner programme's statement of the member asking: their partner (by the address the partner was approved
 * for, or the application they sent signed in), its code, status and commission, and what its link brought,
 * counted as the admin's partners' page counts it; null for a member who is no partner.
 */
export async function partnerStatementOf(db: Database, user: { id: number; email: string }) {
  const [row] = await partnerOfMember(db).all({ email: user.email, userId: user.id });
  return row ?? null;
}

/** How many of a partner's referrals their own page lists at a time. */
export const PARTNER_REFERRALS_PAGE_SIZE = 25;

// a page of one partner's referrals, the latest first, each carrying how many there are (the partner's index)
const partnerReferralsPageOf = preparedQuery((db) => {
  const affiliateId = sql.placeholder("affiliateId");
  return db
    .select({
      id: referrals.id,
      memberName: users.name,
      joinedAt: referrals.createdAt,
      ndasSigned: referrals.ndasSigned,
      offersAccepted: referrals.offersAccepted,
      commissionStatus: referrals.commissionStatus,
      total: sql<number>`(select count(*) from ${referrals} where ${referrals.affiliateId} = ${affiliateId})`,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.userId))
    .where(eq(referrals.affiliateId, affiliateId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(PARTNER_REFERRALS_PAGE_SIZE)
    .offset(sql.placeholder("offset"))
    .prepare();
});

/**
 * One page of the members a partner's link brought, for the partner: each one's name (not their address or
 * company: the partner brought them, the admin reaches them), when they joined, their conversions and the
 * commission's status. Only that partner's rows; a page past the last shows the last.
 */
export async function partnerReferralsPage(db: Database, { affiliateId, page = 1 }: { affiliateId: number; page?: number }) {
  return pageCarryingTotal((offset) => partnerReferralsPageOf(db).all({ affiliateId, offset }), { page, pageSize: PARTNER_REFERRALS_PAGE_SIZE });
}
