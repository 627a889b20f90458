import path from "node:path";
import { pathToFileURL } from "node:url";

type BuiltRoute = { id: string; path?: string; parentId?: string; module: Record<string, unknown> };

/**
 * Every route module of the Node server build that the test run serves (built by
 * `npm run test:e2e` before the tests), with its full path and what it exports.
 */
export async function builtRoutes() {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as { routes: Record<string, BuiltRoute> };
  const fullPath = (route: BuiltRoute): string => {
    const parent = route.parentId ? build.routes[route.parentId] : undefined;
    const base = parent ? fullPath(parent) : "";
    const own = route.path ? `${base.replace(/\/$/, "")}/${route.path}` : base;
    return own || "/";
  };
  return Object.values(build.routes)
    .filter((r) => r.id !== "root")
    .map((r) => ({
      id: r.id,
      path: fullPath(r),
      loader: Boolean(r.module.loader),
      action: Boolean(r.module.action),
      resource: !r.module.default,
    }));
}
