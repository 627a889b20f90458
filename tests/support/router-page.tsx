import { act, type ReactElement } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * `element` rendered at `path` in jsdom (a test file with `@vitest-environment jsdom`) inside an
 * in-memory router whose other paths show another page: the router tells where a click went.
 * Call `cleanup` after each test.
 */
export async function routerPage(path: string, element: ReactElement, { search = "" }: { search?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <p>another page</p> },
    ],
    { initialEntries: [path + search] },
  );
  return { ...(await mountRouter(router)), router };
}

/** `router` rendered in jsdom in a container of the document's body; `cleanup` unmounts it and takes the container away. */
export async function mountRouter(router: ReturnType<typeof createMemoryRouter>) {
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  await act(async () => root.render(<RouterProvider router={router} future={{ v7_startTransition: false }} />));
  const cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return { container, cleanup };
}
