import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN } from "../../tests/support/app";

/**
 * A method an endpoint does not take is told so in JSON: 405, `Allow` naming the ones it takes, and
 * nothing done. For a route module without the action (or loader) Remix would call, Remix answers an
 * HTML page (its 405 error page, with no `Allow`), so each endpoint exports both.
 */
const app = await bootApp("api-methods");
afterAll(() => app.cleanup());
const { context, services } = app;
const { issueApiToken, userForApiToken } = await import("~/models/api-tokens.server");

type Handler = (args: LoaderFunctionArgs) => Promise<Response> | Response;
type RouteModule = { loader?: Handler; action?: Handler };
const routes: Array<{ path: string; module: RouteModule; params?: Record<string, string>; allow: string }> = [
  { path: "/api/1.0/me", module: await import("./api.[1.0].me"), allow: "GET, HEAD" },
  { path: "/api/1.0/matches", module: await import("./api.[1.0].matches"), allow: "GET, HEAD" },
  { path: "/api/1.0/projects/1/matches", module: await import("./api.[1.0].projects.$id.matches"), params: { id: "1" }, allow: "GET, HEAD" },
  { path: "/api/1.0/campaigns/1", module: await import("./api.[1.0].campaigns.$id"), params: { id: "1" }, allow: "GET, HEAD" },
  { path: "/api/buyer/projects/limited/1", module: await import("./api.buyer.projects.limited.$id"), params: { id: "1" }, allow: "GET, HEAD" },
  { path: "/api/1.0/campaigns", module: await import("./api.[1.0].campaigns._index"), allow: "POST" },
  { path: "/api/auth/logout", module: await import("./api.auth.logout"), allow: "POST" },
];

const admin = await app.member("admin@demo.test");
const { token } = await issueApiToken(services.db, admin.user.id);

async function answer(route: (typeof routes)[number], method: string) {
  const request = new Request(`${ORIGIN}${route.path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: ["GET", "HEAD", "OPTIONS"].includes(method) ? undefined : "{}",
  });
  // Remix calls the action for a POST, PUT, PATCH or DELETE, the loader for any other method (OPTIONS too)
  const toLoader = !["POST", "PUT", "PATCH", "DELETE"].includes(method);
  const handler = toLoader ? route.module.loader : route.module.action;
  expect(handler, `${method} ${route.path} has no ${toLoader ? "loader" : "action"}: Remix answers with an HTML page`).toBeTypeOf("function");
  try {
    return await handler!({ request, context, params: route.params ?? {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a method an API endpoint does not take", () => {
  for (const route of routes) {
    // an OPTIONS reaches the loader as a GET does: a GET endpoint answered it with the record
    const wrong = route.allow.startsWith("GET") ? ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] : ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"];
    it(`${route.path} answers ${wrong.join(", ")} with a JSON 405 and Allow: ${route.allow}`, async () => {
      for (const method of wrong) {
        const response = await answer(route, method);
        expect(response.status, `${method} ${route.path}`).toBe(405);
        expect(response.headers.get("Allow")).toBe(route.allow);
        expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ error: "Method not allowed" });
      }
    });
  }

  it("answers a HEAD to a GET endpoint as its GET, so the 405s name HEAD among the methods it takes", async () => {
    const me = routes[0]!;
    const [head, get] = [await answer(me, "HEAD"), await answer(me, "GET")];
    expect([head.status, get.status]).toEqual([200, 200]);
    expect(head.headers.get("Content-Type")).toBe(get.headers.get("Content-Type"));
  });

  it("leaves the token alone: a PUT or DELETE to /api/auth/logout revokes nothing", async () => {
    expect(await userForApiToken(services.db, token)).not.toBeNull();
  });
});
