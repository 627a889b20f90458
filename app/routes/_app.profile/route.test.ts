import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf } from "../../../tests/support/app";

/** The profile's password change as its action and loader answer a browser. */
const app = await bootApp("route-profile");
const { loader, action } = await import("./route");
const { makeUser, DEMO_PASSWORD } = await import("~/seed/factories");
const { startSession, userForSession } = await import("~/models/sessions.server");
const { verifySignin } = await import("~/models/users.server");
const { issueApiToken } = await import("~/models/api-tokens.server");
const { pendingTotpSecret } = await import("~/models/two-factor.server");
const { totpCode } = await import("~/.server/two-factor");
const me = await import("../api.[1.0].me");
const { context, services } = app;
afterAll(() => app.cleanup());

const change = (cookie: string) =>
  responseOf(
    action({
      request: postRequest("/profile", cookie, { intent: "password", currentPassword: DEMO_PASSWORD, newPassword: "a brand new password", confirmPassword: "a brand new password" }),
      context,
      params: {},
    }),
  );
const signedIn = async (cookie: string) => (await responseOf(loader({ request: getRequest("/profile", cookie), context, params: {} }))).status === 200;

describe("a password change sent twice at once (a double click)", () => {
  it("leaves the browser signed in, whichever answer it takes last, and still ends every other session", async () => {
    const member = await makeUser(services.db);
    const cookie = await app.cookieFor(member);
    const elsewhere = await startSession(services.db, member.id);
    const answers = await Promise.all([change(cookie), change(cookie)]);
    // the browser keeps its cookie unless an answer sets another; the answers may arrive in either order
    const after = (order: Response[]) => order.reduce((held, r) => r.headers.get("Set-Cookie")?.split(";")[0] ?? held, cookie);
    for (const order of [answers, [...answers].reverse()]) {
      expect(await signedIn(after(order))).toBe(true);
    }
    // the second is refused as the first's password change made its current password wrong
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
    expect(await userForSession(services.db, elsewhere)).toBeNull();
    expect((await verifySignin(services.db, member.email, "a brand new password")).ok).toBe(true);
  });
});

