import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf } from "../../../tests/support/app";

/** The profile's password change as its action and loader answer a browser. */
const app = await bootApp("route-profile");
const { loader, action } = await import("./route");
const { makeUser, DEMO_PASSWORD } = await import("~/seed/factories");
const { startSession, userForSession } = await import("~/models/sessions.server");
const { verifySignin } = await import("~/models/users.server");
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
