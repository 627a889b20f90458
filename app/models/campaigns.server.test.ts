import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { parseEnv, type Env } from "~/.server/env";
import { auditLog, campaigns, customers, matches, outbox, projects, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { campaignForApi, campaignOverview, campaignProgress, campaignRecipients, cancelCampaign, cancelledCounts, composeChoices, createCampaign, createCampaignFromApi, createDraftOnce, findCampaign, finishCampaignsCutOffByRestart, sendCampaign, sendTestToSelf } from "./campaigns.server";
import { CAMPAIGN_CANCELLED, deliverDueMessages, purgeOutbox } from "./outbox.server";
import { readUnsubscribeToken } from "~/.server/unsubscribe-token";
import { createRecipientList, matchedBuyersOf, recipientListPage, recipientsOf, membersOf, reachOf, savableDefinition } from "./recipient-lists.server";
import { recomputeProjectMatches } from "./matches.server";
import { suppress } from "./suppressions.server";
import { runMaintenance } from "./maintenance.server";
import { turnsDuring } from "../../tests/support/turns";
import { recipientState } from "~/lib/marketing";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: User;
let actor: { id: number; name: string; email: string };
const ids: Record<string, number> = {};
// no MAIL_API_URL: messages wait in the outbox, which is what these tests read
const env = { ...parseEnv({}), SESSION_SECRET: "test-secret", APP_URL: "https://market.test" } as Env;
const services = () => ({ db: t.db, env, waitUntil: () => {} });

async function customer(key: string, values: Partial<typeof customers.$inferInsert>) {
  const [row] = await t.db.insert(customers).values({ name: key, ...values }).returning();
  ids[key] = row!.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
  actor = { id: admin.id, name: admin.name, email: admin.email };
  const retail = { industryPreferences: ["Retail"], borrowerLocationPreferences: ["West"], transactionScalePreferences: ["5-10m"] };
  await customer("Zeta Alpha", { businessType: "Bank", attentionEmail: "Ann@Alpha.example", contactPerson: "Ann", attentionPhone: "+1 646 555 0101", smsAllowance: 10, preferences: retail });
  await customer("Zeta Beta", { businessType: "Bank", attentionEmail: "", attentionPhone: "555", preferences: { industryPreferences: ["No Preferred Industry"] } });
  await customer("Zeta Gamma", { businessType: "Bank", attentionEmail: "gus@gamma.example", attentionPhone: "+44 20 7946 0000", preferences: { industryPreferences: ["Energy"] } });
  await customer("Zeta Delta", { businessType: "Bank", attentionEmail: "dee@delta.example", preferences: { ...retail, transactionScalePreferences: ["$100-$300m"] } });
  await customer("Other Fund", { businessType: "Hedge Fund", attentionEmail: "o@other.example", preferences: retail });
});
afterAll(() => t.cleanup());

describe("recipient lists", () => {
  it("resolves saved filters to today's matching customers, reusing the customer table's WHERE", async () => {
    const members = await membersOf(t.db, { definition: { query: "q=zeta&type=Bank&customerType=Any&page=3" } });
    expect(members.map((m) => m.customerName)).toEqual(["Zeta Alpha", "Zeta Beta", "Zeta Gamma", "Zeta Delta"]);
  });

  it("counts who cannot be reached and skips suppressed addresses", async () => {
    await suppress(t.db, { channel: "email", address: "DEE@delta.example", reason: "unsubscribed" });
    const list = { definition: { customerIds: [ids["Zeta Alpha"]!, ids["Zeta Beta"]!, ids["Zeta Gamma"]!, ids["Zeta Delta"]!] } };
    const reach = await reachOf(t.db, list);
    expect(reach).toEqual({
      size: 4,
      email: { noAddress: 1, suppressed: 1, reachable: 2 },
      sms: { noPhone: 1, invalidPhone: 1, suppressed: 0, noAllowance: 1, reachable: 1 },
    });
    const { recipients, unreachable, suppressed } = await recipientsOf(t.db, { ...list, channel: "email" });
    expect(recipients.map((r) => r.address)).toEqual(["ann@alpha.example", "gus@gamma.example"]);
    expect({ unreachable, suppressed }).toEqual({ unreachable: 1, suppressed: 1 });
  });

  it("saves a list only of customers that exist and of a project buyers can see", async () => {
    const known = [ids["Zeta Alpha"]!, ids["Zeta Gamma"]!];
    expect(await savableDefinition(t.db, { customerIds: [known[0]!, 999_999, known[1]!, known[0]!] })).toEqual({ customerIds: known });
    expect(await savableDefinition(t.db, { customerIds: [999_999] })).toBeNull();
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [draft, listed] = await t.db
      .insert(projects)
      .values([
        { sellerId: seller.id, kind: "loan_pool", status: "draft", projectName: "Unfinished" },
        { sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Listed" },
      ])
      .returning();
    expect(await savableDefinition(t.db, { projectId: draft!.id })).toBeNull();
    expect(await savableDefinition(t.db, { projectId: 999_999 })).toBeNull();
    expect(await savableDefinition(t.db, { projectId: listed!.id })).toEqual({ projectId: listed!.id });
    expect(await savableDefinition(t.db, { query: "q=zeta" })).toEqual({ query: "q=zeta" });
  });

  it("lists a project's matched buyers, best first, as matchmaking scored them", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [p] = await t.db
      .insert(projects)
      .values({ sellerId: seller.id, kind: "loan_pool", status: "published", industry: "Retail", location: "West", size: 7_000_000, publishedAt: new Date() })
      .returning();
    expect(await matchedBuyersOf(t.db, { projectId: p!.id })).toEqual([]);
    await recomputeProjectMatches(t.db, { projectId: p!.id });
    const scored = await t.db
      .select({ name: customers.name, score: matches.score })
      .from(matches)
      .innerJoin(customers, eq(customers.id, matches.customerId))
      .where(eq(matches.projectId, p!.id))
      .orderBy(desc(matches.score), matches.customerId);
    expect(scored.length).toBeGreaterThan(0);
    const names = (await matchedBuyersOf(t.db, { projectId: p!.id })).map((m) => m.customerName);
    expect(names).toEqual(scored.map((s) => s.name));
    // the Retail buyer of the West and this size band first; the Energy buyer below it, if at all
    expect(names[0]).toBe("Zeta Alpha");
    expect(names.indexOf("Zeta Gamma") === -1 || names.indexOf("Zeta Gamma") > 0).toBe(true);
  });
});

