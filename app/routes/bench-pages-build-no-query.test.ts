import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { SQLiteDialect } from "drizzle-orm/sqlite-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, getRequest, ORIGIN } from "../../tests/support/app";

/*
 * No benchmarked page builds a Drizzle query per request.
 *
 * Building a query (the select's or the relational query's SQL, `_prepare`, the string the dialect
 * makes of it) cost more CPU than SQLite running it: 0.1-0.2 ms a query on Node, the same
 * JavaScript in the Worker (docs/decisions/035, "Later"). So every read of the pages
 * `npm run bench` measures (scripts/bench.mjs `pagesOf`) is built once with `preparedQuery`
 * (app/.server/db/prepared.ts), its values bound by name with `sql.placeholder`. Here each page is
 * requested twice by the same member, running the loaders of its whole route chain (root, layouts,
 * page) as Remix does, and the second request must build nothing. A read written in a loader the
 * usual way (`db.select()…`, `db.query.x.findMany(…)`) fails it, with the page and the query's SQL.
 *
 * Builds are counted at `SQLiteDialect.prototype.sqlToQuery`, where every Drizzle SQLite query's
 * SQL text is made: the select, insert, update and delete builders' and the relational query's
 * `_prepare` (hence `.prepare()`, `.all()`, `await`, batches), `db.run/all/get/values` of `sql`,
 * `$count`. Running a query built before does not pass there: it only fills in its placeholders.
 * A request's builds are those made in its own async context, with what its loaders hand on to
 * run after the answer (`services.waitUntil`), which it waits for. Rows queued for a batch write
 * (the looks, the page sessions: app/.server/platform/batch-writer.ts) are written for many
 * requests at once, at most once a second, and are not counted.
 */

const app = await bootApp("bench-pages-build-no-query");
const { users } = await import("~/.server/db/schema");
const { BatchWriter } = await import("~/.server/platform/batch-writer");
const platform = await (await import("#platform")).platformFor({});
afterAll(() => app.cleanup());

type Measured = { builds: string[]; handedOn: Promise<unknown>[] };
const requestOf = new AsyncLocalStorage<Measured>();
const sqlToQuery = SQLiteDialect.prototype.sqlToQuery;
vi.spyOn(SQLiteDialect.prototype, "sqlToQuery").mockImplementation(function (this: SQLiteDialect, ...args) {
  const query = sqlToQuery.apply(this, args);
  requestOf.getStore()?.builds.push(query.sql);
  return query;
});
const waitUntil = platform.waitUntil;
vi.spyOn(platform, "waitUntil").mockImplementation((work) => {
  requestOf.getStore()?.handedOn.push(work.catch(() => {}));
  return waitUntil(work);
});
const flush = BatchWriter.prototype.flush;
vi.spyOn(BatchWriter.prototype, "flush").mockImplementation(function (this: InstanceType<typeof BatchWriter>) {
  return requestOf.exit(() => flush.call(this));
});
afterAll(() => void vi.restoreAllMocks());

/** The SQL of every query `run` built, with the work it handed on. */
async function built(run: () => Promise<unknown>) {
  const request: Measured = { builds: [], handedOn: [] };
  await requestOf.run(request, run);
  await Promise.all(request.handedOn);
  return request.builds;
}

// the app's routes as Remix makes them of app/routes (flat routes, remix.config.js's ignored files)
const appDir = path.resolve(__dirname, "..");
const manifest = Object.values(flatRoutes(appDir, ["**/.*", "**/*.test.{ts,tsx}"]));
const files = new Map([["root", "root.tsx"], ...manifest.map((r) => [r.id, r.file] as const)]);
const childrenOf = (parentId: string): AgnosticRouteObject[] =>
  manifest
    .filter((r) => r.parentId === parentId)
    .map((r) => (r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: childrenOf(r.id) }));
const routes: AgnosticRouteObject[] = [{ id: "root", path: "", children: childrenOf("root") }];

type RouteModule = { loader?: (args: LoaderFunctionArgs) => Promise<unknown> };
const loadModule = (id: string) => import(/* @vite-ignore */ path.join(appDir, files.get(id)!)) as Promise<RouteModule>;

