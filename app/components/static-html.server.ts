import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Markup } from "./static-html";

/**
 * Markup already drawn, by component and props, most recently used last. The same header, chart
 * or table is asked for again on every visit until its data changes, and drawing it costs far more
 * than serialising its props. Bounded by the characters kept, so a Worker's memory stays small.
 */
const drawn = new Map<string, Markup>();
const MAX_DRAWN_CHARS = 4_000_000;
let drawnChars = 0;
const componentIds = new WeakMap<object, number>();
let nextComponentId = 0;

function keyOf(element: ReactElement) {
  if (typeof element.type !== "function") return null;
  let id = componentIds.get(element.type);
  if (id === undefined) componentIds.set(element.type, (id = nextComponentId++));
  try {
    return `${id}\n${JSON.stringify(element.props)}`;
  } catch {
    return null; // props that do not serialise are drawn every time
  }
}

/**
 * A read-only component rendered once, here, for `<StaticHtml>`: it must not need the router,
 * state or the clock, since what it draws for the same props is kept and served again.
 */
export function staticMarkup(element: ReactElement): Markup {
  const key = keyOf(element);
  if (key === null) return { html: drawnLatin1(element) };
  return remembered(key, () => element);
}

/**
 * A component's markup with every character past U+00FF written as a character reference (a dash,
 * the menu's ☰). The browser reads the same text; the server's page stays a one-byte string, where a
 * single such character made the whole page two bytes a character, to copy and encode the slow way.
 */
function drawnLatin1(element: ReactElement) {
  const html = renderToStaticMarkup(element);
  if (!WIDE.test(html)) return html;
  // replace() keeps a wide string wide even with the wide characters gone: read its bytes afresh
  return decoder.decode(encoder.encode(html.replace(WIDE_ALL, (c) => `&#${c.codePointAt(0)};`)));
}
const WIDE = /[\u0100-\u{10ffff}]/u;
const WIDE_ALL = /[\u0100-\u{10ffff}]/gu;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The same, kept by the small inputs its props are computed from (a chart's days and counts, not
 * its drawn geometry), so that for inputs seen before neither the props nor their key are built.
 */
export function staticMarkupOf(inputs: unknown, element: () => ReactElement): Markup {
  return remembered(`of\n${JSON.stringify(inputs)}`, element);
}

function remembered(key: string, element: () => ReactElement): Markup {
  const known = drawn.get(key);
  if (known) {
    drawn.delete(key);
    drawn.set(key, known);
    return known;
  }
  const markup = { html: drawnLatin1(element()) };
  drawn.set(key, markup);
  drawnChars += key.length + markup.html.length;
  for (const [oldKey, old] of drawn) {
    if (drawnChars <= MAX_DRAWN_CHARS) break;
    drawn.delete(oldKey);
    drawnChars -= oldKey.length + old.html.length;
  }
  return markup;
}
