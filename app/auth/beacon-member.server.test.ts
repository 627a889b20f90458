import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, postRequest } from "../../tests/support/app";

let app: Awaited<ReturnType<typeof bootApp>>;
let beaconMember: typeof import("./session.server").beaconMember;
let signOut: typeof import("./session.server").signOut;
let takeNotification: typeof import("./session.server").takeNotification;

beforeAll(async () => {
  app = await bootApp("beacon-member");
  ({ beaconMember, signOut, takeNotification } = await import("./session.server"));
});
afterAll(() => app.cleanup());

const beaconFrom = (cookie: string) => postRequest("/api/analytics/session", cookie, {});

describe("the beacon's member", () => {
  it("is the member the signed cookie names, again and again, and nobody for a cookie not signed by us", async () => {
    const { user, cookie } = await app.member("buyer@demo.test");
    expect((await beaconMember(app.services, beaconFrom(cookie)))?.id).toBe(user.id);
    expect((await beaconMember(app.services, beaconFrom(`d1-bookmark=00-01; ${cookie}; theme=dark`)))?.id).toBe(user.id);
    const [name, value] = cookie.split("=") as [string, string];
    const forged = `${name}=${value.slice(0, -3)}abc`;
    expect(await beaconMember(app.services, beaconFrom(forged))).toBeNull();
    expect(await beaconMember(app.services, beaconFrom("theme=dark"))).toBeNull();
  });

  it("is forgotten as soon as that browser signs out, whichever of the session's cookies a beacon brings", async () => {
    const { cookie } = await app.member("seller@demo.test");
    // the same session's cookie after a flash message: another value, the same session
    const session = await app.services.sessionStorage.getSession(cookie);
    session.flash("notification", { message: "Saved.", type: "success" });
    const later = (await app.services.sessionStorage.commitSession(session)).split(";")[0]!;
    expect(later).not.toBe(cookie);
    expect(await beaconMember(app.services, beaconFrom(cookie))).not.toBeNull();
    expect(await beaconMember(app.services, beaconFrom(later))).not.toBeNull();
    await signOut(app.services, postRequest("/signout", later, {}));
    expect(await beaconMember(app.services, beaconFrom(later))).toBeNull();
    expect(await beaconMember(app.services, beaconFrom(cookie))).toBeNull();
  });
});

describe("the cookie session, remembered by its signed value", () => {
  it("gives every read the cookie's own data, its flash message each time, and nothing to a forged copy", async () => {
    const { cookie } = await app.member("broker@demo.test");
    const session = await app.services.sessionStorage.getSession(cookie);
    session.flash("notification", { message: "Saved.", type: "success" });
    const flashed = (await app.services.sessionStorage.commitSession(session)).split(";")[0]!;
    const page = (c: string) => new Request("http://localhost/home", { headers: { Cookie: c } });
    // the second time from what the first read remembered: the same message, and the cookie sent back drops it
    for (let i = 0; i < 2; i++) {
      const { notification, headers } = await takeNotification(app.services, page(flashed));
      expect(notification).toEqual({ message: "Saved.", type: "success" });
      const after = headers!["Set-Cookie"].split(";")[0]!;
      expect((await takeNotification(app.services, page(after))).notification).toBeNull();
    }
    const [name, value] = flashed.split("=") as [string, string];
    expect((await takeNotification(app.services, page(`${name}=${value.slice(0, -3)}xyz`))).notification).toBeNull();
  });
});
