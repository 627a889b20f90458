import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN } from "../../tests/support/app";
import { soldListing } from "../../tests/support/sold-listing";

/** GET /api/buyer/projects/limited/{id} as a client reads it with a Bearer token, on a sold listing (decision 092). */
const app = await bootApp("api-limited-sold");
afterAll(() => app.cleanup());
const route = await import("./api.buyer.projects.limited.$id");
const { issueApiToken } = await import("~/models/api-tokens.server");
const { makeUser } = await import("~/seed/factories");
const { context, services } = app;

const seller = await app.member("seller@demo.test");
const [listing, onMarket] = await app.publishedProjects(seller.user.id);
const winner = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
const stranger = await makeUser(services.db, { roles: ["ROLE_BROKER"] });
await soldListing(app, { listing: listing!, seller: seller.user, winner, rival });

const read = async (user: { id: number }, id: number) => {
  const { token } = await issueApiToken(services.db, user.id);
  const request = new Request(`${ORIGIN}/api/buyer/projects/limited/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const response = await route.loader({ request, context, params: { id: String(id) } });
  return { status: response.status, body: (await response.json()) as unknown };
};

describe("a sold listing", () => {
  it("answers the buyer whose offer bought it as a listing they see, with the status sold", async () => {
    // the shape a listing on the market answers in
    expect(await read(winner, onMarket!.id)).toEqual({ status: 200, body: { id: onMarket!.id, projectName: onMarket!.projectName, status: "published", contract_status: { ndaStatus: null } } });
    expect(await read(winner, listing!.id)).toEqual({
      status: 200,
      body: { id: listing!.id, projectName: listing!.projectName, status: "sold", contract_status: { ndaStatus: "NDA Approved" } },
    });
  });

  it("answers 404 to another buyer, the one with an approved NDA and a closed offer too", async () => {
    for (const user of [rival, stranger]) expect(await read(user, listing!.id)).toMatchObject({ status: 404, body: { error: expect.any(String) } });
  });
});

describe("a seller team's listing not yet on the market", () => {
  it("answers the company's first member, whose desk opens a colleague's submitted listing, and no other seller", async () => {
    const { projects } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const colleague = await app.member("agent@demo.test");
    const [own] = await app.publishedProjects(colleague.user.id);
    await services.db.update(projects).set({ status: "submitted" }).where(eq(projects.id, own!.id));
    const outsider = await app.member("lakeshore@demo.test");
    expect(await read(seller.user, own!.id)).toEqual({ status: 200, body: { id: own!.id, projectName: own!.projectName, status: "submitted", contract_status: { ndaStatus: null } } });
    expect((await read(colleague.user, own!.id)).status).toBe(200);
    expect((await read(outsider.user, own!.id)).status).toBe(404);
  });
});
