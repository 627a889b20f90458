import type { EntryContext } from "@remix-run/server-runtime";
import type { DrawnOnce } from "~/lib/drawn-once";

// an "html" key whose value is a JSON string; in the handoff every quote inside a string is escaped,
// so this matches keys only
const HTML_VALUE = /"html":"((?:[^"\\]+|\\.)*)"/g;

/**
 * One document's record of what `<StaticHtml>` drew (app/lib/drawn-once.ts). The document's handoff
 * becomes a getter: `<Scripts>` reads it last in the body (through the patch to @remix-run/react's
 * RemixServer), when every block above it has been drawn.
 */
export function drawnOnce(remixContext: EntryContext): DrawnOnce {
  const drawn = new Set<string>();
  const handoff = remixContext.serverHandoffString;
  Object.defineProperty(remixContext, "serverHandoffString", {
    configurable: true,
    get() {
      if (!drawn.size || !handoff) return handoff;
      // the handoff's strings are JSON with <, > and & escaped as \u003c and the like, which JSON reads back
      return handoff.replace(HTML_VALUE, (whole, escaped: string) => (drawn.has(JSON.parse(`"${escaped}"`) as string) ? '"html":null' : whole));
    },
  });
  return { note: (html) => void drawn.add(html) };
}
