import { describe, expect, it } from "vitest";
import type { EntryContext } from "@remix-run/server-runtime";
import { drawnOnce } from "./drawn-once";

// what Remix's createServerHandoffString writes: JSON with <, > and & escaped
const escape = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

function documentWith(loaderData: unknown) {
  return { serverHandoffString: escape(JSON.stringify({ state: { loaderData } })) } as unknown as EntryContext;
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
});
