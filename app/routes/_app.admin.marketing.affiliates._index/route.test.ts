import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The affiliates page's approval form and the CSV export, as an admin's browser meets them. */
const app = await bootApp("route-affiliates");
const { action, loader } = await import("./route");
const csv = await import("../admin.marketing.affiliates[.]csv");
const { affiliates, inboundItems } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { findAffiliate, recordReferral } = await import("~/models/affiliates.server");
const { makeUser } = await import("~/seed/factories");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const approve = (fields: Record<string, string>) =>
  responseOf(action({ request: postRequest("/admin/marketing/affiliates", admin.cookie, fields), context, params: {} }));

describe("approving an affiliate application", () => {
  it("refuses bad input with 400, a stale application with 404, and makes a partner whose referrals export as CSV", async () => {
    const [item] = await services.db.insert(inboundItems).values({ kind: "affiliate", name: "Quinn", email: "quinn@example.test", company: "Q Partners", message: "Apply" }).returning();
    expect((await approve({ inquiryId: String(item!.id), commissionPercent: "101" })).status).toBe(400);
    expect((await approve({ inquiryId: "99999999", commissionPercent: "2" })).status).toBe(404);
    const done = await approve({ inquiryId: String(item!.id), commissionPercent: "2" });
    expect(done.status).toBe(302);
    // sent again (a double click, a resend): where the first approval landed, one partner and one e-mail
    const twice = await approve({ inquiryId: String(item!.id), commissionPercent: "2" });
    expect(twice.status).toBe(302);
    expect(twice.headers.get("Location")).toBe(done.headers.get("Location"));

    const partnerId = Number(done.headers.get("Location")!.split("/").at(-1));
    const partner = (await findAffiliate(services.db, { affiliateId: partnerId }))!;
    const member = await makeUser(services.db, { name: "Ivy Invited", roles: ["ROLE_BUYER"] });
    await recordReferral(services.db, { secret: services.env.SESSION_SECRET, userId: member.id, code: partner.code });
    const response = await responseOf(csv.loader({ request: getRequest("/admin/marketing/affiliates.csv", admin.cookie), context, params: {} }));
    const text = await response.text();
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(text.split("\r\n")[0]).toBe("partner,code,commission %,member,e-mail,company,joined,NDAs signed,offers accepted,commission status");
    expect(text).toContain(`Quinn (Q Partners),${partner.code},2,Ivy Invited,${member.email}`);
    expect(text).toMatch(/,0,0,pending\r\n$/);
  });
});

describe("an application behind a hundred newer ones", () => {
  it("is approved when chosen, where it was told it was no longer open (404)", async () => {
    const application = (i: number) => ({ kind: "affiliate" as const, name: `Applicant ${i}`, email: `applicant-${i}@example.test`, company: "", message: "Apply" });
    const [oldest] = await services.db.insert(inboundItems).values(application(0)).returning();
    await services.db.insert(inboundItems).values(Array.from({ length: 100 }, (_, i) => application(i + 1)));
    const done = await approve({ inquiryId: String(oldest!.id), commissionPercent: "3" });
    expect(done.status).toBe(302);
    const partner = await findAffiliate(services.db, { affiliateId: Number(done.headers.get("Location")!.split("/").at(-1)) });
    expect(partner).toMatchObject({ name: "Applicant 0", email: "applicant-0@example.test", inquiryId: oldest!.id, commissionPercent: 3 });
    // approved again: its partner's page, not a refusal
    expect((await approve({ inquiryId: String(oldest!.id), commissionPercent: "3" })).headers.get("Location")).toBe(done.headers.get("Location"));
  });
});

describe("the partners' pages", () => {
  it("past the last (a stale or made-up ?page=) show the last, not \"No partners yet.\" over a count of them", async () => {
    const application = (i: number) => ({ kind: "affiliate" as const, name: `Pager ${i}`, email: `pager-${i}@example.test`, company: "", message: "Apply" });
    const items = await services.db.insert(inboundItems).values(Array.from({ length: 26 }, (_, i) => application(i))).returning();
    for (const item of items) expect((await approve({ inquiryId: String(item.id), commissionPercent: "1" })).status).toBe(302);
    const open = async (query: string) => (await sent(loader({ request: getRequest(`/admin/marketing/affiliates?${query}`, admin.cookie), context, params: {} }))).json();
    const first = await open("");
    const last = Math.ceil(first.total / 25);
    expect(last).toBeGreaterThan(1);
    const lastPage = await open(`page=${last}`);
    for (const page of [last + 1, 10_000]) {
      const past = await open(`page=${page}`);
      expect(past.page).toBe(last);
      expect(past.rows).toEqual(lastPage.rows);
    }
  });
});

