import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, ORIGIN } from "../../tests/support/app";

/** POST /api/1.0/campaigns as a CRM's script sends it: an admin's Bearer token and a JSON body. */
const app = await bootApp("api-campaigns");
afterAll(() => app.cleanup());
const route = await import("./api.[1.0].campaigns._index");
const { issueApiToken } = await import("~/models/api-tokens.server");
const { auditLog, campaigns, customers, outbox, recipientLists } = await import("~/.server/db/schema");
const { context, services } = app;

const admin = await app.member("admin@demo.test");
const { token } = await issueApiToken(services.db, admin.user.id);
const [customer] = await services.db.select({ id: customers.id }).from(customers).limit(1);

const post = async (body: unknown) => {
  const request = new Request(`${ORIGIN}/api/1.0/campaigns`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await route.action({ request, context, params: {} });
  return { status: response.status, body: (await response.json()) as { error?: string; fields?: Record<string, string[]>; data?: { id: number } } };
};
const postWithKey = async (body: unknown, key: string) => {
  const request = new Request(`${ORIGIN}/api/1.0/campaigns`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
  const response = await route.action({ request, context, params: {} });
  return { status: response.status, body: (await response.json()) as { data?: { id: number } } };
};
const written = async () => ({
  campaigns: (await services.db.select({ n: count() }).from(campaigns))[0]!.n,
  lists: (await services.db.select({ n: count() }).from(recipientLists))[0]!.n,
  outbox: (await services.db.select({ n: count() }).from(outbox))[0]!.n,
  audited: (await services.db.select({ n: count() }).from(auditLog))[0]!.n,
});

describe("POST /api/1.0/campaigns with a field it does not know", () => {
  it("refuses a misspelt sendAt (400 naming the field, nothing written or sent) instead of sending at once", async () => {
    const before = await written();
    const answer = await post({ channel: "email", customerIds: [customer!.id], subject: "Next week", body: "Hello", send_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/send_at/);
    expect(answer.body.fields).toEqual({ send_at: [answer.body.error] });
    expect(await written()).toEqual(before);
  });

  it("names every unknown field, and still takes the documented ones", async () => {
    const answer = await post({ channel: "sms", customerIds: [customer!.id], body: "Hi", listId: 3, customer_ids: [1] });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields!).sort()).toEqual(["customer_ids", "listId"]);
    const sendAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const sent = await post({ channel: "email", customerIds: [customer!.id], subject: "Hello", body: "Hello", sendAt });
    expect(sent.status).toBe(202);
    expect(sent.body.data!.id).toBeTypeOf("number");
  });
});

describe("POST /api/1.0/campaigns with values of the wrong kind", () => {
  const NOT_AN_OBJECT = 'The body must be a JSON object: {"channel", "customerIds", "subject"?, "body", "sendAt"?}.';
  const IDS = "customerIds must be a list of customer ids.";

  it("tells a body that is JSON but no object what it should be, as /api/auth/login does", async () => {
    const before = await written();
    for (const body of [[], null, "hello", 42]) {
      expect(await post(body), JSON.stringify(body)).toEqual({ status: 400, body: { error: NOT_AN_OBJECT, fields: {} } });
    }
    expect(await written()).toEqual(before);
  });

  it("says what customerIds must be for ids that are no whole positive numbers, once", async () => {
    for (const customerIds of [["1"], [String(customer!.id), "2"], [1.5], [-1], [0, "x", null], "1"]) {
      const answer = await post({ channel: "sms", customerIds, body: "Hello" });
      expect(answer, JSON.stringify(customerIds)).toEqual({ status: 400, body: { error: IDS, fields: { customerIds: [IDS] } } });
    }
  });

  it("names customerIds in fields for a customer that does not exist, as for every other refusal", async () => {
    const before = await written();
    const answer = await post({ channel: "sms", customerIds: [customer!.id, 999_999], body: "Hello" });
    const error = "Unknown customer in customerIds: 999999.";
    expect(answer).toEqual({ status: 400, body: { error, fields: { customerIds: [error] } } });
    expect(await written()).toEqual(before);
  });

  it("says a list sent for a text is no string, and not that it is empty too", async () => {
    const answer = await post({ channel: "email", customerIds: [customer!.id], subject: [], body: [] });
    expect(answer).toEqual({ status: 400, body: { error: "subject must be a string.", fields: { subject: ["subject must be a string."], body: ["body must be a string."] } } });
  });
});

describe("POST /api/1.0/campaigns with a sendAt to come", () => {
  it("holds an e-mail campaign's messages until then: none is sent at once, and the campaign reads as scheduled", async () => {
    const sendAt = new Date(Date.now() + 3 * 86_400_000);
    const sent = await post({ channel: "email", customerIds: [customer!.id], subject: "In three days", body: "Hello", sendAt: sendAt.toISOString() });
    expect(sent.status).toBe(202);
    const id = sent.body.data!.id;
    // the outbox drained as the send does: nothing is due yet
    const { drainOutbox } = await import("~/models/outbox.server");
    await drainOutbox(services.db, services.env);
    const rows = await services.db.select({ status: outbox.status, due: outbox.nextAttemptAt }).from(outbox).where(eq(outbox.campaignId, id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "pending" && r.due.getTime() === sendAt.getTime())).toBe(true);
    const { campaignForApi, listCampaigns } = await import("~/models/campaigns.server");
    expect(await campaignForApi(services.db, { campaignId: id })).toMatchObject({ status: "scheduled", sent: 0, queued: rows.length, sendAt: sendAt.toISOString() });
    // the admin's list says so too ("Scheduled for …", where it said "Sent")
    const listed = (await listCampaigns(services.db, { channel: "email", pageSize: 100 })).rows.find((c) => c.id === id);
    expect(listed?.scheduledFor?.getTime()).toBe(sendAt.getTime());
  });
});

describe("POST /api/1.0/campaigns retried at the same moment with one Idempotency-Key", () => {
  it("makes one campaign, one recipient list and one message a recipient, however many retries cross", async () => {
    const before = await written();
    const body = { channel: "email", customerIds: [customer!.id], subject: "Once", body: "Only once" };
    const answers = await Promise.all([1, 2, 3].map(() => postWithKey(body, "crossing-retries")));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.body.data!.id)).size).toBe(1);
    const after = await written();
    expect(after.campaigns - before.campaigns).toBe(1);
    // the retries that lost the race leave no list of their own on /admin/marketing/lists, nor its audit entry
    expect(after.lists - before.lists).toBe(1);
    const messages = after.outbox - before.outbox;
    expect(messages).toBeGreaterThan(0);
    // a list saved, a campaign sent: the audit of one request
    const single = await written();
    await postWithKey({ ...body, subject: "Alone" }, "alone");
    const alone = await written();
    expect(after.audited - before.audited).toBe(alone.audited - single.audited);
  });
});

