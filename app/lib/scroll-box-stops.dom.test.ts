// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { fitScrollBoxStops, keepScrollBoxStops } from "./scroll-box-stops";

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
    keepScrollBoxStops(window);
    const chart = box("scroll-shadows", { width: 300, content: 280 });
    await frame();
    await frame();
    expect(chart.hasAttribute("tabindex")).toBe(false);
    resize(chart, 200);
    window.dispatchEvent(new Event("resize"));
    await frame();
    await frame();
    expect(chart.getAttribute("tabindex")).toBe("0");
  });
});
