import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/.server/db/schema";
import { createTestDatabase } from "../../tests/support/db";
import { makeUser } from "~/seed/factories";
import { decryptTotpSecret, encryptTotpSecret, totpCode } from "~/.server/two-factor";
import { confirmTotpEnrolment, enrolTotp, pendingTotpSecret, startTotpEnrolment, verifySecondFactor } from "./two-factor.server";
import { findUserById, LOCK_AFTER_FAILURES, verifySignin } from "./users.server";

const KEY = "a session secret of the test server, 32+ chars";
let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => void (t = await createTestDatabase()));
afterAll(() => t.cleanup());

describe("two-factor sign-in", () => {
  it("keeps the secret encrypted, shows it only until enrolment is confirmed, and then asks for a code after the password", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    await startTotpEnrolment(t.db, KEY, user.id);
    const [stored] = await t.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, user.id));
    const secret = (await pendingTotpSecret(t.db, KEY, user.id))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(stored!.totpSecret).not.toContain(secret);
    expect(await decryptTotpSecret("another secret entirely, 32+ chars", stored!.totpSecret!)).toBeNull();
    // the member a request holds comes without it
    expect(await findUserById(t.db, user.id)).not.toHaveProperty("totpSecret");

    // one moment's codes, so that a 30 s step turning during the test changes none of them
    const at = Date.now();
    const enrolCode = totpCode(secret, at);
    expect(await confirmTotpEnrolment(t.db, KEY, user.id, "000000".replace(/0/g, (_, i) => String((Number(enrolCode[i]) + 1) % 10)))).toBeNull();
    const codes = (await confirmTotpEnrolment(t.db, KEY, user.id, enrolCode))!;
    expect(codes).toHaveLength(10);
    const enrolled = (await findUserById(t.db, user.id))!;
    expect(await pendingTotpSecret(t.db, KEY, user.id)).toBeNull();

    const halfway = await verifySignin(t.db, user.email, "right password");
    expect(halfway).toMatchObject({ ok: true, secondFactor: true });
    expect(halfway.ok && halfway.user).not.toHaveProperty("passwordHash");
    // the code used to enrol cannot be replayed; the next step's can, once
    expect(await verifySecondFactor(t.db, KEY, enrolled, enrolCode)).toEqual({ ok: false, reason: "invalid" });
    const next = totpCode(secret, at + 30_000);
    expect(await verifySecondFactor(t.db, KEY, enrolled, next)).toMatchObject({ ok: true });
    expect(await verifySecondFactor(t.db, KEY, enrolled, next)).toEqual({ ok: false, reason: "invalid" });
    // a recovery code works once, however it is typed
    expect(await verifySecondFactor(t.db, KEY, enrolled, codes[0]!.toUpperCase())).toMatchObject({ ok: true });
    expect(await verifySecondFactor(t.db, KEY, enrolled, codes[0]!)).toEqual({ ok: false, reason: "invalid" });
  });

  it("counts wrong codes like wrong passwords: parallel guesses lock the account", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await enrolTotp(t.db, KEY, user.id, secret);
    const enrolled = (await findUserById(t.db, user.id))!;
    // thirty wrong codes: none of them the code of this step or the steps beside it, which the check accepts
    const right = new Set([-1, 0, 1, 2].map((k) => totpCode(secret, Date.now() + k * 30_000)));
    const guesses = Array.from({ length: 40 }, (_, i) => String(100000 + i)).filter((code) => !right.has(code)).slice(0, 30);
    const results = await Promise.all(guesses.map((code) => verifySecondFactor(t.db, KEY, enrolled, code)));
    expect(results.filter((r) => !r.ok && r.reason === "locked" && r.justLocked)).toHaveLength(1);
    const after = (await findUserById(t.db, user.id))!;
    expect(after.failedSignins).toBe(30);
    expect(after.locked).toBe(true);
    expect(await verifySecondFactor(t.db, KEY, enrolled, totpCode(secret))).toMatchObject({ ok: false, reason: "locked" });
    expect(LOCK_AFTER_FAILURES).toBeLessThan(30);
  });

  it("says so when the key was sealed under another SESSION_SECRET, and still takes a recovery code", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const codes = await enrolTotp(t.db, "the secret the server had when the member enrolled", user.id, secret);
    const enrolled = (await findUserById(t.db, user.id))!;
    // the app's right code cannot be checked: told apart from a wrong one, or the member retries it forever
    expect(await verifySecondFactor(t.db, KEY, enrolled, totpCode(secret))).toEqual({ ok: false, reason: "unreadable" });
    // recovery codes are hashes of their own, the way back in
    expect(await verifySecondFactor(t.db, KEY, enrolled, codes[0]!)).toMatchObject({ ok: true });
    expect(await verifySecondFactor(t.db, KEY, enrolled, codes[0]!)).toEqual({ ok: false, reason: "unreadable" });
  });

  it("encrypts with a fresh nonce each time", async () => {
    const a = await encryptTotpSecret(KEY, "JBSWY3DPEHPK3PXP");
    const b = await encryptTotpSecret(KEY, "JBSWY3DPEHPK3PXP");
    expect(a).not.toBe(b);
    expect(await decryptTotpSecret(KEY, a)).toBe("JBSWY3DPEHPK3PXP");
  });
});