describe("campaigns", () => {
  it("queues one message per recipient however often it is sent, with the unsubscribe headers", async () => {
    const listId = await createRecipientList(t.db, { name: "Zeta banks", channel: "email", kind: "filters", definition: { query: "q=zeta" }, actor });
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft: { listId, subject: "Hello {{customerName}}", body: "Dear {{contactPerson}}", projectId: null }, actor });
    const [first, second] = await Promise.all([
      sendCampaign(services(), { campaignId, actor }),
      sendCampaign(services(), { campaignId, actor }),
    ]);
    expect([first?.started, second?.started].sort()).toEqual([false, true]);
    // a crash left it "sending": sending again adds only what is missing
    await t.db.delete(outbox).where(eq(outbox.recipient, "gus@gamma.example"));
    await t.db.update(campaigns).set({ status: "sending" });
    await sendCampaign(services(), { campaignId, actor });
    await sendCampaign(services(), { campaignId, actor });
    const rows = await t.db.select().from(outbox).where(eq(outbox.campaignId, campaignId)).orderBy(outbox.recipient);
    expect(rows.map((r) => [r.recipient, r.subject])).toEqual([
      ["ann@alpha.example", "Hello Zeta Alpha"],
      ["gus@gamma.example", "Hello Zeta Gamma"],
    ]);
    expect(rows[0]!.body).toMatch(/^Dear Ann\n[\s\S]*https:\/\/market\.test\/unsubscribe\/\S+\.\S+/);
    // beside the text, the HTML part: the body drawn, the same unsubscribe link at its foot
    expect(rows[0]!.html).toContain("<p>Dear Ann</p>");
    expect(rows[0]!.html).toContain(`<a href="${/(https:\/\/market\.test\/unsubscribe\/\S+\.\S+)/.exec(rows[0]!.body)![1]}"`);
    expect(rows[0]!.headers).toEqual({ "List-Unsubscribe": expect.stringMatching(/^<https:\/\/market\.test\/unsubscribe\/[^/]+\/one-click>$/), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(await campaignProgress(t.db, { campaignId })).toEqual({ queued: 2, held: 0, sent: 0, failed: 0 });
    const audits = await t.db.select().from(auditLog);
    expect(audits.filter((a) => a.action === "campaign.send")).toHaveLength(1);
    expect(audits.filter((a) => a.action === "list.save")).toHaveLength(1);
    // the provider's later bounce shows on the recipient's row
    await suppress(t.db, { channel: "email", address: "ANN@alpha.example", reason: "bounced", now: Date.now() + 1000 });
    const recipients = await campaignRecipients(t.db, { campaignId });
    expect(recipients.map((r) => [r.recipient, r.suppressedAs])).toEqual([
      ["ann@alpha.example", "bounced"],
      ["gus@gamma.example", null],
    ]);
  });

  it("shows its progress as its messages go out, are refused, retried, and given up after a week", async () => {
    const listId = await createRecipientList(t.db, { name: "Gamma and Other", channel: "email", kind: "selection", definition: { customerIds: [ids["Zeta Gamma"]!, ids["Other Fund"]!] }, actor });
    const draft = { listId, subject: "News for {{customerName}}", body: "Dear {{contactPerson}}", projectId: null };
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft, actor });
    const progress = (now = Date.now()) => campaignProgress(t.db, { campaignId, now });
    expect(await progress()).toEqual({ queued: 0, held: 0, sent: 0, failed: 0 });
    const sentAt = Date.now();
    await sendCampaign(services(), { campaignId, actor, now: sentAt });
    expect(await progress()).toEqual({ queued: 2, held: 0, sent: 0, failed: 0 });
    // the provider takes one and refuses Gus's for now, then takes it on its retry
    const mailing = { ...env, MAIL_API_URL: "https://mail.test/send" } as Env;
    let refuse = true;
    const send = async (m: { recipient: string }) => {
      if (m.recipient === "gus@gamma.example" && refuse) throw new Error("503 Service Unavailable");
    };
    const mine = eq(outbox.campaignId, campaignId);
    const deliver = () => deliverDueMessages(t.db, mailing, { now: Date.now() + 3_600_000, limit: 50, send });
    await t.db.update(outbox).set({ nextAttemptAt: new Date(sentAt - 1) }).where(mine);
    await deliver();
    expect(await progress()).toEqual({ queued: 1, held: 0, sent: 1, failed: 0 });
    refuse = false;
    await t.db.update(outbox).set({ nextAttemptAt: new Date(sentAt - 1) }).where(and(mine, eq(outbox.status, "pending")));
    await deliver();
    expect(await progress()).toEqual({ queued: 0, held: 0, sent: 2, failed: 0 });
    // a second campaign to the same list, held for a schedule and given up unsent after the week
    const { id: later } = await createCampaign(t.db, { channel: "email", draft, actor });
    await sendCampaign(services(), { campaignId: later, actor, now: sentAt });
    await t.db.update(outbox).set({ nextAttemptAt: new Date(sentAt + 86_400_000) }).where(eq(outbox.campaignId, later));
    expect(await campaignProgress(t.db, { campaignId: later, now: sentAt })).toEqual({ queued: 0, held: 2, sent: 0, failed: 0 });
    await purgeOutbox(t.db, sentAt + 8 * 86_400_000);
    expect(await campaignProgress(t.db, { campaignId: later, now: sentAt })).toEqual({ queued: 0, held: 0, sent: 0, failed: 2 });
    expect(await progress()).toEqual({ queued: 0, held: 0, sent: 2, failed: 0 });
  });

  it("sends the admin's test with the admin's own unsubscribe link, not the first member's", async () => {
    const listId = await createRecipientList(t.db, { name: "Alpha alone", channel: "email", kind: "selection", definition: { customerIds: [ids["Zeta Alpha"]!] }, actor });
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft: { listId, subject: "Test for {{customerName}}", body: "Dear {{contactPerson}}", projectId: null }, actor });
    await sendTestToSelf(services(), { campaign: (await findCampaign(t.db, { campaignId }))!, to: "self@market.test" });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, "self@market.test"));
    // merged as the first member reads it
    expect(mail).toMatchObject({ subject: "[Test] Test for Zeta Alpha" });
    expect(mail!.body).toMatch(/^Dear Ann\n/);
    // but the link unsubscribes whoever clicks it in this mailbox: the admin, never Ann
    const token = /\/unsubscribe\/(\S+)/.exec(mail!.body)![1]!;
    expect(await readUnsubscribeToken(env.SESSION_SECRET, token)).toBe("self@market.test");
    expect(mail!.html).toContain(`/unsubscribe/${token}"`);
    // and in the one-click headers, as the members' copies carry them
    expect(mail!.headers).toEqual({ "List-Unsubscribe": `<https://market.test/unsubscribe/${token}/one-click>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });
});

describe("an e-mail campaign's body", () => {
  it("is sent as typed and drawn from its Markdown, each company's name drawn as it is named", async () => {
    await customer("*Star* <Credit>", { businessType: "Bank", attentionEmail: "sam@star.example", contactPerson: "Sam" });
    const listId = await createRecipientList(t.db, { name: "Star alone", channel: "email", kind: "selection", definition: { customerIds: [ids["*Star* <Credit>"]!] }, actor });
    const body = "# News for {{customerName}}\n\n**A new pool**, see [the listing](https://market.test/p/1).";
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft: { listId, subject: "News", body, projectId: null }, actor });
    await sendCampaign(services(), { campaignId, actor });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.campaignId, campaignId));
    expect(mail!.body).toMatch(/^# News for \*Star\* <Credit>\n\n\*\*A new pool\*\*/);
    expect(mail!.html).toContain("<h1>News for *Star* &lt;Credit&gt;</h1>");
    expect(mail!.html).toMatch(/<strong>A new pool<\/strong>, see <a href="https:\/\/market\.test\/p\/1"[^>]*>the listing<\/a>/);
  });
});

describe("SMS campaigns", () => {
  // 15:00 in New York, 12:00 in Los Angeles, 23:00 in London
  const afternoon = Date.parse("2026-01-15T20:00:00Z");

  async function textCampaign(name: string, customerIds: number[], body: string) {
    const listId = await createRecipientList(t.db, { name, channel: "sms", kind: "selection", definition: { customerIds }, actor });
    return (await createCampaign(t.db, { channel: "sms", draft: { listId, subject: "", body, projectId: null }, actor })).id;
  }
  const allowanceOf = async (id: number) => (await t.db.select({ a: customers.smsAllowance }).from(customers).where(eq(customers.id, id)))[0]!.a;

  it("takes each text's segments from its company's allowance once, however often it is sent, and skips a company that cannot cover it", async () => {
    await customer("Sms One", { attentionPhone: "+1 (212) 555-0111", smsAllowance: 5, headquarters: "NY" });
    await customer("Sms Two", { attentionPhone: "+1 415 555 0112", smsAllowance: 1, headquarters: "CA" });
    await customer("Sms Three", { attentionPhone: "", smsAllowance: 9 });
    // 200 GSM-7 characters: two segments with the footer
    const campaignId = await textCampaign("Texts", [ids["Sms One"]!, ids["Sms Two"]!, ids["Sms Three"]!], `Hi {{contactPerson}} ${"x".repeat(170)}`);
    const [first, second] = await Promise.all([
      sendCampaign(services(), { campaignId, actor, now: afternoon }),
      sendCampaign(services(), { campaignId, actor, now: afternoon }),
    ]);
    expect([first?.started, second?.started].sort()).toEqual([false, true]);
    // a crash left it "sending": finishing it queues and charges nothing again
    await t.db.update(campaigns).set({ status: "sending" }).where(eq(campaigns.id, campaignId));
    await sendCampaign(services(), { campaignId, actor, now: afternoon });
    const rows = await t.db.select().from(outbox).where(eq(outbox.campaignId, campaignId));
    expect(rows.map((r) => [r.channel, r.recipient, r.segments])).toEqual([["sms", "+12125550111", 2]]);
    expect(rows[0]!.body).toMatch(/^Hi Sms One x+\nReply STOP to opt out$/);
    expect(rows[0]!.nextAttemptAt.getTime()).toBe(afternoon);
    expect(await allowanceOf(ids["Sms One"]!)).toBe(3);
    expect(await allowanceOf(ids["Sms Two"]!)).toBe(1);
    // Sms Two's row, written and taken back in the same batch, is not counted
    expect(await campaignProgress(t.db, { campaignId, now: afternoon })).toEqual({ queued: 1, held: 0, sent: 0, failed: 0 });
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign).toMatchObject({ status: "sent", total: 3, unreachable: 1, noAllowance: 1, suppressed: 0 });
    // the API tells who was not written to, as the admin's page does
    expect(await campaignForApi(t.db, { campaignId, now: afternoon })).toEqual({
      id: campaignId,
      channel: "sms",
      status: "sent",
      total: 3,
      queued: 1,
      sent: 0,
      failed: 0,
      cancelled: 0,
      suppressed: 0,
      unreachable: 1,
      noAllowance: 1,
      sendAt: null,
    });
  });

  it("holds a text that would arrive at night until 08:00 on the company's clock, and skips numbers that replied STOP", async () => {
    await customer("Sms London", { attentionPhone: "+44 20 7946 0999", smsAllowance: 5, headquarters: "Zurich" });
    await customer("Sms Stop", { attentionPhone: "+1 212 555 0199", smsAllowance: 5, headquarters: "NY" });
    await suppress(t.db, { channel: "sms", address: "+12125550199", reason: "stop" });
    const night = Date.parse("2026-01-16T03:00:00Z"); // 22:00 in New York
    const campaignId = await textCampaign("Night", [ids["Sms London"]!, ids["Sms Stop"]!], "Short note");
    await sendCampaign(services(), { campaignId, actor, now: night });
    const rows = await t.db.select().from(outbox).where(eq(outbox.campaignId, campaignId));
    // an unknown headquarters keeps New York's hours
    expect(rows.map((r) => [r.recipient, r.nextAttemptAt.toISOString()])).toEqual([["+442079460999", "2026-01-16T13:00:00.000Z"]]);
    expect(await campaignProgress(t.db, { campaignId, now: night })).toEqual({ queued: 0, held: 1, sent: 0, failed: 0 });
    expect(await campaignProgress(t.db, { campaignId, now: Date.parse("2026-01-16T13:00:01Z") })).toMatchObject({ queued: 1, held: 0 });
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign).toMatchObject({ suppressed: 1, noAllowance: 0 });
  });

  it("answers the same campaign for a repeated Idempotency-Key", async () => {
    const listId = await createRecipientList(t.db, { name: "Keyed", channel: "sms", kind: "selection", definition: { customerIds: [ids["Sms One"]!] }, actor });
    const draft = { listId, subject: "", body: "Hello", projectId: null };
    const first = await createCampaign(t.db, { channel: "sms", draft, actor, idempotencyKey: "crm-42" });
    const again = await createCampaign(t.db, { channel: "sms", draft, actor, idempotencyKey: "crm-42" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const unkeyed = await Promise.all([createCampaign(t.db, { channel: "sms", draft, actor }), createCampaign(t.db, { channel: "sms", draft, actor })]);
    expect(new Set(unkeyed.map((c) => c.id)).size).toBe(2);
  });
});

describe("companies an admin disabled or locked", () => {
  it("are on no list: not counted, paged, previewed or sent to, by a saved selection, filters or the API, until enabled again", async () => {
    await customer("Shut Open", { businessType: "Bank", attentionEmail: "open@shut.example", attentionPhone: "+1 212 555 0301", smsAllowance: 5 });
    await customer("Shut Disabled", { businessType: "Bank", attentionEmail: "off@shut.example", attentionPhone: "+1 212 555 0302", smsAllowance: 5, enabled: false });
    await customer("Shut Locked", { businessType: "Bank", attentionEmail: "locked@shut.example", attentionPhone: "+1 212 555 0303", smsAllowance: 5, locked: true });
    const named = [ids["Shut Open"]!, ids["Shut Disabled"]!, ids["Shut Locked"]!];
    for (const definition of [{ customerIds: named }, { query: "q=shut" }]) {
      expect((await membersOf(t.db, { definition })).map((m) => m.customerName)).toEqual(["Shut Open"]);
      expect(await recipientListPage(t.db, { list: { definition, channel: "both" }, page: 1, pageSize: 50 })).toMatchObject({ size: 1, members: [{ customerName: "Shut Open" }] });
      expect(await reachOf(t.db, { definition })).toEqual({
        size: 1,
        email: { noAddress: 0, suppressed: 0, reachable: 1 },
        sms: { noPhone: 0, invalidPhone: 0, suppressed: 0, noAllowance: 0, reachable: 1 },
      });
      expect((await recipientsOf(t.db, { definition, channel: "email" })).recipients.map((r) => r.address)).toEqual(["open@shut.example"]);
    }
    const listId = await createRecipientList(t.db, { name: "Shut", channel: "email", kind: "selection", definition: { customerIds: named }, actor });
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft: { listId, subject: "Hi", body: "News", projectId: null }, actor });
    const campaign = (await findCampaign(t.db, { campaignId }))!;
    const overview = await campaignOverview(services(), { campaign, page: 1, pageSize: 50, customerId: ids["Shut Disabled"] });
    expect(overview.members.map((m) => m.customerName)).toEqual(["Shut Open"]);
    expect(overview.preview?.customerId).toBe(ids["Shut Open"]);
    await sendCampaign(services(), { campaignId, actor });
    const sent = await t.db.select({ to: outbox.recipient }).from(outbox).where(eq(outbox.campaignId, campaignId));
    expect(sent).toEqual([{ to: "open@shut.example" }]);
    expect(await campaignForApi(t.db, { campaignId })).toMatchObject({ total: 1, queued: 1, unreachable: 0, suppressed: 0 });
    // the API names customers it may not market to: known, so no 400, and left out as a saved selection is
    const fromApi = await createCampaignFromApi(services(), { values: { channel: "email", customerIds: named, subject: "Hi", body: "News" }, actor, idempotencyKey: null });
    expect(fromApi).toEqual({ id: expect.any(Number) });
    const apiRows = await t.db.select({ to: outbox.recipient }).from(outbox).where(eq(outbox.campaignId, (fromApi as { id: number }).id));
    expect(apiRows).toEqual([{ to: "open@shut.example" }]);
    // enabled again, it is on the list again
    await t.db.update(customers).set({ enabled: true }).where(eq(customers.id, ids["Shut Disabled"]!));
    expect((await membersOf(t.db, { definition: { customerIds: named } })).map((m) => m.customerName)).toEqual(["Shut Open", "Shut Disabled"]);
    expect((await reachOf(t.db, { definition: { customerIds: named } })).size).toBe(2);
  });

  it("get no held text of a campaign queued before the admin disabled or locked them: given up unsent, segments back, the reason on the row", async () => {
    await customer("Shut Later", { attentionPhone: "+1 212 555 0311", smsAllowance: 5, headquarters: "NY" });
    await customer("Shut Locked Later", { attentionPhone: "+1 212 555 0312", smsAllowance: 5, headquarters: "NY" });
    await customer("Shut Still Open", { attentionPhone: "+1 212 555 0313", smsAllowance: 5, headquarters: "NY" });
    const named = [ids["Shut Later"]!, ids["Shut Locked Later"]!, ids["Shut Still Open"]!];
    const listId = await createRecipientList(t.db, { name: "Shut later", channel: "sms", kind: "selection", definition: { customerIds: named }, actor });
    const { id: campaignId } = await createCampaign(t.db, { channel: "sms", draft: { listId, subject: "", body: "Morning news", projectId: null }, actor });
    const night = Date.parse("2026-01-16T03:00:00Z"); // 22:00 in New York: held until 08:00
    expect(await sendCampaign(services(), { campaignId, actor, now: night })).toMatchObject({ started: true, queued: 3 });
    await t.db.update(customers).set({ enabled: false }).where(eq(customers.id, ids["Shut Later"]!));
    await t.db.update(customers).set({ locked: true }).where(eq(customers.id, ids["Shut Locked Later"]!));
    const delivered: string[] = [];
    const withSms = { ...env, SMS_API_URL: "https://sms.test/send" } as Env;
    await deliverDueMessages(t.db, withSms, { now: Date.parse("2026-01-16T13:00:01Z"), limit: 1000, send: async (m) => void delivered.push(m.recipient) });
    expect(delivered.filter((to) => to.startsWith("+1212555031"))).toEqual(["+12125550313"]);
    const rows = await t.db.select().from(outbox).where(eq(outbox.campaignId, campaignId)).orderBy(outbox.id);
    const gone = "Not sent: the company was disabled, locked or deleted after it was queued.";
    expect(rows.map((r) => [r.recipient, r.status, r.lastError])).toEqual([
      ["+12125550311", "failed", gone],
      ["+12125550312", "failed", gone],
      ["+12125550313", "sent", null],
    ]);
    const allowance = async (key: string) => (await t.db.select({ a: customers.smsAllowance }).from(customers).where(eq(customers.id, ids[key]!)))[0]!.a;
    expect([await allowance("Shut Later"), await allowance("Shut Locked Later"), await allowance("Shut Still Open")]).toEqual([5, 5, 4]);
  });
});

describe("a campaign promoting a listing that left the market", () => {
  async function listing(name: string) {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [p] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: name }).returning();
    return p!.id;
  }
  const withdraw = (projectId: number) => t.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, projectId));
  const rowsOf = (campaignId: number) => t.db.select().from(outbox).where(eq(outbox.campaignId, campaignId)).orderBy(outbox.id);

  it("is not sent: the draft stays a draft, nothing is queued or audited, and a listing still on the market sends", async () => {
    const listId = await createRecipientList(t.db, { name: "Promo", channel: "email", kind: "selection", definition: { customerIds: [ids["Zeta Gamma"]!] }, actor });
    const projectId = await listing("Left Pool");
    const draft = { listId, subject: "New: {{projectName}}", body: "See {{teaserUrl}}", projectId };
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft, actor });
    await withdraw(projectId);
    expect(await sendCampaign(services(), { campaignId, actor })).toEqual({ started: false, offMarket: true });
    expect(await rowsOf(campaignId)).toEqual([]);
    expect((await findCampaign(t.db, { campaignId }))!.status).toBe("draft");
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, String(campaignId)));
    expect(audits.filter((a) => a.action === "campaign.send" && a.subjectType === "campaign")).toEqual([]);

    const onOffer = await listing("Still Pool");
    await t.db.update(projects).set({ status: "under_offer" }).where(eq(projects.id, onOffer));
    const { id: other } = await createCampaign(t.db, { channel: "email", draft: { ...draft, projectId: onOffer }, actor });
    expect(await sendCampaign(services(), { campaignId: other, actor })).toMatchObject({ started: true, queued: 1 });
    const [mail] = await rowsOf(other);
    expect(mail!.subject).toBe("New: Still Pool");
    expect(mail!.body).toContain(`https://market.test/projects/more-details/${onOffer}`);
  });

  it("gives up its held texts unsent (segments back) when the listing leaves before they are due, with the reason on each row", async () => {
    await customer("Sms Held", { attentionPhone: "+1 212 555 0177", smsAllowance: 5, headquarters: "NY" });
    const listId = await createRecipientList(t.db, { name: "Held promo", channel: "sms", kind: "selection", definition: { customerIds: [ids["Sms Held"]!] }, actor });
    const projectId = await listing("Night Pool");
    const { id: campaignId } = await createCampaign(t.db, { channel: "sms", draft: { listId, subject: "", body: "New: {{projectName}}", projectId }, actor });
    const night = Date.parse("2026-01-16T03:00:00Z"); // 22:00 in New York: held until 08:00
    expect(await sendCampaign(services(), { campaignId, actor, now: night })).toMatchObject({ started: true, queued: 1 });
    const allowance = async () => (await t.db.select({ a: customers.smsAllowance }).from(customers).where(eq(customers.id, ids["Sms Held"]!)))[0]!.a;
    expect(await allowance()).toBe(4);
    await withdraw(projectId);

    const delivered: string[] = [];
    const withSms = { ...env, SMS_API_URL: "https://sms.test/send" } as Env;
    await deliverDueMessages(t.db, withSms, { now: Date.parse("2026-01-16T13:00:01Z"), send: async (m) => void delivered.push(m.recipient) });
    expect(delivered).not.toContain("+12125550177");
    expect((await rowsOf(campaignId)).map((r) => [r.status, r.lastError])).toEqual([["failed", "Not sent: the promoted project left the market after it was queued."]]);
    expect(await allowance()).toBe(5);
    expect(await campaignProgress(t.db, { campaignId, now: Date.parse("2026-01-16T13:00:01Z") })).toMatchObject({ queued: 0, held: 0, failed: 1 });
  });
});

