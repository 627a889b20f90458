import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { outbox } from "~/.server/db/schema";
import { applyMailEvents, outboxIdOf } from "./mail-events.server";
import { isSuppressed } from "./suppressions.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let bouncedId: number;
let deliveredId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const rows = await t.db
    .insert(outbox)
    .values([
      { channel: "email", recipient: "Bounce@Example.test", body: "x", nextAttemptAt: new Date() },
      { channel: "email", recipient: "fine@example.test", body: "x", nextAttemptAt: new Date() },
    ])
    .returning();
  bouncedId = rows[0]!.id;
  deliveredId = rows[1]!.id;
});
afterAll(() => t.cleanup());

describe("mail provider events", () => {
  it("knows our message by outboxId or by the messageId we sent", () => {
    expect(outboxIdOf({ type: "bounced", outboxId: 7 })).toBe(7);
    expect(outboxIdOf({ type: "bounced", messageId: "outbox-12" })).toBe(12);
    expect(outboxIdOf({ type: "bounced", messageId: "someone-else" })).toBeNull();
  });

  it("suppresses bounced addresses by our own record, acknowledges deliveries, counts the unknown", async () => {
    const outcome = await applyMailEvents(t.db, {
      events: [
        { type: "bounced", messageId: `outbox-${bouncedId}`, email: "liar@example.test" },
        { type: "delivered", outboxId: deliveredId },
        { type: "complained", outboxId: 999_999 },
        { type: "unsubscribed", email: "Gone@Example.test" },
      ],
    });
    expect(outcome).toEqual({ received: 4, suppressed: 2, unknown: 1, ignored: 0 });
    expect((await isSuppressed(t.db, { channel: "email", address: "bounce@example.test" }))?.reason).toBe("bounced");
    expect(await isSuppressed(t.db, { channel: "email", address: "liar@example.test" })).toBeNull();
    expect(await isSuppressed(t.db, { channel: "email", address: "fine@example.test" })).toBeNull();
    expect((await isSuppressed(t.db, { channel: "email", address: "gone@example.test" }))?.reason).toBe("unsubscribed");
  });
});
