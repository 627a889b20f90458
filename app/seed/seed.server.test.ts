import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { totpCode } from "~/.server/two-factor";
import { enrolTotp, verifySecondFactor } from "~/models/two-factor.server";
import { findUserById, LOCK_AFTER_FAILURES } from "~/models/users.server";
import { users } from "~/.server/db/schema";
import { eq } from "drizzle-orm";
import { DEMO_ADMIN_TOTP_SECRET, makeUser } from "./factories";
import { keepDemoAdminKeyReadable } from "./seed.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => void (t = await createTestDatabase()));
afterAll(() => t.cleanup());

describe("the demo admin's two-factor key", () => {
  it("is sealed again under the server's secret when the database outlived the one it was seeded with", async () => {
    // seeded by a first `npm run start:edge`; then .data/edge-session-secret was made anew for the same D1
    const admin = await makeUser(t.db, { email: "admin@demo.test", roles: ["ROLE_ADMIN"] });
    await enrolTotp(t.db, "the secret of the first start, 32+ characters", admin.id, DEMO_ADMIN_TOTP_SECRET);
    const now = "the secret of this start, another 32+ characters";
    const at = Date.now();
    expect(await verifySecondFactor(t.db, now, (await findUserById(t.db, admin.id))!, totpCode(DEMO_ADMIN_TOTP_SECRET, at), at)).toMatchObject({ ok: false });

    // the developer tried the README's code until the account locked
    await t.db.update(users).set({ failedSignins: LOCK_AFTER_FAILURES, lastFailedSigninAt: new Date(at), locked: true }).where(eq(users.id, admin.id));

    expect(await keepDemoAdminKeyReadable(t.db, now)).toBe(true);
    expect(await verifySecondFactor(t.db, now, (await findUserById(t.db, admin.id))!, totpCode(DEMO_ADMIN_TOTP_SECRET, at), at)).toMatchObject({ ok: true });
    // a key that opens is left alone: the next start changes nothing
    expect(await keepDemoAdminKeyReadable(t.db, now)).toBe(false);
  });
});