describe("a campaign an admin cancels", () => {
  const withMail = { ...env, MAIL_API_URL: "https://mail.test/send", SMS_API_URL: "https://sms.test/send" } as Env;
  const allowanceOf = async (id: number) => (await t.db.select({ a: customers.smsAllowance }).from(customers).where(eq(customers.id, id)))[0]!.a;
  const rowsOf = (campaignId: number) => t.db.select().from(outbox).where(eq(outbox.campaignId, campaignId)).orderBy(outbox.id);

  it("sends nothing more once the cancel is answered: what went stays sent, the rest is given up and counted, and nothing takes it up again", async () => {
    for (const n of [1, 2, 3, 4]) await customer(`Stop Mail ${n}`, { attentionEmail: `m${n}@stop.example` });
    const listId = await createRecipientList(t.db, { name: "Stop mail", channel: "email", kind: "selection", definition: { customerIds: [1, 2, 3, 4].map((n) => ids[`Stop Mail ${n}`]!) }, actor });
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft: { listId, subject: "Stop me", body: "Hello", projectId: null }, actor });
    const now = Date.now();
    await sendCampaign(services(), { campaignId, actor, now });
    const delivered: string[] = [];
    // one goes; one is refused by a provider outage and waits a minute for its retry; the cancel lands while the
    // third is with the provider: the third was handed over before it, the fourth (read as due with it) is not sent
    let calls = 0;
    await deliverDueMessages(t.db, withMail, {
      now,
      send: async (m) => {
        // other tests' messages still waiting go as they are
        if (!m.recipient.endsWith("@stop.example")) return;
        calls++;
        if (calls === 2) throw new Error("503 from the provider");
        if (calls === 3) expect(await cancelCampaign(t.db, { campaignId, actor, now })).toEqual({ sent: 1, cancelled: 1 });
        delivered.push(m.recipient);
      },
    });
    expect(delivered).toEqual(["m1@stop.example", "m3@stop.example"]);
    // the retry due in a minute was left to whoever might hold it; when due it is given up, not sent
    const later = now + 2 * 60_000;
    await deliverDueMessages(t.db, withMail, { now: later, send: async (m) => void delivered.push(m.recipient) });
    expect(delivered.filter((to) => to.endsWith("@stop.example"))).toHaveLength(2);
    expect((await rowsOf(campaignId)).map((r) => [r.recipient, r.status, r.status === "failed" ? r.lastError : null])).toEqual([
      ["m1@stop.example", "sent", null],
      ["m2@stop.example", "failed", CAMPAIGN_CANCELLED],
      ["m3@stop.example", "sent", null],
      ["m4@stop.example", "failed", CAMPAIGN_CANCELLED],
    ]);
    expect(await cancelledCounts(t.db, { campaignId })).toEqual({ sent: 2, cancelled: 2 });
    // those it gave up read as cancelled, not failed: on the page and in the CSV (each row), and in the API's counts
    expect((await campaignRecipients(t.db, { campaignId, now: later })).map(recipientState)).toEqual(["sent", "cancelled", "sent", "cancelled"]);
    expect(await campaignForApi(t.db, { campaignId, now: later })).toMatchObject({ status: "cancelled", total: 4, queued: 0, sent: 2, failed: 0, cancelled: 2 });
    // neither the admin's send, "Finish queueing", nor housekeeping sends it again; a second cancel has nothing to do
    expect(await sendCampaign(services(), { campaignId, actor, now: later })).toMatchObject({ started: false });
    await runMaintenance(t.db, env, later + 10 * 60_000);
    expect((await findCampaign(t.db, { campaignId }))!.status).toBe("cancelled");
    expect(await cancelCampaign(t.db, { campaignId, actor })).toBeNull();
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.subjectId, String(campaignId)), eq(auditLog.action, "campaign.cancel")));
    expect(audited.map((a) => a.detail)).toEqual(["Stop me: 1 sent before the cancel, 1 not sent"]);
  });

  it("gives a held text's segments back, and neither writes nor charges the texts its queueing reaches after the cancel", async () => {
    const phones = Array.from({ length: 25 }, (_, i) => `+1 212 555 ${String(1000 + i)}`);
    for (const [i, phone] of phones.entries()) await customer(`Stop Text ${i}`, { attentionPhone: phone, smsAllowance: 3, headquarters: "NY" });
    const members = phones.map((_, i) => ids[`Stop Text ${i}`]!);
    const listId = await createRecipientList(t.db, { name: "Stop texts", channel: "sms", kind: "selection", definition: { customerIds: members }, actor });
    const { id: campaignId } = await createCampaign(t.db, { channel: "sms", draft: { listId, subject: "", body: "Short note", projectId: null }, actor });
    const night = Date.parse("2026-01-16T03:00:00Z"); // 22:00 in New York: every text held until 08:00
    // the admin's cancel lands between the queueing's first batch of texts (20) and its second
    let batches = 0;
    const db = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== "batch") return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof t.db.batch>) => {
          if (++batches === 2) await cancelCampaign(t.db, { campaignId, actor, now: night });
          return target.batch(...args);
        };
      },
    });
    await sendCampaign({ db, env, waitUntil: () => {} }, { campaignId, actor, now: night });
    expect((await findCampaign(t.db, { campaignId }))!.status).toBe("cancelled");
    const rows = await rowsOf(campaignId);
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.status === "failed" && r.lastError === CAMPAIGN_CANCELLED && r.segments === 0)).toBe(true);
    // every company has its allowance whole again: the first 20 given back, the last 5 never charged
    expect(await Promise.all(members.map(allowanceOf))).toEqual(members.map(() => 3));
    expect(await cancelledCounts(t.db, { campaignId })).toEqual({ sent: 0, cancelled: 20 });
    await deliverDueMessages(t.db, withMail, { now: Date.parse("2026-01-16T13:00:01Z"), send: async (m) => expect(rowsOf(campaignId).then((rows) => rows.some((r) => r.recipient === m.recipient))).resolves.toBe(false) });
  });
});

