import type { EntryContext } from "@remix-run/server-runtime";
import type { DrawnOnce } from "~/lib/drawn-once";

// an "html" key whose value is a JSON string; in the handoff every quote inside a string is escaped,
// so this matches keys only
const HTML_VALUE = /"html":"((?:[^"\\]+|\\.)*)"/g;

/**
 * One document's record of what `<StaticHtml>` drew (app/lib/drawn-once.ts). The document's handoff
 * becomes a getter: `<Scripts>` reads it last in the body (through the patch to @remix-run/react's
 * RemixServer), when every block above it has been drawn. Remix (patched) keeps the object the
 * handoff is written from as `serverHandoff`: the handoff is then written once, without the drawn
 * markup, rather than written whole, searched and written again.
 */
export function drawnOnce(remixContext: EntryContext): DrawnOnce {
  const drawn = new Set<string>();
  const handoff = (remixContext as EntryContext & { serverHandoff?: unknown }).serverHandoff;
  const written = Object.getOwnPropertyDescriptor(remixContext, "serverHandoffString");
  // Remix's handoff as it would be written: its getter (patched Remix) or its string
  const whole = () => (written?.get ? (written.get.call(remixContext) as string | undefined) : (written?.value as string | undefined));
  Object.defineProperty(remixContext, "serverHandoffString", {
    configurable: true,
    get() {
      if (handoff !== undefined) {
        return handoffScript(drawn.size ? withoutDrawn(handoff, drawn) : JSON.stringify(handoff));
      }
      if (!drawn.size) return whole();
      // the handoff's strings are JSON with <, > and & escaped as \u003c and the like, which JSON reads back
      return whole()?.replace(HTML_VALUE, (all, escaped: string) => (drawn.has(JSON.parse(`"${escaped}"`) as string) ? '"html":null' : all));
    },
  });
  return { note: (html) => void drawn.add(html) };
}

/**
 * The handoff as JSON with each drawn `{ html }` written as null. The drawn values are set aside
 * while JSON.stringify runs and put back after: a replacer function would send every key of the
 * handoff through a call back into JavaScript, JSON.stringify's slow path.
 */
function withoutDrawn(handoff: unknown, drawn: Set<string>) {
  const setAside: Array<[Record<string, unknown>, string]> = [];
  const visit = (value: unknown) => {
    if (value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const inner = record[key];
      if (key === "html" && typeof inner === "string") {
        if (drawn.has(inner)) setAside.push([record, inner]);
      } else visit(inner);
    }
  };
  visit(handoff);
  for (const [record] of setAside) record.html = null;
  try {
    return JSON.stringify(handoff);
  } finally {
    for (const [record, html] of setAside) record.html = html;
  }
}

/**
 * JSON made safe inside a script element, as Remix's escapeHtml makes it (<, >, & and the two
 * line separators as \u escapes). One native replaceAll per character rather than a replace
 * calling back for each match: a table page's handoff has thousands to escape (215 µs for 44 KB
 * with the callback, 148 µs this way), and a handoff with none is scanned in about a microsecond.
 */
export function handoffScript(json: string) {
  return json.replaceAll("&", "\\u0026").replaceAll("<", "\\u003c").replaceAll(">", "\\u003e").replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
}
