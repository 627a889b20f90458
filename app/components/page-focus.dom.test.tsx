// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, Outlet, redirect, RouterProvider, useLoaderData } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Snackbar, useFocusOnNewPage } from "./snackbar";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// a deal's page as the root draws it: the flash message, the content, and a step whose button goes once taken
let approved = false;
let flash: { message: string } | null = null;

function Root() {
  const { notification } = useLoaderData() as { notification: { message: string } | null };
  useFocusOnNewPage();
  return (
    <>
      <Snackbar notification={notification} />
      <div id="content" tabIndex={-1}>
        <Outlet />
      </div>
    </>
  );
}

function Deal() {
  const { done } = useLoaderData() as { done: boolean };
  return (
    <>
      <input id="note" />
      {done ? <p>Approved</p> : <button id="approve">Approve</button>}
    </>
  );
}

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  vi.useRealTimers();
});

async function open() {
  approved = false;
  flash = null;
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => {
          const notification = flash;
          flash = null;
          return { notification };
        },
        element: <Root />,
        children: [
          {
            path: "deals/:id",
            loader: () => ({ done: approved }),
            action: async () => {
              // the server's answer takes a while: the page is drawn as the form goes
              await new Promise((resolve) => setTimeout(resolve, 5));
              approved = true;
              return redirect("/deals/7");
            },
            element: <Deal />,
          },
        ],
      },
    ],
    { initialEntries: ["/deals/7"] },
  );
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  unmount = () => {
    act(() => root.unmount());
    container.remove();
  };
  await act(async () => root.render(<RouterProvider router={router} />));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return router;
}

// each state of the navigation drawn, as a browser draws them while the server answers
async function post(router: Awaited<ReturnType<typeof open>>, meanwhile?: () => void) {
  let sent: Promise<void> | undefined;
  act(() => void (sent = router.navigate("/deals/7", { formMethod: "post", formData: new FormData() })));
  meanwhile?.();
  await act(() => sent!);
}
const focused = () => document.activeElement?.id || document.activeElement?.tagName;

describe("the focus after a step taken on the same page (JavaScript)", () => {
  it("goes to the page's content when the pressed button is gone, as on a new page", async () => {
    const router = await open();
    document.getElementById("approve")!.focus();
    await post(router);
    expect(document.getElementById("approve")).toBeNull();
    // it was left on <body>: a keyboard user started again from the page's top
    expect(focused()).toBe("content");
  });

  it("goes to the notification when one is shown, and to the content when it fades", async () => {
    const router = await open();
    document.getElementById("approve")!.focus();
    flash = { message: "NDA approved." };
    // the clock runs (the server's answer takes its few milliseconds) and can be moved on to the fade
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await post(router);
    expect(focused()).toBe("notification");
    expect(document.activeElement?.textContent).toContain("NDA approved.");
    // the message gone, the focus does not drop to <body>
    act(() => void vi.advanceTimersByTime(8000));
    expect(document.getElementById("notification")).toBeNull();
    expect(focused()).toBe("content");
  });

  it("leaves the notification for the content when the page's data is read again while it has the focus", async () => {
    const router = await open();
    document.getElementById("approve")!.focus();
    flash = { message: "NDA approved." };
    await post(router);
    expect(focused()).toBe("notification");
    // another step's answer (a table's column choice saved, a page refreshing itself) reads the root's data
    // again: the flash message is taken, and its element goes with the focus in it
    await act(() => router.revalidate());
    expect(document.getElementById("notification")).toBeNull();
    expect(focused()).toBe("content");
  });

  it("stays where a member went on typing while the form was on its way", async () => {
    const router = await open();
    document.getElementById("approve")!.focus();
    await post(router, () => document.getElementById("note")!.focus());
    expect(document.getElementById("approve")).toBeNull();
    expect(focused()).toBe("note");
  });

  it("stays where it is when only the query changes (a filter), as before", async () => {
    const router = await open();
    document.getElementById("approve")!.focus();
    await act(() => router.navigate("/deals/7?tab=documents"));
    expect(focused()).toBe("approve");
  });
});

describe("the flash message closed with the keyboard", () => {
  it("leaves the focus on the page's content, not on <body>", async () => {
    const container = document.body.appendChild(Object.assign(document.createElement("div"), { id: "content", tabIndex: -1 }));
    const root = createRoot(container.appendChild(document.createElement("div")));
    unmount = () => {
      act(() => root.unmount());
      container.remove();
    };
    act(() => root.render(<Snackbar notification={{ message: "Offer accepted.", type: "error" }} />));
    const dismiss = container.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!;
    dismiss.focus();
    act(() => dismiss.click());
    expect(container.querySelector('[data-testid="snackbar"]')).toBeNull();
    expect(focused()).toBe("content");
  });
});