describe("a campaign whose queueing stopped part-way (a restart)", () => {
  it("is queued to the end by housekeeping, each missing recipient once, the sent time kept; one still being queued is left to its request", async () => {
    await customer("Cut One", { attentionEmail: "one@cut.example" });
    await customer("Cut Two", { attentionEmail: "two@cut.example" });
    await customer("Cut Three", { attentionEmail: "three@cut.example" });
    const listId = await createRecipientList(t.db, { name: "Cut", channel: "email", kind: "selection", definition: { customerIds: [ids["Cut One"]!, ids["Cut Two"]!, ids["Cut Three"]!] }, actor });
    const draft = { listId, subject: "Cut short", body: "Dear {{contactPerson}}", projectId: null };
    const now = Date.now();
    const started = now - 6 * 60_000;
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft, actor });
    await sendCampaign(services(), { campaignId, actor, now: started });
    // the process died after writing one recipient's row: the campaign stayed "sending"
    await t.db.delete(outbox).where(and(eq(outbox.campaignId, campaignId), eq(outbox.recipient, "two@cut.example")));
    await t.db.delete(outbox).where(and(eq(outbox.campaignId, campaignId), eq(outbox.recipient, "three@cut.example")));
    await t.db.update(campaigns).set({ status: "sending", total: 0 }).where(eq(campaigns.id, campaignId));
    // another one started a minute ago: its request may still be queueing it
    const { id: recent } = await createCampaign(t.db, { channel: "email", draft: { ...draft, subject: "Still queueing" }, actor });
    await t.db.update(campaigns).set({ status: "sending", sentAt: new Date(now - 60_000) }).where(eq(campaigns.id, recent));

    await runMaintenance(t.db, env, now);
    await runMaintenance(t.db, env, now + 60_000);

    const rows = await t.db.select({ recipient: outbox.recipient }).from(outbox).where(eq(outbox.campaignId, campaignId)).orderBy(outbox.recipient);
    expect(rows.map((r) => r.recipient)).toEqual(["one@cut.example", "three@cut.example", "two@cut.example"]);
    const found = await findCampaign(t.db, { campaignId });
    expect(found).toMatchObject({ status: "sent", total: 3, sentAt: new Date(started) });
    expect(await campaignProgress(t.db, { campaignId })).toEqual({ queued: 3, held: 0, sent: 0, failed: 0 });
    expect((await findCampaign(t.db, { campaignId: recent }))!.status).toBe("sending");
    expect(await t.db.select().from(outbox).where(eq(outbox.campaignId, recent))).toEqual([]);
    const finished = (await t.db.select().from(auditLog).where(eq(auditLog.subjectId, String(campaignId)))).filter((a) => a.action === "campaign.finish");
    expect(finished).toHaveLength(1);
  });
});

