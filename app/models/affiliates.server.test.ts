import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import type { Services } from "~/.server/services";
import { eq } from "drizzle-orm";
import { affiliates, auditLog, contracts, inboundItems, offers, outbox, projects, users } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { AFFILIATE_CODE } from "~/lib/affiliates";
import { affiliateApplications, affiliateReferrals, approveAffiliate, listAffiliates, memberReferralCode, memberReferrals, recordReferral, setAffiliateStatus, setCommissionStatus } from "./affiliates.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let services: Services;
let cleanupFiles: () => void;
const secret = "affiliates-secret";
beforeAll(async () => {
  t = await createTestDatabase();
  ({ services, cleanup: cleanupFiles } = dealServicesOver(t.db, "affiliates"));
});
afterAll(() => {
  t.cleanup();
  cleanupFiles();
});

async function application(name: string) {
  const [row] = await t.db.insert(inboundItems).values({ kind: "affiliate", name, email: `${name.toLowerCase()}@example.test`, company: "Brokerage", message: "Apply" }).returning();
  return row!;
}

describe("affiliates and referrals", () => {
  it("approves an application once into a partner with a fresh code, in the audit log", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const item = await application("Ann");
    const partner = await approveAffiliate(services, { inquiryId: item.id, commissionPercent: 2.5, actor: admin });
    expect(partner).toMatchObject({ name: "Ann (Brokerage)", inquiryId: item.id, status: "active", commissionPercent: 2.5 });
    expect(partner!.code).toMatch(AFFILIATE_CODE);
    expect(await approveAffiliate(services, { inquiryId: item.id, commissionPercent: 1, actor: admin })).toBeNull();
    expect((await affiliateApplications(t.db)).map((a) => a.id)).not.toContain(item.id);
    // the applicant is told, once, with the code and the link the admin's page shows
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, "ann@example.test"));
    expect(mails.map((m) => m.subject)).toEqual(["You are a Secondary Marketplace partner"]);
    expect(mails[0]!.body).toContain(`Your partner code: ${partner!.code}`);
    expect(mails[0]!.body).toContain(`https://market.example/join?ref=${partner!.code}`);
    const audit = await t.db.select().from(auditLog);
    expect(audit.some((a) => a.action === "affiliate.approve" && a.subjectId === String(partner!.id))).toBe(true);
  });

  it("makes one partner of an application approved twice at once; the second approval finds it no longer open", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const item = await application("Eve");
    const both = await Promise.all([1, 2].map(() => approveAffiliate(services, { inquiryId: item.id, commissionPercent: 2, actor: admin })));
    expect(both.filter((p) => p === null)).toHaveLength(1);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, "eve@example.test"))).toHaveLength(1);
    expect(await t.db.select().from(affiliates).where(eq(affiliates.inquiryId, item.id))).toHaveLength(1);
  });

  it("attributes a sign-up to the partner or buyer whose code it is, and ignores unknown or malformed codes", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const partner = (await approveAffiliate(services, { inquiryId: (await application("Bo")).id, commissionPercent: 1, actor: admin }))!;
    const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
    expect(await recordReferral(t.db, { secret, userId: a!.id, code: partner.code })).toMatchObject({ affiliateId: partner.id, referrerUserId: null });
    const own = await memberReferralCode(secret, buyer.id);
    expect(await recordReferral(t.db, { secret, userId: b!.id, code: own })).toMatchObject({ affiliateId: null, referrerUserId: buyer.id });
    expect(await recordReferral(t.db, { secret, userId: c!.id, code: "ZZZZZZZZ" })).toBeNull();
    // a code typed in small letters (or a member's in capitals) is the same code
    const [f, g] = await Promise.all([1, 2].map(() => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
    expect(await recordReferral(t.db, { secret, userId: f!.id, code: ` ${partner.code.toLowerCase()} ` })).toMatchObject({ affiliateId: partner.id });
    expect(await recordReferral(t.db, { secret, userId: g!.id, code: own.toUpperCase() })).toMatchObject({ referrerUserId: buyer.id });
    expect(await recordReferral(t.db, { secret, userId: d!.id, code: `${buyer.id.toString(36)}-00000000` })).toBeNull();
    expect(await recordReferral(t.db, { secret, userId: e!.id, code: "<script>'; drop" })).toBeNull();
    expect(await recordReferral(t.db, { secret, userId: e!.id, code: undefined })).toBeNull();
    expect(await recordReferral(t.db, { secret, userId: buyer.id, code: own })).toBeNull();
    // a partner joining through their own link, with the address they applied with (in any case), referred nobody
    const self = await makeUser(t.db, { email: "BO@example.test", roles: ["ROLE_BUYER"] });
    expect(await recordReferral(t.db, { secret, userId: self.id, code: partner.code })).toBeNull();
    // a member is attributed once
    expect(await recordReferral(t.db, { secret, userId: a!.id, code: own })).toBeNull();
    expect((await memberReferrals(t.db, { userId: buyer.id })).rows.map((r) => r.name).sort()).toEqual([b!.name, g!.name].sort());
  });

  it("credits no partner for joining through their own link with another address, for their application's company or their own account's", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    // applied while signed in as a member of "Harbor Point Brokers"
    const account = await makeUser(t.db, { email: "cy.account@harbor.test", company: "Harbor Point Brokers", roles: ["ROLE_BROKER"] });
    const [item] = await t.db.insert(inboundItems).values({ kind: "affiliate", name: "Cy", email: "cy@gmail.test", company: "Harbor Point LLC", message: "Apply", userId: account.id }).returning();
    const partner = (await approveAffiliate(services, { inquiryId: item!.id, commissionPercent: 1, actor: admin }))!;
    const joining = (email: string, company: string) => makeUser(t.db, { email, company, roles: ["ROLE_BUYER"] });
    // the application's company, in another case and spacing; the account's company
    expect(await recordReferral(t.db, { secret, userId: (await joining("cy.other@mail.test", "  harbor point  llc ")).id, code: partner.code })).toBeNull();
    expect(await recordReferral(t.db, { secret, userId: (await joining("cy.third@mail.test", "Harbor Point Brokers")).id, code: partner.code })).toBeNull();
    // someone else at the same e-mail domain, of another company, is a referral
    expect(await recordReferral(t.db, { secret, userId: (await joining("dee@gmail.test", "Dee Capital")).id, code: partner.code })).toMatchObject({ affiliateId: partner.id });
    expect((await affiliateReferrals(t.db, { affiliateId: partner.id })).rows.map((r) => r.memberEmail)).toEqual(["dee@gmail.test"]);
  });

  it("lists the members a buyer referred a page at a time, the latest first, each page carrying how many there are", async () => {
    const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const own = await memberReferralCode(secret, buyer.id);
    const hash = (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, buyer.id)))[0]!.hash;
    const joined = await t.db
      .insert(users)
      .values(Array.from({ length: 210 }, (_, i) => ({ email: `referred-${i}@referred.test`, name: `Referred ${i}`, passwordHash: hash, roles: ["ROLE_BUYER"] })))
      .returning({ id: users.id, name: users.name });
    for (const m of joined) await recordReferral(t.db, { secret, userId: m.id, code: own });
    const first = await memberReferrals(t.db, { userId: buyer.id });
    expect(first).toMatchObject({ total: 210, page: 1, pageSize: 50 });
    expect(first.rows.map((r) => r.name)).toEqual(joined.slice(-50).reverse().map((m) => m.name));
    // the earliest, past the 200 the page stopped at; past the last page, the last
    const last = await memberReferrals(t.db, { userId: buyer.id, page: 5 });
    expect(last.rows.map((r) => r.name)).toEqual(joined.slice(0, 10).reverse().map((m) => m.name));
    expect(await memberReferrals(t.db, { userId: buyer.id, page: 99 })).toMatchObject({ page: 5, total: 210 });
  });

  it("switches a partner off (its code then attributes nobody, its referrals stay) and on again, audited", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const partner = (await approveAffiliate(services, { inquiryId: (await application("Di")).id, commissionPercent: 1, actor: admin }))!;
    const [before, during, after] = await Promise.all([1, 2, 3].map(() => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
    await recordReferral(t.db, { secret, userId: before!.id, code: partner.code });
    expect(await setAffiliateStatus(t.db, { affiliateId: partner.id, status: "inactive", actor: admin })).toMatchObject({ status: "inactive" });
    expect(await recordReferral(t.db, { secret, userId: during!.id, code: partner.code })).toBeNull();
    expect((await affiliateReferrals(t.db, { affiliateId: partner.id })).total).toBe(1);
    await setAffiliateStatus(t.db, { affiliateId: partner.id, status: "active", actor: admin });
    expect(await recordReferral(t.db, { secret, userId: after!.id, code: partner.code })).toMatchObject({ affiliateId: partner.id });
    expect(await setAffiliateStatus(t.db, { affiliateId: 999_999, status: "inactive", actor: admin })).toBeNull();
    const audit = await t.db.select().from(auditLog);
    expect(audit.filter((a) => a.action === "affiliate.status" && a.subjectId === String(partner.id)).map((a) => a.detail)).toEqual(["active → inactive", "inactive → active"]);
  });

  it("counts the referred members' signed NDAs and accepted offers, and commissions by status", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const partner = (await approveAffiliate(services, { inquiryId: (await application("Cy")).id, commissionPercent: 1, actor: admin }))!;
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [x, y] = await Promise.all([1, 2].map(() => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
    const rx = (await recordReferral(t.db, { secret, userId: x!.id, code: partner.code }))!;
    await recordReferral(t.db, { secret, userId: y!.id, code: partner.code });
    const [p, q] = await t.db.insert(projects).values([1, 2].map((n) => ({ sellerId: seller.id, kind: "loan_pool" as const, status: "published" as const, projectName: `P${n}` }))).returning();
    const nda = (projectId: number, buyerId: number, signed: boolean) => ({
      projectId, buyerId, envelopeId: `env-${projectId}-${buyerId}`, ndaStatus: signed ? ("Signed" as const) : ("Requested" as const),
      documentKey: "k", documentSha256: "s", requestedAt: new Date(), signedAt: signed ? new Date() : null,
    });
    await t.db.insert(contracts).values([nda(p!.id, x!.id, true), nda(q!.id, x!.id, true), nda(p!.id, y!.id, false)]);
    const offer = { price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "s" };
    await t.db.insert(offers).values([
      { ...offer, projectId: p!.id, buyerId: x!.id, status: "accepted" },
      { ...offer, projectId: q!.id, buyerId: y!.id, status: "submitted" },
    ]);
    const other = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    expect(await setCommissionStatus(t.db, { affiliateId: partner.id + 999, referralId: rx.id, status: "paid", actor: other })).toBeNull();
    expect(await setCommissionStatus(t.db, { affiliateId: partner.id, referralId: rx.id, status: "approved", actor: other })).toMatchObject({ commissionStatus: "approved" });
    // two admins' pages showed it approved: one pays it; the other, from the page opened before, moves it back to
    // pending (or sets it approved again, a second click alike): the payment stands, the first is told, none audited
    const audited = async () => (await t.db.select().from(auditLog).where(eq(auditLog.subjectId, String(rx.id)))).filter((e) => e.action === "referral.commission").length;
    expect(await setCommissionStatus(t.db, { affiliateId: partner.id, referralId: rx.id, status: "paid", from: "approved", actor: admin })).toMatchObject({ commissionStatus: "paid" });
    const entries = await audited();
    expect(await setCommissionStatus(t.db, { affiliateId: partner.id, referralId: rx.id, status: "pending", from: "approved", actor: other })).toEqual({ moved: "paid" });
    expect(await setCommissionStatus(t.db, { affiliateId: partner.id, referralId: rx.id, status: "paid", from: "approved", actor: other })).toMatchObject({ commissionStatus: "paid" });
    expect(await audited()).toBe(entries);
    expect(await setCommissionStatus(t.db, { affiliateId: partner.id, referralId: rx.id, status: "approved", from: "paid", actor: other })).toMatchObject({ commissionStatus: "approved" });

    const { rows, total } = await listAffiliates(t.db, { pageSize: 100 });
    expect(rows.find((r) => r.affiliate.id === partner.id)).toMatchObject({ referrals: 2, ndasSigned: 2, offersAccepted: 1, pending: 1, approved: 1, paid: 0 });
    // a page at a time: the same partners, newest first, with the same counts (none for a partner nobody joined through)
    const paged = [];
    for (let page = 1; page <= total; page++) paged.push(...(await listAffiliates(t.db, { page, pageSize: 1 })).rows);
    expect(paged).toEqual(rows);
    expect(rows.find((r) => r.referrals === 0)).toMatchObject({ ndasSigned: 0, offersAccepted: 0, pending: 0, approved: 0, paid: 0 });
    const list = await affiliateReferrals(t.db, { affiliateId: partner.id });
    expect(list.total).toBe(2);
    expect(list.rows.find((r) => r.id === rx.id)).toMatchObject({ memberName: x!.name, ndasSigned: 2, offersAccepted: 1, commissionStatus: "approved" });
  });

  it("keeps each referred member's counts as their NDAs and offers change, whatever changes them (migration 0087's triggers)", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const partner = (await approveAffiliate(services, { inquiryId: (await application("Flo")).id, commissionPercent: 1, actor: admin }))!;
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [x, y, late] = await Promise.all([1, 2, 3].map(() => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
    await recordReferral(t.db, { secret, userId: x!.id, code: partner.code });
    await recordReferral(t.db, { secret, userId: y!.id, code: partner.code });
    const [p, q] = await t.db.insert(projects).values([1, 2].map((n) => ({ sellerId: seller.id, kind: "loan_pool" as const, status: "published" as const, projectName: `Kept ${n}` }))).returning();
    const counts = async () => {
      const { rows } = await affiliateReferrals(t.db, { affiliateId: partner.id });
      const of = (id: number) => rows.find((r) => r.memberName === [x, y, late].find((u) => u!.id === id)!.name);
      const partnerRow = (await listAffiliates(t.db, { pageSize: 100 })).rows.find((r) => r.affiliate.id === partner.id)!;
      return { x: [of(x!.id)?.ndasSigned, of(x!.id)?.offersAccepted], y: [of(y!.id)?.ndasSigned, of(y!.id)?.offersAccepted], partner: [partnerRow.ndasSigned, partnerRow.offersAccepted] };
    };
    const nda = (projectId: number, buyerId: number) => ({
      projectId, buyerId, envelopeId: `kept-${projectId}-${buyerId}`, ndaStatus: "Requested" as const, documentKey: "k", documentSha256: "s", requestedAt: new Date(), signedAt: null as Date | null,
    });
    const [onP, onQ] = await t.db.insert(contracts).values([nda(p!.id, x!.id), nda(q!.id, x!.id)]).returning();
    expect(await counts()).toEqual({ x: [0, 0], y: [0, 0], partner: [0, 0] });
    // signed, then one of them unsigned and the other moved to another member, then deleted
    await t.db.update(contracts).set({ signedAt: new Date() }).where(eq(contracts.buyerId, x!.id));
    expect(await counts()).toEqual({ x: [2, 0], y: [0, 0], partner: [2, 0] });
    await t.db.update(contracts).set({ signedAt: null }).where(eq(contracts.id, onP!.id));
    await t.db.update(contracts).set({ buyerId: y!.id }).where(eq(contracts.id, onQ!.id));
    expect(await counts()).toEqual({ x: [0, 0], y: [1, 0], partner: [1, 0] });
    // an offer accepted, then rejected; another accepted, then deleted
    const offer = { price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "s" };
    const [accepted] = await t.db.insert(offers).values({ ...offer, projectId: q!.id, buyerId: y!.id, status: "submitted" }).returning();
    await t.db.update(offers).set({ status: "accepted" }).where(eq(offers.id, accepted!.id));
    const [inserted] = await t.db.insert(offers).values({ ...offer, projectId: p!.id, buyerId: y!.id, status: "accepted" }).returning();
    expect(await counts()).toEqual({ x: [0, 0], y: [1, 2], partner: [1, 2] });
    await t.db.update(offers).set({ status: "rejected" }).where(eq(offers.id, accepted!.id));
    await t.db.delete(offers).where(eq(offers.id, inserted!.id));
    await t.db.delete(contracts).where(eq(contracts.id, onQ!.id));
    expect(await counts()).toEqual({ x: [0, 0], y: [0, 0], partner: [0, 0] });
    // a member referred after signing comes with their counts
    await t.db.insert(contracts).values({ ...nda(p!.id, late!.id), signedAt: new Date() });
    await recordReferral(t.db, { secret, userId: late!.id, code: partner.code });
    const lateRow = (await affiliateReferrals(t.db, { affiliateId: partner.id })).rows.find((r) => r.memberName === late!.name);
    expect([lateRow?.ndasSigned, lateRow?.offersAccepted]).toEqual([1, 0]);
  });
});