describe("the current password the profile asks for", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    responseOf(action({ request: postRequest("/profile", cookie, fields), context, params: {} }));
  const guess = (cookie: string, currentPassword: string) =>
    post(cookie, { intent: "password", currentPassword, newPassword: "the guesser's password", confirmPassword: "the guesser's password" });

  it("is no way to guess it from a session left open: after ten tries in the hour even the right one is refused (429), nothing changed", async () => {
    const member = await makeUser(services.db);
    const cookie = await app.cookieFor(member);
    for (let i = 0; i < 10; i++) expect((await guess(cookie, `wrong guess ${i}`)).status).toBe(400);
    const right = await guess(cookie, DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(JSON.stringify(await right.json())).toContain("Too many tries of your current password");
    expect((await verifySignin(services.db, member.email, DEMO_PASSWORD)).ok).toBe(true);
    expect(await signedIn(cookie)).toBe(true);
  });

  it("counts the guesses made through turning two-factor sign-in off on the same count", async () => {
    const { enrolTotp } = await import("~/models/two-factor.server");
    const member = await makeUser(services.db);
    await enrolTotp(services.db, services.env.SESSION_SECRET, member.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    const cookie = await app.cookieFor(member);
    for (let i = 0; i < 10; i++) expect((await post(cookie, { intent: "totp-disable", currentPassword: `wrong guess ${i}` })).status).toBe(400);
    expect((await post(cookie, { intent: "totp-disable", currentPassword: DEMO_PASSWORD })).status).toBe(429);
    expect((await guess(cookie, DEMO_PASSWORD)).status).toBe(429);
    const { users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await services.db.select({ totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, member.id));
    expect(row!.totpEnabledAt).not.toBeNull();
  });
});

describe("new recovery codes", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    responseOf(action({ request: postRequest("/profile", cookie, fields), context, params: {} }));

  it("are made only with the member's password: a session left open gets none, and the codes the member keeps still work", async () => {
    const { enrolTotp, unusedRecoveryCodeCount } = await import("~/models/two-factor.server");
    const { hashRecoveryCode } = await import("~/.server/two-factor");
    const { recoveryCodes } = await import("~/.server/db/schema");
    const { and, eq } = await import("drizzle-orm");
    const member = await makeUser(services.db);
    const kept = await enrolTotp(services.db, services.env.SESSION_SECRET, member.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    const cookie = await app.cookieFor(member);
    const stillKept = async () =>
      (await services.db.select().from(recoveryCodes).where(and(eq(recoveryCodes.userId, member.id), eq(recoveryCodes.codeHash, await hashRecoveryCode(kept[0]!))))).length === 1;

    const without = await post(cookie, { intent: "totp-recovery-codes" });
    expect(without.status).toBe(400);
    expect(((await without.json()) as { recoveryCodes: unknown }).recoveryCodes).toBeNull();
    const wrong = await post(cookie, { intent: "totp-recovery-codes", currentPassword: "not the password" });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("The current password is not correct.");
    expect(await stillKept()).toBe(true);

    const right = await post(cookie, { intent: "totp-recovery-codes", currentPassword: DEMO_PASSWORD });
    expect(right.status).toBe(200);
    const fresh = ((await right.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(await stillKept()).toBe(false);
    expect(await unusedRecoveryCodeCount(services.db, member.id)).toBe(10);
  });
});

describe("turning two-factor sign-in on", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    responseOf(action({ request: postRequest("/profile", cookie, fields), context, params: {} }));
  const apiStatus = (token: string) =>
    responseOf(me.loader({ request: new Request("http://localhost:3000/api/1.0/me", { headers: { Authorization: `Bearer ${token}` } }), context, params: {} })).then((r) => r.status);
  // the browser keeps its cookie unless the answer sets another
  const heldAfter = (response: Response, cookie: string) => response.headers.get("Set-Cookie")?.split(";")[0] ?? cookie;

  it("signs out every other session and API token made with the password alone, and keeps this browser signed in", async () => {
    const member = await makeUser(services.db);
    const cookie = await app.cookieFor(member);
    const otherBrowser = await app.cookieFor(member);
    const { token } = await issueApiToken(services.db, member.id);
    expect(await apiStatus(token)).toBe(200);

    expect((await post(cookie, { intent: "totp-start" })).status).toBe(302);
    const secret = (await pendingTotpSecret(services.db, services.env.SESSION_SECRET, member.id))!;
    const turnedOn = await post(cookie, { intent: "totp-confirm", code: totpCode(secret), currentPassword: DEMO_PASSWORD });
    expect(turnedOn.status).toBe(200);
    expect(((await turnedOn.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);

    expect(await signedIn(otherBrowser)).toBe(false);
    expect(await apiStatus(token)).toBe(401);
    // the cookie it sent, as it is: without JavaScript the page with the codes is rendered in this same request
    expect(await signedIn(cookie)).toBe(true);
  });

  it("takes the password too: from a session alone (left open, or its cookie stolen) it enrols nothing and signs no one out", async () => {
    const member = await makeUser(services.db);
    const cookie = await app.cookieFor(member);
    const ownersBrowser = await app.cookieFor(member);
    await post(cookie, { intent: "totp-start" });
    const code = totpCode((await pendingTotpSecret(services.db, services.env.SESSION_SECRET, member.id))!);
    for (const fields of [{ intent: "totp-confirm", code }, { intent: "totp-confirm", code, currentPassword: "not the password" }] as Array<Record<string, string>>) {
      const refused = await post(cookie, fields);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { recoveryCodes: unknown }).recoveryCodes).toBeNull();
    }
    const { users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await services.db.select({ totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, member.id));
    expect(row!.totpEnabledAt).toBeNull();
    expect(await signedIn(ownersBrowser)).toBe(true);
    // the owner signs in with the password alone still
    expect(await verifySignin(services.db, member.email, DEMO_PASSWORD)).toMatchObject({ ok: true, secondFactor: false });
  });

  it("ends nothing when the code is wrong", async () => {
    const member = await makeUser(services.db);
    const cookie = await app.cookieFor(member);
    const otherBrowser = await app.cookieFor(member);
    const { token } = await issueApiToken(services.db, member.id);
    await post(cookie, { intent: "totp-start" });
    const wrong = await post(cookie, { intent: "totp-confirm", currentPassword: DEMO_PASSWORD, code: "000000" === totpCode((await pendingTotpSecret(services.db, services.env.SESSION_SECRET, member.id))!) ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    expect(await signedIn(otherBrowser)).toBe(true);
    expect(await signedIn(cookie)).toBe(true);
    expect(await apiStatus(token)).toBe(200);
  });

  it("sent twice at once (a double click) leaves the browser signed in, whichever answer it takes last", async () => {
    const member = await makeUser(services.db);
    const cookie = await app.cookieFor(member);
    await post(cookie, { intent: "totp-start" });
    const code = totpCode((await pendingTotpSecret(services.db, services.env.SESSION_SECRET, member.id))!);
    const answers = await Promise.all([post(cookie, { intent: "totp-confirm", code, currentPassword: DEMO_PASSWORD }), post(cookie, { intent: "totp-confirm", code, currentPassword: DEMO_PASSWORD })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    for (const order of [answers, [...answers].reverse()]) {
      expect(await signedIn(order.reduce((held, r) => heldAfter(r, held), cookie))).toBe(true);
    }
  });
});

describe("what turning two-factor sign-in off and new recovery codes leave alone", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    responseOf(action({ request: postRequest("/profile", cookie, fields), context, params: {} }));

  it("keeps the member's other sessions (each passed the second step) signed in", async () => {
    const { enrolTotp } = await import("~/models/two-factor.server");
    const member = await makeUser(services.db);
    await enrolTotp(services.db, services.env.SESSION_SECRET, member.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    const cookie = await app.cookieFor(member);
    const otherBrowser = await app.cookieFor(member);
    expect((await post(cookie, { intent: "totp-recovery-codes", currentPassword: DEMO_PASSWORD })).status).toBe(200);
    expect(await signedIn(otherBrowser)).toBe(true);
    expect((await post(cookie, { intent: "totp-disable", currentPassword: DEMO_PASSWORD })).status).toBe(302);
    expect(await signedIn(otherBrowser)).toBe(true);
    expect(await signedIn(cookie)).toBe(true);
  });
});
