import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Markup } from "./static-html";

/** A read-only component rendered once, here, for `<StaticHtml>`: it must not need the router or state. */
export const staticMarkup = (element: ReactElement): Markup => ({ html: renderToStaticMarkup(element) });
