import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byteLimiter } from "../../server/body-limiter.mjs";
import { BODY_LIMITS, readForm } from "~/.server/body";

/**
 * A chunked body past the Node server's limit, read by the app's own reader as server/index.mjs hands it
 * on: the app answers its 413, as on Workers (where nothing cuts the body before the app reads it).
 */
describe("a streamed body past the server's limit", () => {
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      let exceeded = false;
      const limiter = byteLimiter(BODY_LIMITS.form, () => {
        exceeded = true;
        req.unpipe(limiter);
        req.pause();
      });
      const request = new Request("http://localhost/signin", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: createReadableStreamFromReadable(req.pipe(limiter)),
        duplex: "half",
      } as RequestInit);
      let answer: { status: number; body: unknown };
      try {
        const form = await readForm(request);
        answer = { status: 200, body: [...form.keys()].length };
      } catch (error) {
        answer = error instanceof Response ? { status: error.status, body: await error.json() } : { status: 500, body: String(error) };
      }
      res.writeHead(200, { "Content-Type": "application/json", Connection: "close" }).end(JSON.stringify({ ...answer, exceeded }));
      req.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const postChunked = (bytes: number) =>
    new Promise<{ status: number; body: unknown; exceeded: boolean }>((resolve, reject) => {
      const req = http.request({ port, host: "127.0.0.1", method: "POST", headers: { "Transfer-Encoding": "chunked" } }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve(JSON.parse(text)));
      });
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const write = () => {
        while (sent < bytes) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", write);
        }
        req.end();
      };
      write();
    });

  it("reaches the app's reader, which answers its own 413 (not 'could not be read')", async () => {
    expect(await postChunked(2 * 1024 * 1024)).toEqual({ status: 413, body: { error: "The request is too large." }, exceeded: true });
  });

  it("within the limit, passes the whole body", async () => {
    expect(await postChunked(512 * 1024)).toEqual({ status: 200, body: 1, exceeded: false });
  });
});
