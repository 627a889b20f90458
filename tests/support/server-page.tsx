import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

/**
 * A route module's page as the server renders it for a browser without JavaScript, at `url`, from
 * the data its loader gave (and, for the page a refused post answers, its action's reply): a static
 * data router, as in error-boundary.routes.test.tsx (@remix-run/testing is not installed).
 */
export async function serverPage(Component: ComponentType, url: string, { loaderData, actionData }: { loaderData: object; actionData?: object }) {
  const href = new URL(url, "http://localhost");
  const handler = createStaticHandler([{ id: "page", path: href.pathname, loader: () => loaderData, action: () => actionData ?? null, Component }]);
  const request = actionData === undefined ? new Request(href) : new Request(href, { method: "POST", body: new URLSearchParams() });
  const state = await handler.query(request);
  if (state instanceof Response) throw new Error(`the page answered ${state.status}`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, state)} context={state} hydrate={false} />);
}
