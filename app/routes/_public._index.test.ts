import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, getRequest, responseOf } from "../../tests/support/app";

/** The public pages while the CMS cannot be reached and no copy of its content is kept (a new server or isolate). */
const app = await bootApp("route-public-content-down");
const { ContentService } = await import("~/.server/content");
const { ContentCache } = await import("~/.server/content/cache");
const index = await import("./_public._index");
const home = await import("./_public.home/route");
const terms = await import("./_public.terms");
const jobs = await import("./_public.jobs._index/route");
const sitemap = await import("./sitemap[.]xml");
const { context, services } = app;
afterAll(() => app.cleanup());

const down = new ContentService({
  kind: "sanity",
  fetch: () => Promise.reject(new Error("getaddrinfo ENOTFOUND abc123.apicdn.sanity.io")),
}, new ContentCache());
Object.assign(services, { content: down });
vi.spyOn(console, "error").mockImplementation(() => {});

const get = (path: string, loader: (args: never) => Promise<unknown>) =>
  responseOf(loader({ request: getRequest(path), context, params: {} } as never));

describe("the public pages while the CMS is down with nothing kept", () => {
  it("open the home page with the landing's own words, at / and at /home (where a project's link asks a visitor to sign in)", async () => {
    const front = await get("/", index.loader);
    expect(front.status).toBe(200);
    expect(await front.json()).toEqual({ settings: null });
    const signIn = await get("/home?login=true&redirect=%2Fbuyers%2Fmyprojects%2F3", home.loader);
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ settings: null, signin: { redirectTo: "/buyers/myprojects/3" } });
  });

  it("answer a page made of content, and the sitemap, with 503 and when to try again, not a 500", async () => {
    for (const [path, loader] of [["/terms", terms.loader], ["/jobs", jobs.loader], ["/sitemap.xml", sitemap.loader]] as const) {
      const response = await get(path, loader as never);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After"), path).toBe("60");
    }
  });
});
