import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf } from "../../../tests/support/app";

/** /broker-affiliate for an approved partner: their code and link, who joined through it, and what it earned. */
const app = await bootApp("route-broker-affiliate");
const { loader } = await import("./route");
const { affiliates, contracts, customers, inboundItems, projects, referrals, users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { deleteOrAnonymiseCustomer } = await import("~/models/customer-accounts.server");
const { affiliateReferrals } = await import("~/models/affiliates.server");
const { makeUser } = await import("~/seed/factories");
const { listAffiliates } = await import("~/models/affiliates.server");
const { context, services } = app;
afterAll(() => app.cleanup());

type Page = {
  partner: null | {
    code: string;
    link: string;
    referrals: number;
    ndasSigned: number;
    offersAccepted: number;
    pending: number;
    approved: number;
    paid: number;
    referred: { rows: Array<{ memberName: string; commissionStatus: string; ndasSigned: number }>; total: number; page: number };
  };
};
const page = async (cookie: string, query = "") => (await (await responseOf(loader({ request: getRequest(`/broker-affiliate${query}`, cookie), context, params: {} }))).json()) as Page;

describe("a partner's own page", () => {
  it("shows an approved partner their code, link, referrals, conversions and commissions, paged, and only theirs", async () => {
    const broker = await app.member("broker@demo.test");
    const seller = await app.member("seller@demo.test");
    // approved for the broker's address, typed in capitals: theirs all the same
    const [mine] = await services.db.insert(affiliates).values({ name: "Broker Partner", email: broker.user.email.toUpperCase(), code: "BRKPARTN", commissionPercent: 5 }).returning();
    const [theirs] = await services.db.insert(affiliates).values({ name: "Other Partner", email: "other-partner@example.test", code: "OTHERPRT", commissionPercent: 3 }).returning();
    const refer = async (affiliateId: number, name: string, commissionStatus: "pending" | "approved" | "paid" = "pending") => {
      const member = await makeUser(services.db, { roles: ["ROLE_BUYER"], name });
      await services.db.insert(referrals).values({ userId: member.id, affiliateId, commissionStatus });
      return member;
    };
    const signer = await refer(mine!.id, "Mine Signed", "paid");
    for (let i = 0; i < 26; i++) await refer(mine!.id, `Mine ${i}`, i < 3 ? "approved" : "pending");
    await refer(theirs!.id, "Not Yours", "paid");
    const [project] = await services.db.select({ id: projects.id }).from(projects).limit(1);
    await services.db.insert(contracts).values({
      projectId: project!.id, buyerId: signer.id, envelopeId: `env-${signer.id}`, ndaStatus: "Signed",
      documentKey: "k", documentSha256: "s", requestedAt: new Date(), signedAt: new Date(),
    });

    const first = (await page(broker.cookie)).partner!;
    expect(first.code).toBe("BRKPARTN");
    expect(new URL(first.link).searchParams.get("ref")).toBe("BRKPARTN");
    // the statement the admin's partners' page shows for this partner
    const admin = (await listAffiliates(services.db, { pageSize: 100 })).rows.find((r) => r.affiliate.id === mine!.id)!;
    expect(first).toMatchObject({ referrals: 27, ndasSigned: 1, offersAccepted: 0, pending: 23, approved: 3, paid: 1 });
    expect(first).toMatchObject({ referrals: admin.referrals, ndasSigned: admin.ndasSigned, pending: admin.pending, approved: admin.approved, paid: admin.paid });
    // a page at a time, only the partner's own referrals
    expect(first.referred.total).toBe(27);
    expect(first.referred.rows).toHaveLength(25);
    const second = (await page(broker.cookie, "?page=2")).partner!.referred;
    expect(second.page).toBe(2);
    const names = [...first.referred.rows, ...second.rows].map((r) => r.memberName);
    expect(names).toHaveLength(27);
    expect(names).toContain("Mine Signed");
    expect(names).not.toContain("Not Yours");
    expect([...first.referred.rows, ...second.rows].find((r) => r.memberName === "Mine Signed")).toMatchObject({ commissionStatus: "paid", ndasSigned: 1 });

    // a member who is no partner gets the application form, nobody's statement
    expect((await page(seller.cookie)).partner).toBeNull();
  });

  it("knows a partner by the application they sent signed in, with another address", async () => {
    const buyer = await app.member("buyer@demo.test");
    const [application] = await services.db
      .insert(inboundItems)
      .values({ kind: "affiliate", name: "Buyer Applies", email: "work-address@example.test", company: "Buyer Co", message: "Apply", userId: buyer.user.id })
      .returning();
    await services.db.insert(affiliates).values({ name: "Buyer Applies", email: "work-address@example.test", code: "BUYERPRT", inquiryId: application!.id, commissionPercent: 2 });
    expect((await page(buyer.cookie)).partner).toMatchObject({ code: "BUYERPRT", referrals: 0 });
  });

  it("keeps a deleted member's referral, anonymised, and its paid commission, on the partner's page and the admin's", async () => {
    const seller = await app.member("seller@demo.test");
    const admin = await app.member("admin@demo.test");
    const [partner] = await services.db.insert(affiliates).values({ name: "Seller Partner", email: seller.user.email, code: "SELLPART", commissionPercent: 4 }).returning();
    const [customer] = await services.db.insert(customers).values({ name: "Leaving Co" }).returning();
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Leaving Member" });
    await services.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, member.id));
    await services.db.insert(referrals).values({ userId: member.id, affiliateId: partner!.id, commissionStatus: "paid" });

    // the member is deleted the product's way: their company is deleted, and its members anonymised
    expect(await deleteOrAnonymiseCustomer(services, { actor: admin.user, customerId: customer!.id })).toEqual({ ok: true });

    const own = (await page(seller.cookie)).partner!;
    expect(own).toMatchObject({ referrals: 1, paid: 1 });
    expect(own.referred.rows.map((r) => r.memberName)).toEqual([`Deleted member ${member.id}`]);
    const adminRow = (await listAffiliates(services.db, { pageSize: 100 })).rows.find((r) => r.affiliate.id === partner!.id)!;
    expect(adminRow).toMatchObject({ referrals: 1, paid: 1 });
    const adminList = await affiliateReferrals(services.db, { affiliateId: partner!.id });
    expect(adminList.rows.map((r) => [r.memberName, r.commissionStatus])).toEqual([[`Deleted member ${member.id}`, "paid"]]);
    expect(adminList.rows[0]!.memberEmail).toMatch(/@deleted\.invalid$/);
  });
});
