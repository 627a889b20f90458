// @vitest-environment jsdom
import { act, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { routerPage } from "../../tests/support/router-page";
import { StaticHtml, type Markup } from "./static-html";
import { staticMarkup } from "./static-html.server";

// what a loader draws: a page link, a PDF, an e-mail address and a dot on an SVG map
const markup = staticMarkup(
  <div>
    <a href="/messages/7/3">Thread with Buyer #2</a>
    <a href="/projects/more-details/7/offers/1?revision=2" data-document>
      revision 2
    </a>
    <a href="mailto:desk@example.com">desk@example.com</a>
    <svg>
      <a href="/realestate/9" aria-label="Dot">
        <circle r={5} />
      </a>
    </svg>
  </div>,
);

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

async function page() {
  const { container, router, cleanup: unmount } = await routerPage("/sellers/myprojects/7", <StaticHtml markup={markup} />);
  cleanup = unmount;
  /** Clicks the link as a person would; whether the browser would still load it as a document. */
  const click = async (selector: string, init: MouseEventInit = {}) => {
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
    // the last to hear the click: it notes whether the page took it, then keeps jsdom from loading a document
    let loadsDocument = false;
    const last = (e: Event) => {
      loadsDocument = !e.defaultPrevented;
      e.preventDefault();
    };
    window.addEventListener("click", last, { once: true });
    await act(async () => void container.querySelector(selector)!.dispatchEvent(event));
    return { loadsDocument, at: router.state.location.pathname + router.state.location.search };
  };
  return { click };
}

describe("server-drawn markup in a page", () => {
  it("follows its page links within the app, as a <Link> does (the SVG map's dots too)", async () => {
    const { click } = await page();
    expect(await click('a[href="/messages/7/3"]')).toEqual({ loadsDocument: false, at: "/messages/7/3" });
  });

  it("lets the browser load a file, an e-mail link, or a link opened in a new tab", async () => {
    const { click } = await page();
    expect(await click("a[data-document]")).toEqual({ loadsDocument: true, at: "/sellers/myprojects/7" });
    expect(await click('a[href^="mailto:"]')).toEqual({ loadsDocument: true, at: "/sellers/myprojects/7" });
    expect(await click('a[href="/messages/7/3"]', { ctrlKey: true })).toEqual({ loadsDocument: true, at: "/sellers/myprojects/7" });
  });

  it("follows a dot on the map, whose href is an SVG attribute", async () => {
    const { click } = await page();
    expect(await click("circle")).toEqual({ loadsDocument: false, at: "/realestate/9" });
  });

  it("keeps what a member ticked when new data brings the same drawing, and puts a new drawing in place", async () => {
    let show: (markup: Markup) => void = () => {};
    function Reloaded({ first }: { first: Markup }) {
      const [markup, setMarkup] = useState(first);
      show = setMarkup;
      return <StaticHtml markup={markup} />;
    }
    // as hydration reads a drawing back from the page: the browser's way of writing it
    const { container, cleanup: unmount } = await routerPage("/preferences", <Reloaded first={{ html: '<label><input type="checkbox" name="state" value="Texas">Texas</label>' }} />);
    cleanup = unmount;
    const box = () => container.querySelector<HTMLInputElement>('input[name="state"]')!;
    box().checked = true;
    // the data reloaded after a refused save: the same drawing, as React on the server writes it
    await act(async () => show({ html: '<label><input type="checkbox" name="state" value="Texas"/>Texas</label>' }));
    expect([box().value, box().checked]).toEqual(["Texas", true]);
    // new saved criteria bring a drawing of their own
    await act(async () => show({ html: '<label><input type="checkbox" name="state" value="Ohio" checked=""/>Ohio</label>' }));
    expect([box().value, box().checked]).toEqual(["Ohio", true]);
    await act(async () => show({ html: '<label><input type="checkbox" name="state" value="Utah"/>Utah</label>' }));
    expect([box().value, box().checked]).toEqual(["Utah", false]);
  });
});