describe("a campaign whose queueing a server stop cut short a minute ago", () => {
  it("is queued to the end as the Node server starts again, not five minutes on; one a request of the new process started is left to it", async () => {
    await customer("Stop One", { attentionEmail: "one@stop.example" });
    await customer("Stop Two", { attentionEmail: "two@stop.example" });
    const listId = await createRecipientList(t.db, { name: "Stopped", channel: "email", kind: "selection", definition: { customerIds: [ids["Stop One"]!, ids["Stop Two"]!] }, actor });
    const draft = { listId, subject: "Cut by a stop", body: "Dear {{contactPerson}}", projectId: null };
    const bootedAt = Date.now();
    const { id: campaignId } = await createCampaign(t.db, { channel: "email", draft, actor });
    await sendCampaign(services(), { campaignId, actor, now: bootedAt - 60_000 });
    // the server stopped after one recipient's row: the campaign stayed "sending"
    await t.db.delete(outbox).where(and(eq(outbox.campaignId, campaignId), eq(outbox.recipient, "two@stop.example")));
    await t.db.update(campaigns).set({ status: "sending", total: 0 }).where(eq(campaigns.id, campaignId));
    // housekeeping alone leaves it for five minutes: its request might still be queueing it
    await runMaintenance(t.db, env, bootedAt);
    expect((await findCampaign(t.db, { campaignId }))!.status).toBe("sending");
    // a campaign the new process's first request is sending: not the last process's
    const { id: fresh } = await createCampaign(t.db, { channel: "email", draft: { ...draft, subject: "Sent after the start" }, actor });
    await t.db.update(campaigns).set({ status: "sending", sentAt: new Date(bootedAt) }).where(eq(campaigns.id, fresh));

    // (with any other campaign an earlier test left "sending")
    expect(await finishCampaignsCutOffByRestart(services(), bootedAt)).toBeGreaterThanOrEqual(1);

    const rows = await t.db.select({ recipient: outbox.recipient }).from(outbox).where(eq(outbox.campaignId, campaignId)).orderBy(outbox.recipient);
    expect(rows.map((r) => r.recipient)).toEqual(["one@stop.example", "two@stop.example"]);
    expect(await findCampaign(t.db, { campaignId })).toMatchObject({ status: "sent", total: 2 });
    expect((await findCampaign(t.db, { campaignId: fresh }))!.status).toBe("sending");
    expect(await t.db.select().from(outbox).where(eq(outbox.campaignId, fresh))).toEqual([]);
  });
});

