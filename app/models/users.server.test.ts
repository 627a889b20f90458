import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { makeUser } from "~/.server/factories";
import { findUserById, LOCK_AFTER_FAILURES, SLOW_AFTER_FAILURES, verifySignin, setUserAccess } from "./users.server";
import { completePasswordReset, createPasswordReset } from "./password-resets.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => void (t = await createTestDatabase()));
afterAll(() => t.cleanup());

describe("sign-in", () => {
  it("accepts the right password and records the login", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    const result = await verifySignin(t.db, user.email.toUpperCase(), "right password");
    expect(result.ok).toBe(true);
    expect((await findUserById(t.db, user.id))!.lastLoginAt).toBeInstanceOf(Date);
  });

  it("slows repeated failures, then locks the account, and a reset unlocks it", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    let now = Date.now();
    for (let i = 1; i < SLOW_AFTER_FAILURES; i++) {
      expect(await verifySignin(t.db, user.email, "wrong", now)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await verifySignin(t.db, user.email, "wrong", now)).toEqual({ ok: false, reason: "invalid" });
    // from here each attempt must wait; even the right password is not checked while slowed
    const slowed = await verifySignin(t.db, user.email, "right password", now);
    expect(slowed).toMatchObject({ ok: false, reason: "slowed" });
    expect((slowed as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);

    for (let i = SLOW_AFTER_FAILURES; i < LOCK_AFTER_FAILURES - 1; i++) {
      now += 61_000;
      expect(await verifySignin(t.db, user.email, "wrong", now)).toEqual({ ok: false, reason: "invalid" });
    }
    now += 61_000;
    expect(await verifySignin(t.db, user.email, "wrong", now)).toEqual({ ok: false, reason: "locked" });
    now += 61_000;
    expect(await verifySignin(t.db, user.email, "right password", now)).toEqual({ ok: false, reason: "locked" });

    const token = await createPasswordReset(t.db, user.id);
    expect(await completePasswordReset(t.db, token, "a brand new password")).toBe(user.id);
    expect((await verifySignin(t.db, user.email, "a brand new password")).ok).toBe(true);
  });

  it("refuses a disabled account plainly", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    await setUserAccess(t.db, user.id, { enabled: false });
    expect(await verifySignin(t.db, user.email, "right password")).toEqual({ ok: false, reason: "disabled" });
  });

  it("answers an unknown e-mail like a wrong password", async () => {
    expect(await verifySignin(t.db, "nobody@example.test", "whatever")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("password reset tokens", () => {
  it("work once and expire", async () => {
    const user = await makeUser(t.db);
    const token = await createPasswordReset(t.db, user.id);
    expect(await completePasswordReset(t.db, token, "first new password")).toBe(user.id);
    expect(await completePasswordReset(t.db, token, "second new password")).toBeNull();
    expect((await verifySignin(t.db, user.email, "first new password")).ok).toBe(true);

    const old = await createPasswordReset(t.db, user.id, Date.now() - 2 * 60 * 60_000);
    expect(await completePasswordReset(t.db, old, "third new password")).toBeNull();
    expect(await completePasswordReset(t.db, "made-up-token", "fourth new password")).toBeNull();
  });
});
