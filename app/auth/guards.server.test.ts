import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The guards as the app runs them on Node: services boot from process.env on a
 * real libsql file, migrated and seeded like `npm start`.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketplace-guards-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "guards.db")}`;
process.env.DEMO_DATA = "true";

const { requireUser, requireAnonymous, allowAnyone, pagePathOf } = await import("./guards.server");
const { getServices } = await import("~/services.server");
const { findUserByEmail } = await import("~/models/users.server");
const { endSession, startSession } = await import("~/models/sessions.server");
const { SIGNED_OUT_POST, SIGNED_OUT_POST_KEPT, takeNotification } = await import("./session.server");

const context = {};
let sellerCookie = "";

beforeAll(async () => {
  const services = await getServices(context);
  const seller = await findUserByEmail(services.db, "seller@demo.test");
  const session = await services.sessionStorage.getSession();
  session.set("sessionId", await startSession(services.db, seller!.id));
  sellerCookie = (await services.sessionStorage.commitSession(session)).split(";")[0]!;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected the guard to throw");
}

const req = (url: string, init: RequestInit & { cookie?: string } = {}) =>
  new Request(`http://market.test${url}`, {
    ...init,
    headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...(init.headers as Record<string, string>) },
  });

describe("guards", () => {
  it("read the page a request is for from its address once, however many loaders guard it", () => {
    // made before the count starts: a Request parses its own address
    const request = req("/sellers/myprojects/5?ndas=2&_data=routes%2Fx&index");
    // Remix hands each loader its own copy of the request
    const copy = new Request(request);
    const other = req("/home");
    const Parsed = URL;
    let parsed = 0;
    globalThis.URL = class extends Parsed {
      constructor(...args: ConstructorParameters<typeof URL>) {
        super(...args);
        parsed++;
      }
    };
    try {
      const paths = [pagePathOf(request), pagePathOf(copy), pagePathOf(request)];
      expect(paths).toEqual(Array(3).fill({ pathname: "/sellers/myprojects/5", search: "?ndas=2" }));
      expect(parsed).toBe(1);
      // each caller has its own copy
      paths[0]!.search = "";
      expect(pagePathOf(request).search).toBe("?ndas=2");
      expect(pagePathOf(other)).toEqual({ pathname: "/home", search: "" });
      expect(pagePathOf(copy).search).toBe("?ndas=2");
      expect(parsed).toBe(3);
    } finally {
      globalThis.URL = Parsed;
    }
  });

  it("send a visitor who opens a project detail page to /home with redirect and login=true", async () => {
    for (const p of ["/sellers/myprojects/5", "/buyers/myprojects/5", "/admin/projects/5", "/projects/more-details/5"]) {
      const response = await thrown(requireUser({ request: req(p), context }, { role: "member" }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/home?redirect=${encodeURIComponent(p)}&login=true`);
    }
  });

  it("send a visitor elsewhere to /signin with the page wanted, data requests included", async () => {
    const response = await thrown(requireUser({ request: req("/sellers/myprojects?sort=date&_data=routes%2Fx"), context }, { role: "seller" }));
    expect(response.headers.get("Location")).toBe("/signin?redirect=%2Fsellers%2Fmyprojects%3Fsort%3Ddate");
  });

  it("send a form posted after its member signed out elsewhere to /signin, saying so, with the text typed kept", async () => {
    const services = await getServices(context);
    const seller = await findUserByEmail(services.db, "seller@demo.test");
    const session = await services.sessionStorage.getSession();
    session.set("sessionId", await startSession(services.db, seller!.id));
    const cookie = (await services.sessionStorage.commitSession(session)).split(";")[0]!;
    // signed out in another tab: this tab's cookie still names the ended session
    await endSession(services.db, session.get("sessionId")!);
    const message = "Happy to share the servicing history for the 2019 vintage; send me your questions.";
    const body = new URLSearchParams({ intent: "send", body: message, key: "k".repeat(32), revision: "1234567890123456789012" });
    const post = req("/messages/13/10?_data=routes%2Fx", { method: "POST", cookie, headers: { Origin: "http://market.test", "Content-Type": "application/x-www-form-urlencoded" }, body });
    const response = await thrown(requireUser({ request: post, context }, { role: "member" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirect=%2Fmessages%2F13%2F10");
    const next = await takeNotification(services, req("/signin", { cookie: response.headers.get("Set-Cookie")!.split(";")[0]! }));
    // the message kept; the page's own fields (its key, the revision it saw) left out
    expect(next.notification).toEqual({ message: SIGNED_OUT_POST_KEPT, type: "warning", kept: message });
    // nothing typed at length (a button's step only): told, with nothing to show
    const step = req("/sellers/myprojects/5", { method: "POST", cookie, headers: { Origin: "http://market.test", "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=withdraw" });
    const stepped = await thrown(requireUser({ request: step, context }, { role: "seller" }));
    expect(stepped.headers.get("Location")).toBe("/signin?redirect=%2Fsellers%2Fmyprojects%2F5");
    expect((await takeNotification(services, req("/signin", { cookie: stepped.headers.get("Set-Cookie")!.split(";")[0]! }))).notification).toEqual({ message: SIGNED_OUT_POST, type: "warning" });
  });

  it("answer 404 to a member whose role may not open the path", async () => {
    const response = await thrown(requireUser({ request: req("/buyers/search", { cookie: sellerCookie }), context }, { role: "buyer" }));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("This page could not be found");
    const allowed = await requireUser({ request: req("/sellers/myprojects", { cookie: sellerCookie }), context }, { role: "seller" });
    expect(allowed.role).toBe("seller");
  });

  it("answer 404 when the role named at the call is not the member's, even where the access table would let them in", async () => {
    const response = await thrown(requireUser({ request: req("/messages", { cookie: sellerCookie }), context }, { role: ["buyer", "admin"] }));
    expect(response.status).toBe(404);
    const member = await requireUser({ request: req("/messages", { cookie: sellerCookie }), context }, { role: "member" });
    expect(member.role).toBe("seller");
  });

  it("send a signed-in user away from guest-only pages", async () => {
    const response = await thrown(requireAnonymous({ request: req("/join", { cookie: sellerCookie }), context }));
    expect(response.headers.get("Location")).toBe("/home");
  });

  it("refuse a state-changing request from another origin", async () => {
    const post = (headers: Record<string, string>) =>
      allowAnyone({ request: req("/contact-us", { method: "POST", headers }), context });
    expect((await thrown(post({ Origin: "https://evil.test" }))).status).toBe(403);
    expect((await thrown(post({}))).status).toBe(403);
    await expect(post({ Origin: "http://market.test" })).resolves.toBeTruthy();
    await expect(post({ "Sec-Fetch-Site": "same-origin" })).resolves.toBeTruthy();
  });

  it("seed the demo accounts and market in the embedded default", async () => {
    const services = await getServices(context);
    for (const email of ["buyer@demo.test", "seller@demo.test", "broker@demo.test", "admin@demo.test", "agent@demo.test", "multi@demo.test"]) {
      expect(await findUserByEmail(services.db, email), email).toBeTruthy();
    }
    expect((await findUserByEmail(services.db, "multi@demo.test"))!.roles).toEqual(["ROLE_SELLER", "ROLE_BUYER"]);
    const { sql } = await import("drizzle-orm");
    const count = async (table: string) =>
      Number((await services.db.all<{ n: number }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
    expect(await count("projects")).toBe(200);
    // 300 generated buyer companies, and the 7 companies of the demo accounts and seller banks
    expect(await count("customers")).toBe(307);
    const homeless = await services.db.all<{ n: number }>(
      sql.raw(`select count(*) as n from users where customer_id is null and roles not like '%ROLE_ADMIN%'`),
    );
    expect(Number(homeless[0]!.n)).toBe(0);
    expect(await count("project_loans")).toBeGreaterThan(500);
  });
});