describe("queueing a long list", () => {
  it("lets others' requests in between its batches, e-mails and texts alike: 5,000 texts held Node's one thread 6.5 s", async () => {
    const many = Array.from({ length: 1_100 }, (_, i) => ({ name: `Long List ${i}`, attentionEmail: `long${i}@list.example`, attentionPhone: `+1212556${String(i).padStart(4, "0")}`, smsAllowance: 1, headquarters: "NY" }));
    for (let i = 0; i < many.length; i += 200) await t.db.insert(customers).values(many.slice(i, i + 200));
    const afternoon = Date.parse("2026-01-15T20:00:00Z");
    for (const channel of ["email", "sms"] as const) {
      const listId = await createRecipientList(t.db, { name: `Long ${channel}`, channel, kind: "filters", definition: { query: "q=long list" }, actor });
      const { id: campaignId } = await createCampaign(t.db, { channel, draft: { listId, subject: channel === "sms" ? "" : "Long", body: "Hello {{contactPerson}}", projectId: null }, actor });
      const { result, turns } = await turnsDuring(() => sendCampaign(services(), { campaignId, actor, now: afternoon }));
      expect(result).toMatchObject({ started: true, queued: 1_100 });
      // e-mails 500 to a batch, texts 20 (each paid for in its own)
      expect(turns).toBeGreaterThanOrEqual(channel === "sms" ? 50 : 2);
      expect(await campaignProgress(t.db, { campaignId, now: afternoon })).toMatchObject({ queued: 1_100 });
    }
  });
});

