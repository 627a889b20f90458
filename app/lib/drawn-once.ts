import { createContext } from "react";

/**
 * Server-drawn markup goes to the browser once. A page's `<StaticHtml>` blocks are in its HTML, and
 * their strings were also in the loader data the page hands to the browser for hydration: the same
 * markup twice, about half of a deal desk's document. While the server renders a document, each
 * block notes here what it drew, and the handoff `<Scripts>` writes at the end of the body carries
 * `"html":null` in its place (app/.server/render/drawn-once.ts); `<StaticHtml>` takes the markup
 * from the element the server drew when it hydrates. Data requests (navigations, revalidation)
 * still carry the markup. In the browser there is no such record.
 */
export type DrawnOnce = { note(html: string): void };

export const DrawnOnceContext = createContext<DrawnOnce | null>(null);
