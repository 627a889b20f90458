// @vitest-environment jsdom
import { createElement, Fragment, startTransition, useId } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { fitScrollBoxStops, keepScrollBoxStops, ScrollBoxStops } from "./scroll-box-stops";

/** A box as the server draws it (a tab stop), whose content is `content` px wide in a box `width` px wide. */
function box(className: string, { width, content }: { width: number; content: number }) {
  const el = document.createElement("div");
  el.className = className;
  el.setAttribute("role", "group");
  el.setAttribute("tabindex", "0");
  // jsdom lays nothing out: the sizes a browser would give
  Object.defineProperty(el, "clientWidth", { configurable: true, get: () => width });
  Object.defineProperty(el, "scrollWidth", { configurable: true, get: () => Math.max(width, content) });
  document.body.appendChild(el);
  return el;
}
const resize = (el: HTMLElement, width: number) => Object.defineProperty(el, "clientWidth", { configurable: true, get: () => width });

afterEach(() => document.body.replaceChildren());

describe("the tab stops of boxes that scroll sideways", () => {
  it("a chart or table that fits is no tab stop; one that scrolls stays one, and becomes one again when it no longer fits", () => {
    const chart = box("scroll-shadows overflow-x-auto", { width: 300, content: 280 });
    const table = box("table-scroll", { width: 300, content: 800 });
    fitScrollBoxStops(document);
    expect(chart.hasAttribute("tabindex")).toBe(false);
    expect(table.getAttribute("tabindex")).toBe("0");
    resize(chart, 260);
    fitScrollBoxStops(document);
    expect(chart.getAttribute("tabindex")).toBe("0");
  });

  it("leaves alone a box that is no named scroll box, and a box that has the focus", () => {
    const grid = box("scroll-shadows", { width: 300, content: 200 });
    grid.removeAttribute("role");
    const focused = box("table-scroll", { width: 300, content: 200 });
    focused.focus();
    fitScrollBoxStops(document);
    expect(grid.getAttribute("tabindex")).toBe("0");
    expect(focused.getAttribute("tabindex")).toBe("0");
  });

  it("in the browser, checks the boxes a new page brings and again when the window is resized", async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const stop = keepScrollBoxStops(window);
    const chart = box("scroll-shadows", { width: 300, content: 280 });
    await frame();
    await frame();
    expect(chart.hasAttribute("tabindex")).toBe(false);
    resize(chart, 200);
    window.dispatchEvent(new Event("resize"));
    await frame();
    await frame();
    expect(chart.getAttribute("tabindex")).toBe("0");
    stop();
  });

  it("drops no stop while the page hydrates, however many frames that takes: a block hydrating finds the box the server drew, as drawn", async () => {
    // a part that takes a few frames to hydrate (a slow phone), then a block that takes its markup from the element
    // the server drew, found by its useId() as <StaticHtml> does: what it reads is what the next action's data is
    // compared with, and what it cannot find it draws empty
    function Slow() {
      for (const end = performance.now() + 50; typeof window !== "undefined" && performance.now() < end; );
      return createElement("div");
    }
    const read: string[] = [];
    function Drawn({ html }: { html: string | null }) {
      const id = useId();
      if (html === null) read.push((html = document.getElementById(id)?.innerHTML ?? ""));
      return createElement("div", { id, dangerouslySetInnerHTML: { __html: html } });
    }
    const Page = ({ html }: { html: string | null }) => createElement(Fragment, null, createElement(Slow), createElement(Drawn, { html }));
    const page = document.createElement("div");
    page.innerHTML = renderToString(createElement(Page, { html: '<div class="scroll-shadows" role="group" tabindex="0"></div>' }));
    document.body.appendChild(page);
    const chart = page.querySelector("[role=group]")!;
    Object.defineProperty(chart, "clientWidth", { get: () => 300 });
    Object.defineProperty(chart, "scrollWidth", { get: () => 300 });
    let root: ReturnType<typeof hydrateRoot> | undefined;
    startTransition(() => {
      root = hydrateRoot(page, createElement(ScrollBoxStops, null, createElement(Page, { html: null })));
    });
    await expect.poll(() => read.length).toBeGreaterThan(0);
    await expect.poll(() => chart.hasAttribute("tabindex"), { message: "the chart that fits loses its stop once hydrated" }).toBe(false);
    for (const html of read) expect(html).toBe('<div class="scroll-shadows" role="group" tabindex="0"></div>');
    root!.unmount();
  });
});
