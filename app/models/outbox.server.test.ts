import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, explained } from "../../tests/support/db";
import { withD1Limits } from "../../tests/support/d1-limits";
import { parseEnv, type Env } from "~/.server/env";
import { customers, outbox } from "~/.server/db/schema";
import { eq, inArray } from "drizzle-orm";
import { suppress } from "./suppressions.server";
import {
  OUTBOX_RETENTION_MS, deliverDueMessages, drainOutbox, enqueueMessage, listOutbox, nextAttemptDelayMs, purgeOutbox, purgeStatements, secretPlaceholder,
} from "./outbox.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
/** The e-mail provider's HTTP API, which these machines cannot reach: stood in for at its boundary. */
let provider: http.Server;
let providerUrl: string;
const received: Array<{ auth?: string; body: Record<string, unknown> }> = [];
let failNext = 0;
/** The status the provider answers the next call with, once. */
let answerNext = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  provider = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      if (answerNext) {
        res.writeHead(answerNext).end("no");
        answerNext = 0;
        return;
      }
      if (failNext > 0) {
        failNext--;
        res.writeHead(503).end("down");
        return;
      }
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      res.writeHead(202, { "content-type": "application/json" }).end('{"id":"msg"}');
    });
  });
  await new Promise<void>((r) => provider.listen(0, "127.0.0.1", r));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send`;
});
afterAll(() => {
  provider.close();
  t.cleanup();
});

const envWith = (overrides: Record<string, string>): Env =>
  ({ ...parseEnv(overrides), SESSION_SECRET: "s" }) as Env;

describe("outbox", () => {
  it("keeps messages when no provider is configured", async () => {
    await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "a@example.test", subject: "Hi", body: "Hello" });
    expect(await deliverDueMessages(t.db, envWith({}))).toBe(0);
    const [row] = (await listOutbox(t.db)).rows;
    expect(row!.status).toBe("pending");
  });

  it("writes a subject on one line, whatever line breaks a name put into it", async () => {
    const { id } = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "b@example.test", subject: "New message: Main\r\nBcc: x@example.test \n", body: "Hello" });
    const [row] = await t.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.id, id));
    expect(row!.subject).toBe("New message: Main Bcc: x@example.test");
    await t.db.delete(outbox).where(eq(outbox.id, id));
  });

  it("sends through the provider's HTTP API and retries later when it fails", async () => {
    const env = envWith({ MAIL_API_URL: providerUrl, MAIL_API_KEY: "key-1" });
    const now = Date.now();
    failNext = 1;
    const queued = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "b@example.test", subject: "Reset", body: "Link", html: "<p>Link</p>" }, now);
    // the first message (from the test above) is due too; the provider fails the first call
    const sentFirst = await deliverDueMessages(t.db, env, { now });
    expect(sentFirst).toBe(1);
    const afterFirst = (await listOutbox(t.db)).rows;
    const failed = afterFirst.find((m) => m.status === "pending")!;
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("503");
    expect(failed.nextAttemptAt.getTime()).toBe(now + nextAttemptDelayMs(1));

    // not due yet: nothing happens; later it goes through
    expect(await deliverDueMessages(t.db, env, { now: now + 1000 })).toBe(0);
    expect(await deliverDueMessages(t.db, env, { now: now + nextAttemptDelayMs(1) })).toBe(1);
    const all = (await listOutbox(t.db)).rows;
    expect(all.every((m) => m.status === "sent")).toBe(true);
    // the admin's status filter and paging
    expect((await listOutbox(t.db, { status: "sent" })).total).toBe(2);
    expect((await listOutbox(t.db, { status: "failed" })).total).toBe(0);
    const firstPage = await listOutbox(t.db, { pageSize: 1 });
    const secondPage = await listOutbox(t.db, { pageSize: 1, page: 2 });
    expect(firstPage.total).toBe(2);
    expect([firstPage.rows[0]!.id, secondPage.rows[0]!.id].sort()).toEqual(all.map((m) => m.id).sort());
    expect(received).toHaveLength(2);
    expect(received.every((r) => r.auth === "Bearer key-1")).toBe(true);
    expect(received.map((r) => r.body.to).sort()).toEqual(["a@example.test", "b@example.test"]);
    // an HTML part goes beside the text when the message has one, and is left out when it has none
    expect(received.map((r) => [r.body.to, r.body.text, r.body.html]).sort()).toEqual([
      ["a@example.test", expect.any(String), undefined],
      ["b@example.test", "Link", "<p>Link</p>"],
    ]);
    expect(queued.id).toBeGreaterThan(0);
  });

  it("sends each message once when several senders run at the same time", async () => {
    const env = envWith({ MAIL_API_URL: providerUrl });
    const now = Date.now() + 10 * 24 * 3_600_000;
    const before = received.length;
    for (let i = 0; i < 6; i++) {
      await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: `race${i}@example.test`, subject: "Race", body: "Once" }, now);
    }
    const results = await Promise.all([1, 2, 3, 4].map(() => deliverDueMessages(t.db, env, { now })));
    expect(results.reduce((a, b) => a + b, 0)).toBe(6);
    const raced = received.slice(before).map((r) => r.body.to);
    expect(raced).toHaveLength(6);
    expect(new Set(raced).size).toBe(6);
  });

  it("drains past one batch until nothing is due, several drains at once each message once", async () => {
    const env = envWith({ MAIL_API_URL: providerUrl });
    const before = received.length;
    for (let i = 0; i < 130; i++) {
      await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: `drain${i}@example.test`, subject: "Drain", body: "Once" });
    }
    const sent = await Promise.all([drainOutbox(t.db, env), drainOutbox(t.db, env)]);
    expect(sent[0]! + sent[1]!).toBe(130);
    const drained = received.slice(before).map((r) => r.body.to);
    expect(new Set(drained).size).toBe(130);
    expect(drained).toHaveLength(130);
    expect(await drainOutbox(t.db, env)).toBe(0);
  });

  it("a drain stays within a Worker invocation's 1,000 subrequests (D1 queries and the provider's calls): what it leaves, the next drain sends, each message once", async () => {
    const env = envWith({ MAIL_API_URL: providerUrl });
    const before = received.length;
    // a campaign's worth: the local provider answers in a millisecond, so the 25 s budget never stops it
    for (let i = 0; i < 400; i++) {
      await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: `big${i}@example.test`, subject: "Big", body: "Once" });
    }
    const d1 = withD1Limits(t.client);
    const first = await drainOutbox(d1.db, env);
    // past the limit every D1 call and fetch throws: a message sent and then not marked sent went again after its lease
    expect(d1.seen.calls + (received.length - before)).toBeLessThanOrEqual(1_000);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(400);
    let more = 0;
    for (let run = 0; run < 5 && first + more < 400; run++) more += await drainOutbox(t.db, env);
    expect(first + more).toBe(400);
    const drained = received.slice(before).map((r) => r.body.to);
    expect(drained).toHaveLength(400);
    expect(new Set(drained).size).toBe(400);
  });

  it("a drain takes at most OUTBOX_DRAIN_MAX messages (a Workers free plan's 50 subrequests an invocation); the next drains send the rest, each once", async () => {
    const env = envWith({ MAIL_API_URL: providerUrl, OUTBOX_DRAIN_MAX: "10" });
    const before = received.length;
    for (let i = 0; i < 25; i++) {
      await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: `free${i}@example.test`, subject: "Free", body: "Once" });
    }
    const d1 = withD1Limits(t.client);
    expect(await drainOutbox(d1.db, env)).toBe(10);
    // D1 calls and the provider's calls: within the free plan's 50, with room for the rest of the invocation
    expect(d1.seen.calls + (received.length - before)).toBeLessThanOrEqual(35);
    expect(await drainOutbox(t.db, env)).toBe(10);
    expect(await drainOutbox(t.db, env)).toBe(5);
    const drained = received.slice(before).map((r) => r.body.to);
    expect(new Set(drained).size).toBe(25);
    expect(drained).toHaveLength(25);
    // unset, the cap is 200 as before
    expect(envWith({}).OUTBOX_DRAIN_MAX).toBeUndefined();
  });

  describe("secrets in messages", () => {
    const token = "live-reset-token-abcdefghijklmnop";
    const body = `Open https://market.example/uobs/reset/${secretPlaceholder("token")} to choose a password.`;

    it("stores only a placeholder and a sealed value, shows neither to admins, and sends the real link", async () => {
      const env = envWith({ MAIL_API_URL: providerUrl });
      const now = Date.now();
      const queued = await enqueueMessage(t.db, env, { channel: "email", recipient: "c@example.test", subject: "Reset", body, secrets: { token } }, now);
      const [stored] = await t.db.select().from(outbox).where(eq(outbox.id, queued.id));
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored!.secrets).toBeTruthy();

      const listed = ((await listOutbox(t.db)).rows).find((m) => m.id === queued.id)!;
      expect(JSON.stringify(listed)).not.toContain(token);
      expect(listed).not.toHaveProperty("secrets");
      expect(listed.body).toBe("Open https://market.example/uobs/reset/[hidden] to choose a password.");

      expect(await deliverDueMessages(t.db, env, { now })).toBe(1);
      expect(received.at(-1)!.body.text).toBe(`Open https://market.example/uobs/reset/${token} to choose a password.`);
      const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, queued.id));
      expect(sent!.status).toBe("sent");
      expect(sent!.secrets).toBeNull();
      expect(JSON.stringify(sent)).not.toContain(token);
    });

    it("does not send a message whose secret cannot be opened (sealed under another SESSION_SECRET)", async () => {
      const now = Date.now();
      const queued = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "d@example.test", body, secrets: { token } }, now);
      const count = received.length;
      const rotated = { ...envWith({ MAIL_API_URL: providerUrl }), SESSION_SECRET: "another secret" };
      await deliverDueMessages(t.db, rotated, { now });
      expect(received).toHaveLength(count);
      const [row] = await t.db.select().from(outbox).where(eq(outbox.id, queued.id));
      expect(row).toMatchObject({ status: "failed", secrets: null });
    });

    it("sends a placeholder someone typed (a message quoted in a notice) as written, beside the real secret", async () => {
      const env = envWith({ MAIL_API_URL: providerUrl });
      const now = Date.now();
      const typed = `Ann (Ann Co) wrote:\n\nour template has {{secret:feedback}} in it`;
      const plain = await enqueueMessage(t.db, env, { channel: "email", recipient: "e@example.test", subject: "New message: Main", body: typed }, now);
      const withLink = await enqueueMessage(t.db, env, { channel: "email", recipient: "f@example.test", subject: "Reset", body: `${body}\n${typed}`, secrets: { token } }, now);
      await deliverDueMessages(t.db, env, { now });
      const rows = await t.db.select({ id: outbox.id, status: outbox.status }).from(outbox).where(inArray(outbox.id, [plain.id, withLink.id]));
      expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
      const texts = received.map((r) => r.body.text);
      expect(texts).toContain(typed);
      expect(texts).toContain(`Open https://market.example/uobs/reset/${token} to choose a password.\n${typed}`);
    });

    it("empties delivered bodies after 7 days and gives up on messages waiting that long", async () => {
      const old = Date.now() - OUTBOX_RETENTION_MS - 60_000;
      const sent = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "e@example.test", body: "old news", html: "<p>old news</p>" }, old);
      await t.db.update(outbox).set({ status: "sent", sentAt: new Date(old), createdAt: new Date(old) }).where(eq(outbox.id, sent.id));
      const waiting = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "f@example.test", body, secrets: { token } }, old);
      await t.db.update(outbox).set({ createdAt: new Date(old) }).where(eq(outbox.id, waiting.id));
      const recent = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "g@example.test", body: "fresh" });
      await t.db.update(outbox).set({ status: "sent", sentAt: new Date() }).where(eq(outbox.id, recent.id));

      await purgeOutbox(t.db);
      const rows = await t.db.select().from(outbox);
      const byId = (id: number) => rows.find((r) => r.id === id)!;
      expect(byId(sent.id)).toMatchObject({ body: "", html: null });
      // a waiting message is given up first, and its body goes with the next run
      expect(byId(waiting.id)).toMatchObject({ status: "failed", secrets: null });
      expect(byId(recent.id).body).toBe("fresh");
      await purgeOutbox(t.db);
      expect((await t.db.select().from(outbox).where(eq(outbox.id, waiting.id)))[0]!.body).toBe("");
    });

    it("keeps a body 7 days from delivery, not from queueing, and finds the bodies due from their index", async () => {
      const now = Date.now() + 60 * 24 * 3_600_000;
      const queued = now - OUTBOX_RETENTION_MS - 3 * 86_400_000;
      const at = (id: number) => t.db.select({ body: outbox.body }).from(outbox).where(eq(outbox.id, id)).then(([row]) => row!.body);
      const late = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "late@example.test", body: "sent late" }, queued);
      await t.db.update(outbox).set({ status: "sent", sentAt: new Date(now - 86_400_000) }).where(eq(outbox.id, late.id));
      const refused = await enqueueMessage(t.db, envWith({}), { channel: "sms", recipient: "+12125550101", body: "refused" }, queued);
      await t.db.update(outbox).set({ status: "failed" }).where(eq(outbox.id, refused.id));
      const due = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "due@example.test", body: "sent on time" }, queued);
      await t.db.update(outbox).set({ status: "sent", sentAt: new Date(queued) }).where(eq(outbox.id, due.id));

      await purgeOutbox(t.db, now);
      expect([await at(late.id), await at(refused.id), await at(due.id)]).toEqual(["sent late", "", ""]);

      // as the maintenance run keeps them (refreshPlannerStatistics)
      await t.client.execute("ANALYZE");
      const blank = purgeStatements(t.db, now)[1].toSQL();
      const plan = await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${blank.sql}`, args: blank.params });
      expect(plan.rows.map((row) => String(row.detail)).join(" ; ")).toMatch(/SEARCH outbox USING INDEX outbox_body_kept_idx \(<expr><\?\)/);
    });
  });
});

describe("texts", () => {
  it("go to SMS_API_URL alone, are given up at once when the provider refuses one, and retried after a 429", async () => {
    const env = envWith({ SMS_API_URL: providerUrl });
    const now = Date.now() + 30 * 24 * 3_600_000;
    const before = received.length;
    const mail = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "wait@example.test", subject: "Waits", body: "for MAIL_API_URL" }, now);
    await enqueueMessage(t.db, envWith({}), { channel: "sms", recipient: "+12125550100", body: "Hello\nReply STOP to opt out" }, now);
    expect(await deliverDueMessages(t.db, env, { now })).toBe(1);
    expect(received.slice(before).map((r) => r.body)).toEqual([
      { channel: "sms", to: "+12125550100", text: "Hello\nReply STOP to opt out", idempotencyKey: expect.stringMatching(/^outbox-\d+$/) },
    ]);
    const [waiting] = await t.db.select().from(outbox).where(eq(outbox.id, mail.id));
    expect(waiting!.status).toBe("pending");

    const refused = await enqueueMessage(t.db, envWith({}), { channel: "sms", recipient: "+12125550101", body: "x" }, now);
    answerNext = 400;
    expect(await deliverDueMessages(t.db, env, { now })).toBe(0);
    const limited = await enqueueMessage(t.db, envWith({}), { channel: "sms", recipient: "+12125550102", body: "y" }, now);
    answerNext = 429;
    expect(await deliverDueMessages(t.db, env, { now })).toBe(0);
    const rows = await t.db.select().from(outbox).where(inArray(outbox.id, [refused.id, limited.id])).orderBy(outbox.id);
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ["failed", 1, "provider answered 400"],
      ["pending", 1, "provider answered 429"],
    ]);
  });
});

describe("a campaign's message whose recipient opted out after it was queued", () => {
  it("is given up unsent (a text's segments back to its company), while a message that is not marketing still goes", async () => {
    const env = envWith({ MAIL_API_URL: providerUrl, SMS_API_URL: providerUrl });
    const now = Date.now() + 60 * 24 * 3_600_000;
    const before = received.length;
    const [company] = await t.db.insert(customers).values({ name: "Opted Out Bank", smsAllowance: 7 }).returning();
    // held for quiet hours: queued before the recipient opted out, due after
    const [mail, text] = await t.db
      .insert(outbox)
      .values([
        { channel: "email", recipient: "Gone@Example.test", subject: "News", body: "Listings", campaignId: 9001, customerId: company!.id, createdAt: new Date(now), nextAttemptAt: new Date(now) },
        { channel: "sms", recipient: "+12125550199", subject: "", body: "Listings", campaignId: 9001, customerId: company!.id, segments: 2, createdAt: new Date(now), nextAttemptAt: new Date(now) },
      ])
      .returning();
    const reset = await enqueueMessage(t.db, envWith({}), { channel: "email", recipient: "gone@example.test", subject: "Reset", body: "Your link" }, now);
    await suppress(t.db, { channel: "email", address: "gone@example.test", reason: "unsubscribed", now });
    await suppress(t.db, { channel: "sms", address: "+12125550199", reason: "stop", now });

    // earlier tests' messages still waiting are due by now too: only these three are looked at
    const ours = () => received.slice(before).map((r) => r.body.to).filter((to) => to === "gone@example.test" || to === "Gone@Example.test" || to === "+12125550199");
    await deliverDueMessages(t.db, env, { now });
    expect(ours()).toEqual(["gone@example.test"]);
    const rows = await t.db.select().from(outbox).where(inArray(outbox.id, [mail!.id, text!.id, reset.id])).orderBy(outbox.id);
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ["failed", "Not sent: the recipient unsubscribed after it was queued."],
      ["failed", "Not sent: the recipient texted STOP after it was queued."],
      ["sent", null],
    ]);
    const [after] = await t.db.select().from(customers).where(eq(customers.id, company!.id));
    expect(after!.smsAllowance).toBe(9);
    // given up once: a second run neither sends nor refunds again
    await deliverDueMessages(t.db, env, { now });
    expect(ours()).toEqual(["gone@example.test"]);
    expect((await t.db.select().from(customers).where(eq(customers.id, company!.id)))[0]!.smsAllowance).toBe(9);
  });
});
