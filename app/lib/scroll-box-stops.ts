import { useEffect, type ReactNode } from "react";

/**
 * The boxes that scroll sideways on their own (a wide table, a chart on a phone, the matched buyers):
 * the server draws each as a tab stop, so that a keyboard can scroll it, since it cannot know which will
 * scroll on the reader's screen. In the browser a box that fits is no tab stop (a stop that does nothing
 * on every chart and table of a page), and becomes one again when it no longer fits (a narrower window, a
 * zoom, new rows). A box that has the focus is left its stop.
 */
export const SCROLL_BOXES = "[role=group].scroll-shadows,[role=group].table-scroll";

/** Each box's tab stop as its content now fits; returns nothing. */
export function fitScrollBoxStops(doc: Document) {
  for (const box of doc.querySelectorAll(SCROLL_BOXES)) {
    if (box.scrollWidth > box.clientWidth) box.setAttribute("tabindex", "0");
    else if (box !== doc.activeElement) box.removeAttribute("tabindex");
  }
}

/**
 * Keeps the boxes' tab stops once the page has hydrated: wraps the app in entry.client, as its only child,
 * since a sibling would change every `useId()` below it and `<StaticHtml>` finds the server's element by
 * that id. Not before hydrating: a `<StaticHtml>` block hydrating takes its markup from the element the
 * server drew, and one read after a stop was dropped would differ from the same drawing brought by the next
 * action's data, which React would then put in place anew (the desk's opened audit log closed, a scrolled
 * table scrolled back). A slow phone takes several frames to hydrate, so a frame's wait is not enough.
 */
export function ScrollBoxStops({ children }: { children: ReactNode }) {
  useEffect(() => keepScrollBoxStops(window), []);
  return children;
}

/** Keeps the boxes' tab stops as they fit: now, after the page's content changes and when the window's width does; returns how to stop. */
export function keepScrollBoxStops(win: Window) {
  let queued = false;
  const fit = () => {
    queued = false;
    fitScrollBoxStops(win.document);
  };
  // a frame later: once for a navigation's many changes, after the new content is laid out
  const later = () => {
    if (queued) return;
    queued = true;
    win.requestAnimationFrame(fit);
  };
  // our own attribute changes are not watched: only what the page puts in or takes out
  const observer = new MutationObserver(later);
  observer.observe(win.document.body, { childList: true, subtree: true });
  win.addEventListener("resize", later);
  later();
  return () => {
    observer.disconnect();
    win.removeEventListener("resize", later);
  };
}
