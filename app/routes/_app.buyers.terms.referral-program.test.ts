import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf, sent } from "../../tests/support/app";

/** /buyers/terms/referral-program: the programme's terms, the member's own link, and who joined through it. */
const app = await bootApp("route-referral-program");
const { loader } = await import("./_app.buyers.terms.referral-program");
const { makeUser } = await import("~/seed/factories");
const { recordReferral } = await import("~/models/affiliates.server");
const { context, services } = app;
afterAll(() => app.cleanup());

const page = (cookie: string) => responseOf(loader({ request: getRequest("/buyers/terms/referral-program", cookie), context, params: {} }));
type Page = { link: string; referred: Array<{ name: string }> };

describe("the referral programme", () => {
  it("is a broker's too (spec §2 lists it with the buyers' and brokers' pages): their link, and the members who joined by it", async () => {
    const broker = await app.member("broker@demo.test");
    const answer = await page(broker.cookie);
    expect(answer.status).toBe(200);
    const { link, referred } = (await answer.json()) as Page;
    const code = new URL(link).searchParams.get("ref")!;
    expect(referred).toEqual([]);

    // a sign-up through the broker's link is credited to the broker, and listed on their page
    const joined = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Brought By Broker" });
    expect(await recordReferral(services.db, { secret: services.env.SESSION_SECRET, userId: joined.id, code })).toMatchObject({ referrerUserId: broker.user.id });
    expect(((await (await page(broker.cookie)).json()) as Page).referred.map((r) => r.name)).toEqual(["Brought By Broker"]);
  });

  it("is still the buyer's, and no seller's or admin's", async () => {
    expect((await sent(loader({ request: getRequest("/buyers/terms/referral-program", (await app.member("buyer@demo.test")).cookie), context, params: {} }))).status).toBe(200);
    for (const email of ["seller@demo.test", "agent@demo.test"]) expect((await page((await app.member(email)).cookie)).status).toBe(404);
  });
});