describe("the lists a compose page offers", () => {
  it("are the channel's own and those for both, 200 of them, and the list its address names though older", async () => {
    const { recipientLists } = await import("~/.server/db/schema");
    const { inArray } = await import("drizzle-orm");
    const old = Date.now() - 86_400_000;
    // an older SMS list, then 250 newer e-mail lists: the newest 200 of every channel held no SMS list at all
    const [oldSms] = await t.db.insert(recipientLists).values({ name: "Old SMS list", channel: "sms", kind: "filters", definition: { query: "" }, createdAt: new Date(old) }).returning();
    const [olderSms] = await t.db.insert(recipientLists).values({ name: "Older SMS list", channel: "sms", kind: "filters", definition: { query: "" }, createdAt: new Date(old - 1000) }).returning();
    const mails = await t.db
      .insert(recipientLists)
      .values(Array.from({ length: 250 }, (_, i) => ({ name: `Mail list ${i}`, channel: "email" as const, kind: "filters" as const, definition: { query: "" }, createdAt: new Date(old + 1000 + i) })))
      .returning({ id: recipientLists.id });
    try {
      const sms = (await composeChoices(t.db, { channel: "sms", page: 1, pageSize: 25 })).lists.map((l) => l.value);
      expect(sms).toEqual(expect.arrayContaining([String(oldSms!.id), String(olderSms!.id)]));
      const email = (await composeChoices(t.db, { channel: "email", page: 1, pageSize: 25 })).lists.map((l) => l.value);
      expect(email).toHaveLength(200);
      expect(email).not.toContain(String(oldSms!.id));
      // "Send an e-mail to this list" from the oldest list's page: it is offered, and chosen
      const named = (await composeChoices(t.db, { channel: "email", page: 1, pageSize: 25, listId: mails[0]!.id })).lists.map((l) => l.value);
      expect(named).toContain(String(mails[0]!.id));
      // a list of the other channel is not, though named
      expect((await composeChoices(t.db, { channel: "email", page: 1, pageSize: 25, listId: oldSms!.id })).lists.map((l) => l.value)).not.toContain(String(oldSms!.id));
    } finally {
      await t.db.delete(recipientLists).where(inArray(recipientLists.id, [oldSms!.id, olderSms!.id, ...mails.map((m) => m.id)]));
    }
  });
});

describe("the compose form sent twice (a double click, a resend)", () => {
  it("writes one draft with its one-time key; the key's draft changed on the page (back, sent again) is written as a draft of its own", async () => {
    const listId = await createRecipientList(t.db, { name: "Zeta twice", channel: "email", kind: "filters", definition: { query: "q=zeta" }, actor });
    const draft = { listId, subject: "Twice", body: "Sent twice", projectId: null };
    const [first, second] = await Promise.all([0, 1].map(() => createDraftOnce(t.db, { channel: "email", draft, actor, submissionKey: "page-key-1" })));
    expect(second!.id).toBe(first!.id);
    expect([first!.created, second!.created].sort()).toEqual([false, true]);
    expect(await t.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.subject, "Twice"))).toHaveLength(1);
    const edited = await createDraftOnce(t.db, { channel: "email", draft: { ...draft, subject: "Twice, edited" }, actor, submissionKey: "page-key-1" });
    expect(edited).toMatchObject({ created: true });
    expect(edited.id).not.toBe(first!.id);
    // without a key (an old page) every post writes a draft, as before
    expect((await createDraftOnce(t.db, { channel: "email", draft, actor, submissionKey: null })).created).toBe(true);
  });
});
