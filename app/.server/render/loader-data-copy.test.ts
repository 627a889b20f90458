import { describe, expect, it } from "vitest";
// the patched Remix's own: a document's loader data as the page renders it
import { jsonCopy } from "@remix-run/server-runtime/dist/data.js";

// what the browser gets for the same data: the server's render must agree with it to hydrate
const throughJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

class Row {
  constructor(
    public id: number,
    public at: Date,
  ) {}
  get label() {
    return `row ${this.id}`;
  }
}

describe("a page's loader data on a document request", () => {
  it("is what JSON would carry to the browser", () => {
    const markup = { html: '<table><tr><td class="x">A &amp; "B"</td></tr></table>' };
    const data = {
      markup,
      when: new Date("2026-11-27T10:00:00.000Z"),
      rows: [new Row(1, new Date(0)), undefined, null, () => 1, Symbol("s"), Number.NaN, -0, Infinity],
      nested: { skip: undefined, fn() {}, "2": "two", "1": "one", z: [[{ a: 1 }]], boxed: [new Number(3), new String("s"), new Boolean(false)] },
      map: new Map([[1, 2]]),
      custom: { toJSON: (key: string) => ({ key }) },
      emptyKey: { "": "blank" },
    };
    const copy = jsonCopy(data, "");
    expect(copy).toStrictEqual(throughJson(data));
    // the same keys in the same order, as the browser's JSON.parse makes them
    expect(JSON.stringify(copy)).toBe(JSON.stringify(data));
    // the markup's text is kept as it is (nothing escaped and read back), in a new object
    expect((copy as { markup: { html: string } }).markup).not.toBe(markup);
    expect((copy as { markup: { html: string } }).markup.html).toBe(markup.html);
  });

  it("keeps a key named __proto__ as data, as JSON.parse does", () => {
    const data = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as object;
    const copy = jsonCopy(data, "") as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy).toStrictEqual(throughJson(data));
    expect(Object.keys(copy)).toEqual(["__proto__", "a"]);
  });

  it("refuses what JSON refuses", () => {
    expect(() => jsonCopy({ n: 1n }, "")).toThrow(TypeError);
  });
});
