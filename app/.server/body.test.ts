import { describe, expect, it } from "vitest";
import { BODY_LIMITS, readBody, readForm, readJson } from "./body";

/** A chunked body (no Content-Length) of `total` bytes that counts what was pulled from it. */
function endlessBody(total: number, chunk = 64 * 1024) {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk;
      controller.enqueue(new Uint8Array(chunk));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

const post = (body: BodyInit | ReadableStream | null, headers: Record<string, string> = {}) =>
  new Request("http://site.test/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("readBody", () => {
  it("stops reading a large chunked body past the limit once it passes a few MB, and answers 413", async () => {
    const body = endlessBody(200 * 1024 * 1024);
    expect(await statusOf(readBody(post(body.stream), BODY_LIMITS.form))).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(4 * 1024 * 1024 + 2 * 64 * 1024);
    expect(body.cancelled()).toBe(true);
  });
  it("reads a chunked body of a few MB past its limit to its end before the 413, as a declared one is dropped", async () => {
    // cancelled at the limit, wrangler dev's proxy answered a 2 MB form "Your worker restarted mid-request" (503)
    const body = endlessBody(2 * 1024 * 1024);
    expect(await statusOf(readBody(post(body.stream), BODY_LIMITS.form))).toBe(413);
    expect(body.pulled()).toBe(2 * 1024 * 1024);
    expect(body.cancelled()).toBe(false);
  });
  it("refuses a declared length past the limit without reading", async () => {
    const body = endlessBody(10 * 1024 * 1024);
    const request = post(body.stream, { "Content-Length": String(10 * 1024 * 1024) });
    expect(await statusOf(readBody(request, BODY_LIMITS.webhook))).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });
  it("reads a body within its limit whole", async () => {
    const bytes = await readBody(post(new Uint8Array(1000)), 1000);
    expect(bytes.byteLength).toBe(1000);
    const declared = await readBody(post(new TextEncoder().encode("é".repeat(500)), { "Content-Length": "1000" }), 1000);
    expect(new TextDecoder().decode(declared)).toBe("é".repeat(500));
  });
});

describe("readForm", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect((await readForm(post("a=1&b=two", { "Content-Type": "application/x-www-form-urlencoded" }))).get("b")).toBe("two");
    const form = new FormData();
    form.set("file", new File(["x,y\n1,2\n"], "tape.csv", { type: "text/csv" }));
    const multipart = new Request("http://site.test/x", { method: "POST", body: form });
    expect(((await readForm(multipart, "upload")).get("file") as File).name).toBe("tape.csv");
  });
  it.each([
    ["JSON", '{"email":', "application/json"],
    ["junk", "\u0000\u00ff\u00fe garbage", "application/octet-stream"],
    ["broken multipart", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end", "multipart/form-data; boundary=x"],
    ["multipart without a boundary", "--x--", "multipart/form-data"],
  ])("answers 400 to %s", async (_name, body, type) => {
    expect(await statusOf(readForm(post(body, { "Content-Type": type })))).toBe(400);
  });
  it("takes an empty body without a type as an empty form", async () => {
    expect([...(await readForm(post(null))).keys()]).toEqual([]);
  });
});

describe("readJson", () => {
  it("answers 400 to what is not JSON", async () => {
    expect(await statusOf(readJson(post("{nope", { "Content-Type": "application/json" })))).toBe(400);
    expect(await readJson(post('{"a":1}'))).toEqual({ a: 1 });
  });
});
