import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, postRequest } from "../../tests/support/app";

let app: Awaited<ReturnType<typeof bootApp>>;
let beaconMember: typeof import("./session.server").beaconMember;
let signOut: typeof import("./session.server").signOut;

beforeAll(async () => {
  app = await bootApp("beacon-member");
  ({ beaconMember, signOut } = await import("./session.server"));
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
