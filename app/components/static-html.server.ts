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
  if (key === null) return { html: renderToStaticMarkup(element) };
  return remembered(key, () => element);
}

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
  const markup = { html: renderToStaticMarkup(element()) };
  drawn.set(key, markup);
  drawnChars += key.length + markup.html.length;
  for (const [oldKey, old] of drawn) {
    if (drawnChars <= MAX_DRAWN_CHARS) break;
    drawn.delete(oldKey);
    drawnChars -= oldKey.length + old.html.length;
  }
  return markup;
}