describe("choosing an application behind a hundred newer open ones", () => {
  it("is offered and chosen when its row links here (?application=), and found by the form's search", async () => {
    const application = (i: number) => ({ kind: "affiliate" as const, name: `Late ${i}`, email: `late-${i}@example.test`, company: i === 0 ? "Oldest Partners" : "", message: "Apply" });
    const [oldest] = await services.db.insert(inboundItems).values(application(0)).returning();
    await services.db.insert(inboundItems).values(Array.from({ length: 100 }, (_, i) => application(i + 1)));
    const open = async (query: string) => (await sent(loader({ request: getRequest(`/admin/marketing/affiliates${query}`, admin.cookie), context, params: {} }))).json();
    const oldestChoice = { id: oldest!.id, name: "Late 0", email: "late-0@example.test", company: "Oldest Partners" };

    const plain = await open("");
    expect(plain.applications).toHaveLength(100);
    expect(plain.applications).not.toContainEqual(expect.objectContaining({ id: oldest!.id }));

    const linked = await open(`?application=${oldest!.id}`);
    expect(linked.applicationId).toBe(String(oldest!.id));
    expect(linked.applications).toContainEqual(expect.objectContaining(oldestChoice));

    const found = await open("?q=oldest+partners");
    expect(found.applications).toEqual([expect.objectContaining(oldestChoice)]);
    expect((await open("?q=LATE-0@example")).applications).toEqual([expect.objectContaining(oldestChoice)]);

    // once a partner, it is neither offered nor chosen
    expect((await approve({ inquiryId: String(oldest!.id), commissionPercent: "2" })).status).toBe(302);
    const after = await open(`?application=${oldest!.id}`);
    expect(after.applicationId).toBe("");
    expect(after.applications).not.toContainEqual(expect.objectContaining({ id: oldest!.id }));
    // a made-up id chooses nothing
    expect((await open("?application=99999999")).applicationId).toBe("");
  });
});

describe("a second application from a partner", () => {
  it("is refused with the partner it is (409), not made a second partner with a second code", async () => {
    const application = (message: string, email: string) => ({ kind: "affiliate" as const, name: "Rex Twice", email, company: "Rex Co", message });
    const [first] = await services.db.insert(inboundItems).values(application("Apply", "rex@example.test")).returning();
    const done = await approve({ inquiryId: String(first!.id), commissionPercent: "4" });
    expect(done.status).toBe(302);
    const partner = (await findAffiliate(services.db, { affiliateId: Number(done.headers.get("Location")!.split("/").at(-1)) }))!;
    // a week later, no answer read: the same person applies again, the address typed in capitals
    const [second] = await services.db.insert(inboundItems).values(application("Did you get my application?", "Rex@Example.test")).returning();
    const again = await approve({ inquiryId: String(second!.id), commissionPercent: "4" });
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain(`This applicant is a partner already: Rex Twice (Rex Co), code ${partner.code}.`);
    expect(await services.db.select().from(affiliates).where(eq(affiliates.email, "Rex@Example.test"))).toEqual([]);
  });
});

describe("a dismissed application", () => {
  it("is not listed among the open ones nor found by the search, but is chosen and approved from its row's link", async () => {
    const [spam] = await services.db.insert(inboundItems).values({ kind: "affiliate", name: "Spam Bot", email: "spam@example.test", company: "Cheap Pills", message: "Buy now", status: "dismissed" }).returning();
    const open = async (query: string) => (await sent(loader({ request: getRequest(`/admin/marketing/affiliates${query}`, admin.cookie), context, params: {} }))).json();
    expect((await open("")).applications).not.toContainEqual(expect.objectContaining({ id: spam!.id }));
    expect((await open("?q=cheap+pills")).applications).toEqual([]);
    const linked = await open(`?application=${spam!.id}`);
    expect(linked.applicationId).toBe(String(spam!.id));
    expect((await approve({ inquiryId: String(spam!.id), commissionPercent: "1" })).status).toBe(302);
  });
});

describe("the members' referrals (the referral programme)", () => {
  it("lists who joined through a member's own link and who brought them, the latest first, with their conversions; no partner's", async () => {
    const { memberReferralCode } = await import("~/models/affiliates.server");
    const referrerOf = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Rhea Referrer", company: "Rhea Capital" });
    const first = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "First Friend" });
    const second = await makeUser(services.db, { roles: ["ROLE_BROKER"], name: "Second Friend" });
    const code = await memberReferralCode(services.env.SESSION_SECRET, referrerOf.id);
    for (const member of [first, second]) await recordReferral(services.db, { secret: services.env.SESSION_SECRET, userId: member.id, code });
    type Members = { members: { total: number; rows: Array<{ memberName: string; referrerName: string; referrerEmail: string; ndasSigned: number }> } };
    const { members } = (await (await sent(loader({ request: getRequest("/admin/marketing/affiliates", admin.cookie), context, params: {} }))).json()) as Members;
    expect(members.rows.slice(0, 2).map((r) => [r.memberName, r.referrerName, r.referrerEmail, r.ndasSigned])).toEqual([
      ["Second Friend", "Rhea Referrer", referrerOf.email, 0],
      ["First Friend", "Rhea Referrer", referrerOf.email, 0],
    ]);
    // the partners' referrals are on the partners' pages, not here
    expect(members.rows.every((r) => r.referrerName)).toBe(true);
    expect(members.total).toBe(members.rows.length);
  });
});