/** A browser's GET of `url`: every loader of its route chain, at once as Remix runs them; what they answered, as text. */
async function get(url: string, cookie: string) {
  const matches = matchRoutes(routes, new URL(url, ORIGIN).pathname);
  if (!matches) throw new Error(`no route matches ${url}`);
  const modules = await Promise.all(matches.map((m) => loadModule(m.route.id!)));
  // each request has a load context of its own, as both servers make one per request
  const context = {};
  const answers = await Promise.all(
    matches.map(async (match, i) => {
      const { loader } = modules[i]!;
      if (!loader) return "";
      const answer = await loader({ request: getRequest(url, cookie), context, params: match.params }).catch((thrown: unknown) => {
        throw thrown instanceof Response ? new Error(`${url}: ${match.route.id} threw a ${thrown.status} ${thrown.headers.get("Location") ?? ""}`) : thrown;
      });
      if (!(answer instanceof Response)) return JSON.stringify(answer);
      if (answer.status !== 200) throw new Error(`${url}: ${match.route.id} answered ${answer.status} ${answer.headers.get("Location") ?? ""}`);
      return answer.text();
    }),
  );
  return answers.join("\n");
}

describe("the build counter", () => {
  it("counts a query built, once however often it then runs, and a relational query", async () => {
    const { db } = app.services;
    expect(await built(() => db.select().from(users).limit(1).all())).toEqual([expect.stringMatching(/^select .* from "users" limit 1$/)]);
    const prepared = db.select({ id: users.id }).from(users).limit(1).prepare();
    expect(await built(async () => (await prepared.all(), await prepared.all()))).toEqual([]);
    expect(await built(async () => await db.query.users.findFirst())).toHaveLength(1);
  });
});

// scripts/bench.mjs `pagesOf`: whose page, and for a page of one record the page whose first link to one it takes.
// The bench leaves out the buyer's workspace, as the demo buyer has no deal; it comes last here, on a
// deal made for it, so that the pages before it are as the bench has them
const members = { visitor: "", buyer: "buyer@demo.test", broker: "broker@demo.test", seller: "seller@demo.test", admin: "admin@demo.test" };
type Role = keyof typeof members;
const workspace = async () => {
  const [project] = await app.publishedProjects((await app.member("seller@demo.test")).user.id);
  await app.approvedNda(project!, (await app.member("buyer@demo.test")).user);
  return String(project!.id);
};
const pages: [Role, string, from?: string | (() => Promise<string>)][] = [
  ["visitor", "/signin"],
  ["buyer", "/home"],
  ["buyer", "/buyers/search"],
  ["buyer", "/buyers/search?region=Midwest&sort=size&desc=1"],
  ["buyer", "/projects/more-details/:id", "/buyers/search"],
  ["buyer", "/buyers/myprojects/index_new"],
  ["buyer", "/messages"],
  ["buyer", "/preferences"],
  ["broker", "/brokers/search"],
  ["seller", "/home"],
  ["seller", "/sellers/myprojects"],
  ["seller", "/sellers/myprojects/:id", "/sellers/myprojects"],
  ["admin", "/home"],
  ["admin", "/admin/projects"],
  ["admin", "/admin/projects/:id", "/admin/projects"],
  ["admin", "/admin/analytics"],
  ["admin", "/admin/customers"],
  ["admin", "/admin/customers/:id", "/admin/customers"],
  ["buyer", "/buyers/myprojects/:id", workspace],
];

describe("a benchmarked page's second request builds no query", () => {
  const cookies = new Map<Role, Promise<string>>();
  const cookieOf = (role: Role) => {
    if (!cookies.has(role)) cookies.set(role, members[role] ? app.member(members[role]).then((m) => m.cookie) : Promise.resolve(""));
    return cookies.get(role)!;
  };
  /** What each page's loaders answered, by role and page. */
  const answered = new Map<string, string>();
  /** How many queries each page's first request built. */
  const cold: Record<string, number> = {};

  it.each(pages)("%s %s", async (role, pattern, from) => {
    const cookie = await cookieOf(role);
    const id = typeof from === "function" ? await from() : from && new RegExp(pattern.replace(":id", "(\\d+)")).exec(answered.get(`${role} ${from}`) ?? "")?.[1];
    if (from && !id) throw new Error(`${role} ${from} shows no link to ${pattern}`);
    const url = pattern.replace(":id", id ?? "");
    let page = "";
    // the first request builds the page's queries (those the pages before it have not built already)
    cold[`${role} ${url}`] = (await built(async () => (page = await get(url, cookie)))).length;
    answered.set(`${role} ${pattern}`, page);
    const second = await built(() => get(url, cookie));
    expect(second, `${role} ${url}: ${second.length} Drizzle queries built on the second request (build them once: preparedQuery, app/.server/db/prepared.ts)`).toEqual([]);
  });

  it("the pages' first requests were seen building their queries", () => {
    expect(Object.keys(cold)).toHaveLength(pages.length);
    expect(Object.values(cold).filter((n) => n > 0).length, `queries built by each page's first request: ${JSON.stringify(cold)}`).toBeGreaterThanOrEqual(pages.length / 2);
  });
});
