import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { campaigns, contracts, customers, dailyProjectLooks, offers, outbox, pageSessions, projects, recentlyViewed, users, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { campaignOutcomes } from "./campaign-outcomes.server";
import { createRecipientList } from "./recipient-lists.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const DAY = 86_400_000;
const sentAt = Date.parse("2026-11-01T10:00:00Z");

async function buyerCompany(name: string, email: string) {
  const [c] = await t.db.insert(customers).values({ name, customerType: "buyer", attentionEmail: email, contactPerson: name }).returning();
  const member = await makeUser(t.db);
  await t.db.update(users).set({ customerId: c!.id }).where(eq(users.id, member.id));
  return { customer: c!, member };
}

const contract = (projectId: number, buyer: User, signedAt: number) => ({
  projectId, buyerId: buyer.id, envelopeId: `env-${projectId}-${buyer.id}`, ndaStatus: "Signed" as const, documentKey: "k", documentSha256: "s", requestedAt: new Date(signedAt - 1000), signedAt: new Date(signedAt),
});

describe("what followed a campaign", () => {
  it("counts, from our own records, who looked at the promoted project, signed its NDA or offered within 14 days of their message", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [promoted, other] = await t.db.insert(projects).values([1, 2].map((n) => ({ sellerId: seller.id, kind: "loan_pool" as const, status: "published" as const, projectName: `P${n}` }))).returning();
    const looker = await buyerCompany("Looker Fund", "look@looker.example");
    const signer = await buyerCompany("Signer Bank", "Sign@Signer.example");
    const bidder = await buyerCompany("Bidder Capital", "bid@bidder.example");
    const late = await buyerCompany("Late Credit", "late@late.example");
    const elsewhere = await buyerCompany("Elsewhere LP", "else@elsewhere.example");
    const unsent = await buyerCompany("Unsent Partners", "unsent@unsent.example");
    const everyone = [looker, signer, bidder, late, elsewhere, unsent];
    const listId = await createRecipientList(t.db, { name: "Outcomes", channel: "email", kind: "selection", definition: { customerIds: everyone.map((c) => c.customer.id) }, actor: admin });
    const [campaign] = await t.db.insert(campaigns).values({ channel: "email", listId, subject: "New pool", body: "Hello", projectId: promoted!.id, status: "sent", sentAt: new Date(sentAt) }).returning();
    // messages went to all but the last; the unsent one acts anyway, and is not counted
    await t.db.insert(outbox).values(
      everyone.slice(0, 5).map((c) => ({ channel: "email" as const, recipient: c.customer.attentionEmail.toLowerCase(), body: "Hello", status: "sent" as const, nextAttemptAt: new Date(sentAt), sentAt: new Date(sentAt), campaignId: campaign!.id })),
    );
    const session = (userId: number, projectId: number, at: number) => ({ sessionId: `o-${userId}-${at}`, userId, route: "/", pageType: "company-before-nda" as const, projectId, sessionStart: new Date(at), sessionEnd: new Date(at + 1000), totalDuration: 1000, activeTime: 500, scrollDepthMax: 0, record: {} });
    await t.db.insert(pageSessions).values([
      session(looker.member.id, promoted!.id, sentAt - DAY), // before the message: not counted
      session(looker.member.id, promoted!.id, sentAt + 2 * DAY),
      session(elsewhere.member.id, other!.id, sentAt + DAY), // another project: not counted
      session(unsent.member.id, promoted!.id, sentAt + DAY),
    ]);
    // a teaser view without JavaScript: by its day after the message's, or by its time as the latest look
    await t.db.insert(dailyProjectLooks).values([
      { kind: "view", userId: bidder.member.id, projectId: promoted!.id, day: "2026-11-03", counted: true },
      // the message's own day, before it went: a day cannot tell, so it does not count
      { kind: "view", userId: late.member.id, projectId: promoted!.id, day: "2026-11-01", counted: true },
    ]);
    await t.db.insert(recentlyViewed).values({ userId: signer.member.id, projectId: promoted!.id, viewedAt: new Date(sentAt + 60_000) });
    await t.db.insert(contracts).values([contract(promoted!.id, signer.member, sentAt + 3 * DAY), contract(promoted!.id, late.member, sentAt + 15 * DAY)]);
    await t.db.insert(offers).values({ projectId: promoted!.id, buyerId: bidder.member.id, status: "submitted", price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2026-12-31", pdfKey: "k", pdfSha256: "s", createdAt: new Date(sentAt + 5 * DAY) });

    const outcome = await campaignOutcomes(t.db, { campaign: campaign! });
    expect(outcome).toMatchObject({ reached: 5, viewed: 3, signed: 1, offered: 1, total: 3 });
    expect(outcome.rows.map((r) => r.customerName)).toEqual(["Bidder Capital", "Signer Bank", "Looker Fund"]);
    expect(outcome.rows[0]).toMatchObject({ viewedAt: Date.parse("2026-11-03T00:00:00Z"), offeredAt: sentAt + 5 * DAY, signedAt: null });
    expect(outcome.rows[1]).toMatchObject({ customerName: "Signer Bank", viewedAt: sentAt + 60_000, signedAt: sentAt + 3 * DAY });
    expect(outcome.rows[2]).toMatchObject({ viewedAt: sentAt + 2 * DAY, signedAt: null, offeredAt: null });

    // a campaign promoting no project counts a step on any project
    await t.db.update(campaigns).set({ projectId: null }).where(eq(campaigns.id, campaign!.id));
    const any = await campaignOutcomes(t.db, { campaign: { ...campaign!, projectId: null } });
    expect(any.rows.map((r) => r.customerName)).toContain("Elsewhere LP");
    expect(any.rows.map((r) => r.customerName)).not.toContain("Unsent Partners");
  });
});
