import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHOLE_BODY_BYTES, wholeBody, wholeBodyExpected } from "../../server/whole-body.mjs";

/** A server that answers what it read of each body: whole (its bytes), or streamed. */
describe("a small declared body read whole before the app runs", () => {
  let server: http.Server;
  let port = 0;
  const gone: string[] = [];

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      if (!wholeBodyExpected(req)) {
        res.end(JSON.stringify({ streamed: true }));
        req.resume();
        return;
      }
      const body = await wholeBody(req);
      if (body === null) return void gone.push(req.url ?? "");
      res.end(JSON.stringify({ whole: body.toString("utf8") }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: string | undefined, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}/`, { method: "POST", body, ...init }).then((r) => r.json());

  it("hands the app a form's or a beacon's bytes as they were sent, in one or many packets", async () => {
    expect(await post("email=a%40b.test&password=x")).toEqual({ whole: "email=a%40b.test&password=x" });
    const record = JSON.stringify({ sessionId: "é".repeat(2000), n: 1 });
    expect(await post(record)).toEqual({ whole: record });
    expect(await post("")).toEqual({ whole: "" });
  });

  it("streams a body without a declared length, or larger than the whole-body size, through the limiter", async () => {
    const chunked = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode("a=1")), c.close()) });
    expect(await post(undefined, { body: chunked, duplex: "half" } as RequestInit)).toEqual({ streamed: true });
    expect(await post("x".repeat(WHOLE_BODY_BYTES + 1))).toEqual({ streamed: true });
    expect(wholeBodyExpected({ method: "GET", headers: { "content-length": "0" } } as http.IncomingMessage)).toBe(false);
  });

  it("gives up quietly when the client goes before its body arrives", async () => {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("POST /half HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly part");
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await expect.poll(() => gone).toEqual(["/half"]);
    // the server still answers the next client
    expect(await post("a=2")).toEqual({ whole: "a=2" });
  });
});
