import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { parseEnv, type Env } from "~/.server/env";
import { deliverDueMessages, enqueueMessage, listOutbox, nextAttemptDelayMs } from "./outbox.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
/** The e-mail provider's HTTP API, which these machines cannot reach: stood in for at its boundary. */
let provider: http.Server;
let providerUrl: string;
const received: Array<{ auth?: string; body: Record<string, unknown> }> = [];
let failNext = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  provider = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
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
    await enqueueMessage(t.db, { channel: "email", recipient: "a@example.test", subject: "Hi", body: "Hello" });
    expect(await deliverDueMessages(t.db, envWith({}))).toBe(0);
    const [row] = await listOutbox(t.db);
    expect(row!.status).toBe("pending");
  });

  it("sends through the provider's HTTP API and retries later when it fails", async () => {
    const env = envWith({ MAIL_API_URL: providerUrl, MAIL_API_KEY: "key-1" });
    const now = Date.now();
    failNext = 1;
    const queued = await enqueueMessage(t.db, { channel: "email", recipient: "b@example.test", subject: "Reset", body: "Link" }, now);
    // the first message (from the test above) is due too; the provider fails the first call
    const sentFirst = await deliverDueMessages(t.db, env, { now });
    expect(sentFirst).toBe(1);
    const afterFirst = await listOutbox(t.db);
    const failed = afterFirst.find((m) => m.status === "pending")!;
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("503");
    expect(failed.nextAttemptAt.getTime()).toBe(now + nextAttemptDelayMs(1));

    // not due yet: nothing happens; later it goes through
    expect(await deliverDueMessages(t.db, env, { now: now + 1000 })).toBe(0);
    expect(await deliverDueMessages(t.db, env, { now: now + nextAttemptDelayMs(1) })).toBe(1);
    const all = await listOutbox(t.db);
    expect(all.every((m) => m.status === "sent")).toBe(true);
    expect(received).toHaveLength(2);
    expect(received.every((r) => r.auth === "Bearer key-1")).toBe(true);
    expect(received.map((r) => r.body.to).sort()).toEqual(["a@example.test", "b@example.test"]);
    expect(queued.id).toBeGreaterThan(0);
  });
});