describe("POST /api/1.0/campaigns with an Idempotency-Key used before for another request", () => {
  it("refuses another campaign under a key already used (409 naming the first, nothing written or sent), and still answers a true retry", async () => {
    const first = await postWithKey({ channel: "email", customerIds: [customer!.id], subject: "Week 1", body: "News of week 1" }, "weekly-news");
    expect(first.status).toBe(202);
    const before = await written();
    const reused = await postWithKey({ channel: "email", customerIds: [customer!.id], subject: "Week 2", body: "News of week 2" }, "weekly-news");
    expect(reused.status).toBe(409);
    expect((reused.body as { error?: string }).error).toBe(
      `Idempotency-Key "weekly-news" was used for another request (campaign ${first.body.data!.id}): send a new key for a new campaign, or the same request to retry it.`,
    );
    expect(await written()).toEqual(before);
    const retry = await postWithKey({ channel: "email", customerIds: [customer!.id], subject: "Week 1", body: "News of week 1" }, "weekly-news");
    expect(retry).toEqual({ status: 202, body: { data: { id: first.body.data!.id } } });
    expect(await written()).toEqual(before);
  });
});

describe("POST /api/1.0/campaigns with a sendAt already past", () => {
  const PAST = "sendAt is in the past: send a future time, or leave it out to send now.";

  it("refuses yesterday's time (a CRM's time-zone slip) with 400 naming sendAt, and writes or sends nothing", async () => {
    const before = await written();
    for (const sendAt of [new Date(Date.now() - 86_400_000).toISOString(), new Date(Date.now() - 6 * 60_000).toISOString(), "2020-01-01T09:00:00-05:00"]) {
      const answer = await post({ channel: "email", customerIds: [customer!.id], subject: "Tomorrow", body: "Hello", sendAt });
      expect(answer, sendAt).toEqual({ status: 400, body: { error: PAST, fields: { sendAt: [PAST] } } });
    }
    expect(await written()).toEqual(before);
  });

  it("sends at once a time a few minutes past (the CRM's clock runs behind ours)", async () => {
    const before = await written();
    const answer = await post({ channel: "email", customerIds: [customer!.id], subject: "Now", body: "Hello", sendAt: new Date(Date.now() - 2 * 60_000).toISOString() });
    expect(answer.status).toBe(202);
    expect((await written()).outbox).toBeGreaterThan(before.outbox);
    const { outbox: outboxTable } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const rows = await services.db.select().from(outboxTable).where(eq(outboxTable.campaignId, answer.body.data!.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.nextAttemptAt.getTime() <= Date.now())).toBe(true);
  });

  it("still answers a retry of a campaign it made, once that campaign's time has passed, and sends nothing more", async () => {
    const body = { channel: "email", customerIds: [customer!.id], subject: "At ten", body: "Hello", sendAt: new Date(Date.now() + 60_000).toISOString() };
    const first = await postWithKey(body, "scheduled-then-retried");
    expect(first.status).toBe(202);
    const before = await written();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 30 * 60_000 });
    try {
      expect(await postWithKey(body, "scheduled-then-retried")).toEqual(first);
      expect((await post({ ...body, subject: "Not a retry" })).status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
    const after = await written();
    expect([after.campaigns, after.outbox]).toEqual([before.campaigns, before.outbox]);
  });
});
