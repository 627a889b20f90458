import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN } from "../../tests/support/app";

/**
 * POST /api/analytics/session as the tracker sends it: what is answered, and which records reach the
 * writer of rows (`accept`), whose rows every seller's and admin's figures are read from.
 */
const app = await bootApp("route-beacon");
const { receiveBeacon } = await import("./api.analytics.session");
const { services } = app;
afterAll(() => app.cleanup());

const lakeshore = await app.member("lakeshore@demo.test");
const [listing] = await app.publishedProjects(lakeshore.user.id);
const members = {
  buyer: await app.member("buyer@demo.test"),
  broker: await app.member("broker@demo.test"),
  multi: await app.member("multi@demo.test"),
  granite: await app.member("granite@demo.test"),
  lakeshore,
};

let sequence = 0;
function visit(userId: number, overrides: Record<string, unknown> = {}) {
  const start = Date.now() - 60_000;
  return {
    sessionId: `route-beacon-${++sequence}`,
    userId,
    route: `/projects/more-details/${listing!.id}`,
    params: { id: String(listing!.id) },
    query: {},
    sessionStart: start,
    sessionEnd: start + 3000,
    totalDuration: 3000,
    activeTime: 2500,
    lastActiveTime: start + 2500,
    isPageActive: false,
    userInteractions: { clicks: 0, keystrokes: 0, scrollEvents: 1, mouseMovements: 3, mouseLeaves: 0 },
    scrollDepthMax: 25,
    interactionTimepoints: [],
    pageType: "company-before-nda",
    companyId: listing!.id,
    userAgent: "route test",
    screenWidth: 1280,
    screenHeight: 800,
    language: "en",
    ...overrides,
  };
}

async function send(member: { cookie: string }, record: object) {
  const kept: unknown[] = [];
  const request = new Request(`${ORIGIN}/api/analytics/session`, {
    method: "POST",
    headers: { Cookie: member.cookie, Origin: ORIGIN, "Content-Type": "text/plain;charset=UTF-8" },
    body: JSON.stringify(record),
  });
  const response = await receiveBeacon(services, request, (row) => kept.push(row));
  return { status: response.status, body: response.status === 400 ? ((await response.json()) as { fields: string[] }) : null, kept: kept.length };
}

describe("whose visits to a listing are kept", () => {
  it("a buyer's, a broker's and a member's acting as a buyer with a seller's role too", async () => {
    for (const who of ["buyer", "broker", "multi"] as const) {
      const member = members[who];
      expect(await send(member, visit(member.user.id)), who).toEqual({ status: 202, body: null, kept: 1 });
    }
  });

  it("not a seller's, watching another bank's listing or their own: answered 204, nothing kept", async () => {
    for (const who of ["granite", "lakeshore"] as const) {
      const member = members[who];
      expect(await send(member, visit(member.user.id)), who).toEqual({ status: 204, body: null, kept: 0 });
    }
    // the seller's pages that show no project are kept as before
    const home = visit(members.granite.user.id, { route: "/home", pageType: "homepage", companyId: null, params: {} });
    expect(await send(members.granite, home)).toEqual({ status: 202, body: null, kept: 1 });
  });
});

describe("a record's times and page, refused with 400 when made up", () => {
  const buyer = members.buyer;
  const refused = (fields: string[]) => ({ status: 400, body: { error: expect.any(String), fields }, kept: 0 });

  it("a total duration or active time beyond the session's span", async () => {
    const start = Date.now() - 120_000;
    const hours = visit(buyer.user.id, { sessionStart: start, sessionEnd: start + 59_000, lastActiveTime: start + 59_000, totalDuration: 10_000_000, activeTime: 10_000_000 });
    expect(await send(buyer, hours)).toEqual(refused(["totalDuration"]));
  });

  it("a session that started years ago", async () => {
    const start = Date.UTC(2017, 9, 1);
    const old = { sessionStart: start, sessionEnd: start + 1000, lastActiveTime: start + 1000, activeTime: 0 };
    expect(await send(buyer, visit(buyer.user.id, { ...old, totalDuration: 59_000 }))).toEqual(refused(["totalDuration"]));
    expect(await send(buyer, visit(buyer.user.id, { ...old, totalDuration: 1000 }))).toEqual(refused(["sessionStart"]));
  });

  it("a route that is not the page the record claims", async () => {
    expect(await send(buyer, visit(buyer.user.id, { route: "/admin/anything" }))).toEqual(refused(["pageType", "companyId"]));
  });
});

describe("a method the beacon does not take", () => {
  it("is a JSON 405 naming POST, on either door (the Worker's answers through receiveBeacon, Node's GET through the loader)", async () => {
    const { loader } = await import("./api.analytics.session");
    const put = new Request(`${ORIGIN}/api/analytics/session`, { method: "PUT", headers: { Cookie: members.buyer.cookie, Origin: ORIGIN }, body: "{}" });
    for (const response of [await receiveBeacon(services, put, () => {}), await loader()]) {
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      expect(await response.json()).toEqual({ error: "Method not allowed" });
    }
  });
});
