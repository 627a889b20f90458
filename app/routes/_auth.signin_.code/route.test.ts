import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** /signin/code as its action answers a browser half-way through sign-in. */
const app = await bootApp("route-signin-code");
const { action, CODE_REFUSED, SET_UP_AGAIN } = await import("./route");
const { TOTP_KEY_UNREADABLE } = await import("~/models/two-factor.server");
const { makeUser } = await import("~/seed/factories");
const { enrolTotp, pendingTotpSecret, unusedRecoveryCodeCount } = await import("~/models/two-factor.server");
const { createCustomer, setCustomerEnabled } = await import("~/models/customer-accounts.server");
const { totpCode } = await import("~/.server/two-factor");
const { customers, recoveryCodes, sessions, users } = await import("~/.server/db/schema");
const { context, services } = app;
afterAll(() => app.cleanup());

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

async function halfWayCookie(userId: number) {
  const session = await services.sessionStorage.getSession();
  session.set("pendingSignin", { userId, redirectTo: "/auth/signed-in", expiresAt: Date.now() + 60_000 });
  return (await services.sessionStorage.commitSession(session)).split(";")[0]!;
}

describe("the sign-in code", () => {
  it("starts no session for a member whose customer was disabled after their password", async () => {
    const admin = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    const created = await createCustomer(services, {
      actor: admin,
      values: { customerName: "Code Step Co", customerType: "buyer", contactPerson: "", attentionEmail: "", attentionPhone: "", website: "", type: "", size: null, headquarters: "", smsAllowance: 0, comments: "" },
    });
    if (!created.ok) throw new Error("no customer");
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await services.db.update(users).set({ customerId: created.customer.id }).where(eq(users.id, member.id));
    await enrolTotp(services.db, services.env.SESSION_SECRET, member.id, SECRET);
    const cookie = await halfWayCookie(member.id);
    // the password was right a moment ago; then an admin disabled the company
    await setCustomerEnabled(services, { actor: admin, customerId: created.customer.id, enabled: false });

    const answer = await responseOf(action({ request: postRequest("/signin/code", cookie, { code: totpCode(SECRET) }), context, params: {} }));
    expect(answer.headers.get("Location")).toBe("/signin");
    expect(await services.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
  });

  it("tells a member whose key was sealed under another SESSION_SECRET to use a recovery code, not that their code is wrong", async () => {
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await enrolTotp(services.db, "the secret the server had before, 32+ characters", member.id, SECRET);
    const answer = await responseOf(action({ request: postRequest("/signin/code", await halfWayCookie(member.id), { code: totpCode(SECRET) }), context, params: {} }));
    expect(answer.status).toBe(401);
    const text = JSON.stringify(await answer.json());
    expect(text).toContain(TOTP_KEY_UNREADABLE);
    expect(text).not.toContain(CODE_REFUSED);
  });

  it("leads a member let in by a recovery code, their key sealed under another SESSION_SECRET, to set two-factor sign-in up again", async () => {
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const codes = await enrolTotp(services.db, "the secret the server had before, 32+ characters", member.id, SECRET);
    const answer = await responseOf(action({ request: postRequest("/signin/code", await halfWayCookie(member.id), { code: codes[0]! }), context, params: {} }));
    expect(answer.headers.get("Location")).toBe("/profile#two-factor");
    const flashed = await services.sessionStorage.getSession(answer.headers.get("Set-Cookie"));
    expect(flashed.get("notification")).toEqual({ message: SET_UP_AGAIN, type: "info" });
    // the key no code could match is gone: a new one, sealed under this secret, waits for the app's first code
    const [row] = await services.db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, member.id));
    expect(row!.enabledAt).toBeNull();
    expect(await pendingTotpSecret(services.db, services.env.SESSION_SECRET, member.id)).toMatch(/^[A-Z2-7]{32}$/);
    expect(await services.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id))).toEqual([]);
  });

  it("keeps the key and the way on of a member whose key opens, when they sign in with a recovery code", async () => {
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const codes = await enrolTotp(services.db, services.env.SESSION_SECRET, member.id, SECRET);
    const answer = await responseOf(action({ request: postRequest("/signin/code", await halfWayCookie(member.id), { code: codes[0]! }), context, params: {} }));
    expect(answer.headers.get("Location")).toBe("/auth/signed-in");
    const [row] = await services.db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, member.id));
    expect(row!.enabledAt).not.toBeNull();
    expect(await unusedRecoveryCodeCount(services.db, member.id)).toBe(9);
  });

  it("turns a verified customer active when a member signs in with the code, as with a password alone", async () => {
    const admin = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    const created = await createCustomer(services, {
      actor: admin,
      values: { customerName: "Verified Code Co", customerType: "buyer", contactPerson: "", attentionEmail: "", attentionPhone: "", website: "", type: "", size: null, headquarters: "", smsAllowance: 0, comments: "" },
    });
    if (!created.ok) throw new Error("no customer");
    await services.db.update(customers).set({ onboardingStatus: "verified" }).where(eq(customers.id, created.customer.id));
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await services.db.update(users).set({ customerId: created.customer.id }).where(eq(users.id, member.id));
    await enrolTotp(services.db, services.env.SESSION_SECRET, member.id, SECRET);

    const answer = await responseOf(action({ request: postRequest("/signin/code", await halfWayCookie(member.id), { code: totpCode(SECRET) }), context, params: {} }));
    expect(answer.headers.get("Location")).toBe("/auth/signed-in");
    const [row] = await services.db.select({ status: customers.onboardingStatus }).from(customers).where(eq(customers.id, created.customer.id));
    expect(row!.status).toBe("active");
  });
});
