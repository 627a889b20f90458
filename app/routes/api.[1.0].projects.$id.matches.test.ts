import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest } from "../../tests/support/app";

/** The session door of the JSON API: the same member the pages would serve, no more. */
const app = await bootApp("api-session");
const route = await import("./api.[1.0].projects.$id.matches");
const { makeUser } = await import("~/seed/factories");
const { context, services } = app;
afterAll(() => app.cleanup());

const seller = await app.member("seller@demo.test");
const admin = await app.member("admin@demo.test");
const [project] = await app.publishedProjects(seller.user.id);
const get = (cookie: string) => route.loader({ request: getRequest(`/api/1.0/projects/${project!.id}/matches`, cookie), context, params: { id: String(project!.id) } });

describe("GET /api/1.0/projects/{id}/matches with a session", () => {
  it("serves the project's seller and an admin with two-factor sign-in on", async () => {
    expect((await get(seller.cookie)).status).toBe(200);
    expect((await get(admin.cookie)).status).toBe(200);
  });

  it("serves nothing to an admin who has not turned two-factor sign-in on (every page sends them to enrol first)", async () => {
    const unenrolled = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    const response = await get(await app.cookieFor(unenrolled));
    expect(response.status).toBe(401);
  });

  it("answers an id that names no record in JSON, as any other not found", async () => {
    for (const id of ["abc", "0", "1e3", "99999999999999999"]) {
      const response = await route.loader({ request: getRequest(`/api/1.0/projects/${id}/matches`, seller.cookie), context, params: { id } });
      expect(response.status, id).toBe(404);
      expect(response.headers.get("Content-Type"), id).toMatch(/application\/json/);
      expect(await response.json(), id).toEqual({ error: expect.any(String) });
    }
  });
});
