// @vitest-environment jsdom
import { Outlet } from "@remix-run/react";
import { act, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, useLocation, type RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mountRouter } from "../../tests/support/router-page";
import * as AppLayout from "~/routes/_app";
import * as AuthLayout from "~/routes/_auth";
import * as PublicLayout from "~/routes/_public";
import * as BuyerWorkspace from "~/routes/_app.buyers.myprojects.$id/route";
import * as SellerDesk from "~/routes/_app.sellers.myprojects.$id/route";
import * as JobPage from "~/routes/_public.jobs.$slug/route";
import { SiteHeader } from "./site-header";
import { headerFor } from "~/lib/navigation";
import { GeneralErrorBoundary, NOT_FOUND_TEXT } from "./error-boundary";

/*
 * @remix-run/testing (createRemixStub) is not installed; like it, these tests put
 * route modules' components and boundaries in a React Router data router, with
 * loaders of our own. The server render (a static handler, as a request without
 * JavaScript gets it) and the browser (a memory router, as a client navigation
 * does) are both checked.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The shell root.tsx renders around every route: the site navigation. */
function Root() {
  return (
    <>
      <SiteHeader user={{ name: "Bob Buyer", role: "buyer" }} header={headerFor({ role: "buyer" })} pathname={useLocation().pathname} />
      <Outlet />
    </>
  );
}

const notFound = () => {
  throw new Response(NOT_FOUND_TEXT, { status: 404, statusText: "Not Found" });
};

type Module = { default: ComponentType; ErrorBoundary?: ComponentType };

const route = (id: string, module: Module, extra: Partial<RouteObject> = {}) =>
  ({ id, Component: module.default, ErrorBoundary: module.ErrorBoundary, ...extra }) as RouteObject;

function Deals() {
  return <h1>My deals list</h1>;
}

/** root > _app > the buyer's workspace (its loader throws 404), the seller's desk, a page without a boundary. */
function memberRoutes({ workspaceLoader = notFound } = {}): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      Component: Root,
      children: [
        route("routes/_app", AppLayout, {
          children: [
            route("routes/_app.buyers.myprojects.$id", BuyerWorkspace, { path: "buyers/myprojects/:id", loader: workspaceLoader }),
            route("routes/_app.sellers.myprojects.$id", SellerDesk, { path: "sellers/myprojects/:id", loader: notFound }),
            { id: "routes/_app.buyers.myprojects.index_new", path: "buyers/myprojects/index_new", Component: Deals, loader: () => null },
            {
              id: "routes/_app.profile",
              path: "profile",
              Component: () => <p>profile</p>,
              loader: () => {
                throw new Response("", { status: 403, statusText: "Forbidden" });
              },
            },
            {
              id: "routes/_app.broken",
              path: "broken",
              Component: () => {
                throw new Error("render failed");
              },
            },
            {
              id: "routes/_app.down",
              path: "down",
              Component: () => <p>down</p>,
              loader: () => {
                // what Remix hands the document of a production server in place of the real error
                throw new Error("Unexpected Server Error");
              },
            },
          ],
        }),
      ],
    },
  ];
}

/** As the server renders a document request (no JavaScript needed to read it). */
/** The root and the public layout (with a footer link) around one page's route. */
const publicRoutes = (page: RouteObject): RouteObject[] => [
  {
    id: "root",
    path: "/",
    Component: Root,
    loader: () => ({ footerLinks: [{ label: "Terms", href: "/terms" }] }),
    children: [route("routes/_public", PublicLayout, { children: [page] })],
  },
];

