import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseBefore } from "../../tests/support/db";
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
    const [campaign, anyProject] = await t.db
      .insert(campaigns)
      .values([promoted!.id, null].map((projectId) => ({ channel: "email" as const, listId, subject: "New pool", body: "Hello", projectId, status: "sent" as const, sentAt: new Date(sentAt) })))
      .returning();
    // messages went to all but the last, queued, then delivered as the sender marks them; the unsent one acts anyway, and is not counted
    for (const c of [campaign!, anyProject!]) {
      await t.db.insert(outbox).values(
        everyone.slice(0, 5).map((e) => ({ channel: "email" as const, recipient: e.customer.attentionEmail.toLowerCase(), body: "Hello", nextAttemptAt: new Date(sentAt), campaignId: c.id, customerId: e.customer.id })),
      );
      await t.db.update(outbox).set({ status: "sent", sentAt: new Date(sentAt), attempts: 1 }).where(eq(outbox.campaignId, c.id));
    }
    const session = (userId: number, projectId: number, at: number) => ({ sessionId: `o-${userId}-${at}`, userId, route: "/", pageType: "company-before-nda" as const, projectId, sessionStart: new Date(at), sessionEnd: new Date(at + 1000), totalDuration: 1000, activeTime: 500, scrollDepthMax: 0, record: {} });
    await t.db.insert(pageSessions).values([
      session(looker.member.id, promoted!.id, sentAt - DAY), // before the message: not counted
      session(looker.member.id, promoted!.id, sentAt + 2 * DAY),
      session(elsewhere.member.id, other!.id, sentAt + DAY), // another project: not counted
      session(unsent.member.id, promoted!.id, sentAt + DAY),
    ]);
    // sessions land in batches, out of order: the earliest look wins
    await t.db.insert(pageSessions).values(session(looker.member.id, promoted!.id, sentAt + DAY));
    // a teaser view without JavaScript: by its day after the message's, or by its time as the latest look
    await t.db.insert(dailyProjectLooks).values([
      { kind: "view", userId: bidder.member.id, projectId: promoted!.id, day: "2026-11-03", counted: true },
      // the message's own day, before it went: a day cannot tell, so it does not count
      { kind: "view", userId: late.member.id, projectId: promoted!.id, day: "2026-11-01", counted: true },
    ]);
    await t.db.insert(recentlyViewed).values({ userId: signer.member.id, projectId: promoted!.id, viewedAt: new Date(sentAt + 60_000) });
    await t.db.insert(contracts).values([contract(promoted!.id, signer.member, sentAt + 3 * DAY), contract(promoted!.id, late.member, sentAt + 15 * DAY)]);
    await t.db.insert(offers).values({ projectId: promoted!.id, buyerId: bidder.member.id, status: "submitted", price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2026-12-31", pdfKey: "k", pdfSha256: "s", createdAt: new Date(sentAt + 5 * DAY) });
    // housekeeping prunes the daily looks: what followed stays
    await t.db.delete(dailyProjectLooks);

    const outcome = await campaignOutcomes(t.db, { campaign: campaign! });
    expect(outcome).toMatchObject({ reached: 5, viewed: 3, signed: 1, offered: 1, total: 3 });
    // furthest along first: the offer, the NDA, the look
    expect(outcome.rows.map((r) => r.customerName)).toEqual(["Bidder Capital", "Signer Bank", "Looker Fund"]);
    expect(outcome.rows[0]).toMatchObject({ viewedAt: Date.parse("2026-11-03T00:00:00Z"), offeredAt: sentAt + 5 * DAY, signedAt: null });
    expect(outcome.rows[1]).toMatchObject({ customerName: "Signer Bank", viewedAt: sentAt + 60_000, signedAt: sentAt + 3 * DAY });
    expect(outcome.rows[2]).toMatchObject({ viewedAt: sentAt + DAY, signedAt: null, offeredAt: null, sentAt });
    expect((await campaignOutcomes(t.db, { campaign: campaign!, page: 2, pageSize: 2 })).rows.map((r) => r.customerName)).toEqual(["Looker Fund"]);

    // a campaign promoting no project counts a step on any project
    const any = await campaignOutcomes(t.db, { campaign: anyProject! });
    expect(any.rows.map((r) => r.customerName)).toContain("Elsewhere LP");
    expect(any.rows.map((r) => r.customerName)).not.toContain("Unsent Partners");
  });

  it("migration 0055 finds the customer of each message sent before it, and their steps since", async () => {
    const old = await databaseBefore("0055");
    const { run } = old;
    try {
      await run("insert into users (id, email, name, password_hash, roles) values (1, 'seller@x.example', 'S', 'x', '[]')");
      await run("insert into projects (id, seller_id, kind, status, created_at, updated_at) values (1, 1, 'loan_pool', 'published', 0, 0), (2, 1, 'loan_pool', 'published', 0, 0)");
      await run("insert into customers (id, name, customer_type, attention_email, attention_phone) values (1, 'Mail Fund', 'buyer', '  Look@Mail.example ', ''), (2, 'Text Bank', 'buyer', '', '+1 (555) 010-2000')");
      await run("insert into users (id, email, name, password_hash, roles, customer_id) values (2, 'a@mail.example', 'A', 'x', '[]', 1), (3, 'b@text.example', 'B', 'x', '[]', 2)");
      await run("insert into recipient_lists (id, name, channel, kind, definition) values (1, 'L', 'both', 'selection', '{\"customerIds\":[1,2]}')");
      await run("insert into campaigns (id, channel, list_id, body, project_id, status) values (1, 'email', 1, 'b', 1, 'sent'), (2, 'sms', 1, 'b', null, 'sent')");
      await run(
        `insert into outbox (channel, recipient, body, status, next_attempt_at, created_at, sent_at, campaign_id) values
          ('email', 'look@mail.example', 'b', 'sent', ?1, ?1, ?1, 1), ('sms', '+15550102000', 'b', 'sent', ?1, ?1, ?1, 2)`,
        sentAt,
      );
      await run(
        `insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
          values ('x1', 2, '/', 'company', 1, ?1, ?1, 1, 1, 0, '{}', ?1), ('x2', 2, '/', 'company', 2, ?2, ?2, 1, 1, 0, '{}', ?2)`,
        sentAt + DAY,
        sentAt + 1000,
      );
      await run(
        "insert into contracts (project_id, buyer_id, envelope_id, nda_status, document_key, document_sha256, requested_at, signed_at) values (2, 3, 'e', 'Signed', 'k', 's', ?1, ?2)",
        sentAt,
        sentAt + 2 * DAY,
      );
      await old.upgrade();
      const rows = (await run("select campaign_id, customer_id, sent_at, viewed_at, signed_at from campaign_outcomes order by campaign_id")).rows.map((r) => Object.fromEntries(Object.entries(r)));
      // the promoted project's session, not the other one's; the text's customer by its phone's digits, its NDA on any project
      expect(rows).toEqual([
        { campaign_id: 1, customer_id: 1, sent_at: sentAt, viewed_at: sentAt + DAY, signed_at: null },
        { campaign_id: 2, customer_id: 2, sent_at: sentAt, viewed_at: null, signed_at: sentAt + 2 * DAY },
      ]);
    } finally {
      old.cleanup();
    }
  });
});
