import { useNavigate } from "@remix-run/react";
import { useContext, useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { DrawnOnceContext } from "~/lib/drawn-once";

/**
 * Markup the server rendered from a read-only component (a chart, a listing's facts, a table). The
 * page ships the HTML instead of the component's code, which keeps it within the JavaScript budget
 * (decisions 030 and 032); React escaped every text and attribute when it rendered it.
 */
export type Markup = { html: string };

/**
 * A plain left click on one of our own pages' links, which the app can follow without loading a
 * document. A link to a file (a PDF, a download) says so with `data-document`, `download` or a
 * `target`, and loads as a document: resource routes are not pages the router can show.
 */
function appLinkOf(event: MouseEvent<HTMLElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  // an SVG map's dots are <a> elements too, whose `href` and `target` are not strings: read the attributes
  const link = (event.target as Element).closest?.("a");
  const href = link?.getAttribute("href");
  if (!link || !href || link.getAttribute("target") || link.hasAttribute("download") || link.hasAttribute("data-document")) return null;
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin ? url : null;
}

/**
 * Server-rendered markup in place, without a box of its own, so that a grid lays out what it holds
 * (or as a table's body, `as="tbody"`, for rows the server drew). Its links navigate as a `<Link>`
 * does: within the app, without reloading the page.
 */
export function StaticHtml({
  markup,
  className = "contents",
  as: Element = "div",
  onKeyDown,
}: {
  markup: Markup;
  className?: string;
  as?: "div" | "tbody";
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const id = useId();
  const drawnOnce = useContext(DrawnOnceContext);
  const onClick = useAppLinks();
  // what the page shows, as committed (a render React throws away must not count)
  const shown = useRef<string | null>(null);
  let html = markup.html;
  // app/lib/drawn-once.ts: a document's handoff leaves out what was drawn here, and hydration takes
  // it from the element the server drew (kept in the data, for a later remount)
  if (drawnOnce) drawnOnce.note(html);
  else if ((html as string | null) === null) html = markup.html = document.getElementById(id)?.innerHTML ?? "";
  else if (shown.current !== null && html !== shown.current) {
    // the same drawing brought again by new data (after any action) is kept in place: the browser
    // writes what hydration read back its own way (`<input>` for `<input/>`), so as a string it
    // differs, and React would put it in place anew, unticking every checkbox a member ticked in it
    // (a criteria list, rows picked for an invitation). The data keeps the page's copy, so that the
    // next render compares two equal strings.
    const parsed = document.createElement("template");
    parsed.innerHTML = html;
    if (parsed.innerHTML === shown.current) html = markup.html = shown.current;
  }
  useCommitted(() => {
    shown.current = html;
  });
  // the links inside take the focus and Enter (which clicks them); this only routes their clicks
  return <Element id={id} className={className} onClick={onClick} onKeyDown={onKeyDown} dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
}

/** After each commit, before the browser paints; nothing on the server (which draws once). */
const useCommitted = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** A click handler for an element holding server-drawn links: they navigate within the app, as a `<Link>` does. */
export function useAppLinks({ preventScrollReset = false }: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const url = appLinkOf(event);
    if (!url) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash, { preventScrollReset });
  };
}