async function serverRender(routes: RouteObject[], path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return { status: context.statusCode, doc };
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

/** As the browser renders it: a memory router, its loaders run on the client. */
async function browserRender(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const mounted = await mountRouter(router);
  cleanup = mounted.cleanup;
  await act(async () => {
    while (router.state.navigation.state !== "idle" || !router.state.initialized) await new Promise((r) => setTimeout(r, 5));
  });
  return { router, container: mounted.container };
}

// (the Workers types redefine Element and ParentNode, so these ask only for what they use)
const text = (node: { textContent: string | null } | null) => node?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const link = (node: { querySelectorAll(selector: "a"): NodeListOf<HTMLAnchorElement> }, name: string) =>
  [...node.querySelectorAll("a")].find((a) => text(a) === name) ?? null;

describe("route error boundaries, rendered by the server", () => {
  it("a deal page whose loader throws 404 shows the boundary inside the members' layout, below the navigation", async () => {
    const { status, doc } = await serverRender(memberRoutes(), "/buyers/myprojects/999999");
    expect(status).toBe(404);
    // the site navigation (root) and the members' layout (_app's <main>) are still there
    expect(doc.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    expect(text(doc.querySelector('[data-testid="current-user"]'))).toContain("Bob Buyer");
    const main = doc.querySelector("main");
    expect(main).not.toBeNull();
    const page = main!.querySelector('[data-testid="error-page"]');
    expect(page?.getAttribute("data-status")).toBe("404");
    expect(text(page!.querySelector("h1"))).toBe("This page could not be found");
    // the way back is the list of the buyer's deals
    expect(link(page!, "Back to my deals")?.getAttribute("href")).toBe("/buyers/myprojects/index_new");
  });

  it("the seller's deal desk links back to the seller's projects", async () => {
    const { status, doc } = await serverRender(memberRoutes(), "/sellers/myprojects/7");
    expect(status).toBe(404);
    const page = doc.querySelector('main [data-testid="error-page"]')!;
    expect(text(page.querySelector("h1"))).toBe(NOT_FOUND_TEXT);
    expect(link(page, "Back to my projects")?.getAttribute("href")).toBe("/sellers/myprojects");
  });

  it("a members' page without a boundary of its own fails into the members' layout: 403", async () => {
    const { status, doc } = await serverRender(memberRoutes(), "/profile");
    expect(status).toBe(403);
    expect(doc.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    const page = doc.querySelector('main [data-testid="error-page"]')!;
    expect(text(page.querySelector("h1"))).toBe("You do not have access to this page");
    expect(link(page, "Go back to home")?.getAttribute("href")).toBe("/home");
  });

  it("a loader that fails shows the 500 page in the members' layout, without Remix's placeholder text", async () => {
    const { status, doc } = await serverRender(memberRoutes(), "/down");
    expect(status).toBe(500);
    expect(doc.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    const page = doc.querySelector('main [data-testid="error-page"]')!;
    expect(page.getAttribute("data-status")).toBe("500");
    expect(text(page.querySelector("h1"))).toBe("Something went wrong");
    expect(text(page)).not.toContain("Unexpected Server Error");
  });

  it("a sign-in page that fails keeps the login layout", async () => {
    const routes: RouteObject[] = [
      {
        id: "root",
        path: "/",
        Component: Root,
        children: [
          route("routes/_auth", AuthLayout, {
            children: [{ id: "routes/_auth.uobs.reset.$id", path: "uobs/reset/:id", Component: () => <p>reset</p>, loader: notFound }],
          }),
        ],
      },
    ];
    const { status, doc } = await serverRender(routes, "/uobs/reset/nope");
    expect(status).toBe(404);
    const card = doc.querySelector("main > div.max-w-md");
    expect(text(card!.querySelector("h1"))).toBe(NOT_FOUND_TEXT);
    expect(link(card!, "Go back to home")?.getAttribute("href")).toBe("/");
  });

  it("a marketing page that fails keeps the navigation and the footer", async () => {
    const routes = publicRoutes({ id: "routes/_public.jobs.$slug", path: "jobs/:slug", Component: () => <p>job</p>, loader: notFound });
    const { status, doc } = await serverRender(routes, "/jobs/no-such-job");
    expect(status).toBe(404);
    expect(doc.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    expect(link(doc.querySelector('footer nav[aria-label="Footer"]')!, "Terms")).not.toBeNull();
    const page = doc.querySelector('main [data-testid="error-page"]')!;
    expect(text(page.querySelector("h1"))).toBe(NOT_FOUND_TEXT);
    expect(link(page, "Go back to home")?.getAttribute("href")).toBe("/");
  });

  it("a job that is no longer posted is a 404 that leads to the open positions", async () => {
    const routes = publicRoutes(route("routes/_public.jobs.$slug", JobPage, { path: "jobs/:slug", loader: notFound }));
    const { status, doc } = await serverRender(routes, "/jobs/marketing-intern-2025");
    expect(status).toBe(404);
    expect(link(doc.querySelector('footer nav[aria-label="Footer"]')!, "Terms")).not.toBeNull();
    const page = doc.querySelector('main [data-testid="error-page"]')!;
    expect(text(page.querySelector("h1"))).toBe(NOT_FOUND_TEXT);
    expect(link(page, "See the open positions")?.getAttribute("href")).toBe("/jobs");
  });
});

describe("route error boundaries, rendered in the browser", () => {
  it("a deal page whose loader throws 404 shows the boundary inside the layout", async () => {
    const { container } = await browserRender(memberRoutes(), "/buyers/myprojects/abc");
    expect(container.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    const page = container.querySelector('main [data-testid="error-page"]')!;
    expect(text(page.querySelector("h1"))).toBe(NOT_FOUND_TEXT);
    expect(link(page, "Back to my deals")).not.toBeNull();
  });

  it("a page that throws while rendering shows the 500 page in the members' layout", async () => {
    // React and React Router report the caught error on the console
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = await browserRender(memberRoutes(), "/broken");
    quiet.mockRestore();
    expect(container.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    const page = container.querySelector('main [data-testid="error-page"]')!;
    expect(page.getAttribute("data-status")).toBe("500");
    expect(text(page.querySelector("h1"))).toBe("Something went wrong");
    expect(text(page)).toContain("render failed");
  });

  it("a client navigation to a missing deal keeps the navigation, and the link back leads to the deals", async () => {
    const { router, container } = await browserRender(memberRoutes(), "/buyers/myprojects/index_new");
    expect(text(container.querySelector("main h1"))).toBe("My deals list");
    await act(() => router.navigate("/buyers/myprojects/999999"));
    expect(text(container.querySelector('main [data-testid="error-message"]'))).toBe(NOT_FOUND_TEXT);
    expect(container.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    await act(async () => link(container, "Back to my deals")!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 })));
    expect(router.state.location.pathname).toBe("/buyers/myprojects/index_new");
    expect(text(container.querySelector("main h1"))).toBe("My deals list");
  });
});

describe("GeneralErrorBoundary status handlers", () => {
  const teapot = () => {
    throw new Response("short and stout", { status: 418 });
  };
  const withBoundary = (Boundary: ComponentType, loader: () => never): RouteObject[] => [
    { id: "root", path: "/", Component: Root, children: [{ id: "page", path: "page", Component: () => <p>page</p>, ErrorBoundary: Boundary, loader }] },
  ];

  it("a handler given for a status wins over the defaults", async () => {
    const Boundary = () => <GeneralErrorBoundary statusHandlers={{ 404: ({ params }) => <p data-testid="custom">no {params.id ?? "page"}</p> }} />;
    const { doc } = await serverRender(withBoundary(Boundary, notFound), "/page");
    expect(text(doc.querySelector('[data-testid="custom"]'))).toBe("no page");
  });

  it("any other status falls back to its own message", async () => {
    const { status, doc } = await serverRender(withBoundary(() => <GeneralErrorBoundary />, teapot), "/page");
    expect(status).toBe(418);
    expect(text(doc.querySelector('[data-testid="error-message"]'))).toBe("short and stout");
  });

  it("the fallback can be replaced", async () => {
    const Boundary = () => <GeneralErrorBoundary defaultStatusHandler={({ status }) => <p data-testid="custom">status {status}</p>} />;
    const { doc } = await serverRender(withBoundary(Boundary, teapot), "/page");
    expect(text(doc.querySelector('[data-testid="custom"]'))).toBe("status 418");
  });
});
