import { describe, expect, it } from "vitest";
import type { EntryContext } from "@remix-run/server-runtime";
// the patched Remix's own: the handoff written when first read, from the object kept beside it
import { lazyServerHandoff } from "@remix-run/server-runtime/dist/serverHandoff.js";
import { drawnOnce, handoffScript } from "./drawn-once";

// what Remix's createServerHandoffString writes: JSON with <, > and & escaped
const escape = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

function documentWith(loaderData: unknown) {
  return { serverHandoffString: escape(JSON.stringify({ state: { loaderData } })) } as unknown as EntryContext;
}

/** A document as the patched Remix makes it: the handoff's object kept, its string written when read. */
function documentFromObject(loaderData: unknown) {
  return lazyServerHandoff({}, { state: { loaderData } }) as unknown as EntryContext;
}

const handoffOf = (context: EntryContext) => JSON.parse(context.serverHandoffString!) as { state: { loaderData: Record<string, unknown> } };

describe("markup drawn once", () => {
  it("leaves out of the handoff each block the page drew, and only those", () => {
    const header = '<nav><a href="/home">Home &amp; "away"</a></nav>';
    const chart = "<svg><title>Views\\per day</title></svg>";
    const unseen = "<p>a tab not drawn</p>";
    const context = documentWith({
      root: { headerMarkup: { html: header } },
      "routes/desk": { charts: [{ html: chart }, { html: unseen }], note: { html: "plain data, not a block" }, text: '"html":"no key"' },
    });
    const drawn = drawnOnce(context);
    drawn.note(header);
    drawn.note(chart);
    const { root, "routes/desk": desk } = handoffOf(context).state.loaderData;
    expect(root).toEqual({ headerMarkup: { html: null } });
    expect(desk).toEqual({ charts: [{ html: null }, { html: unseen }], note: { html: "plain data, not a block" }, text: '"html":"no key"' });
  });

  it("hands over everything when nothing was drawn", () => {
    const context = documentWith({ root: { headerMarkup: { html: "<nav></nav>" } } });
    const before = context.serverHandoffString;
    drawnOnce(context);
    expect(context.serverHandoffString).toBe(before);
  });

  it("writes the handoff from Remix's object without the drawn blocks, escaped as Remix escapes it", () => {
    const header = '<nav><a href="/home">Home &amp; "away"</a></nav>';
    const unseen = "<p>a tab not drawn \u2028 & more</p>";
    const loaderData = { root: { headerMarkup: { html: header } }, "routes/desk": { charts: [{ html: unseen }], text: "a < b > c & d \u2029" } };
    const whole = documentFromObject(loaderData);
    const wholeString = whole.serverHandoffString!;
    expect(wholeString).toBe(escape(JSON.stringify({ state: { loaderData } })));
    const context = documentFromObject(loaderData);
    const drawn = drawnOnce(context);
    // nothing drawn yet: the handoff Remix writes
    expect(context.serverHandoffString).toBe(wholeString);
    drawn.note(header);
    const written = context.serverHandoffString!;
    expect(written).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(written)).toEqual({ state: { loaderData: { root: { headerMarkup: { html: null } }, "routes/desk": loaderData["routes/desk"] } } });
    // the loader's own objects (a drawn block may be one kept for the next request) keep their markup
    expect(loaderData.root.headerMarkup.html).toBe(header);
  });

  it("escapes a handoff's <, >, & and line separators as Remix does", () => {
    const json = JSON.stringify({ a: "<b>&</b> \u2028\u2029 plain", b: ["<", ">"] });
    expect(handoffScript(json)).toBe(escape(json));
    expect(handoffScript('{"a":"nothing to escape"}')).toBe('{"a":"nothing to escape"}');
  });
});
