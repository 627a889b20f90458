import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropUnreadBody } from "../../server/linger.mjs";

/**
 * The Node server after the app answered without reading a streamed body to its end (an upload past its
 * own limit, smaller than the server's: readBody cancels it unread), as server/index.mjs hands it on.
 */
describe("a streamed body the app left unread", () => {
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const body = createReadableStreamFromReadable(req.pipe(new PassThrough()));
      const reader = body.getReader();
      await reader.read();
      await reader.cancel();
      res.writeHead(413, { "Content-Type": "text/plain" }).end("The file is larger than 5 MB.");
      dropUnreadBody(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // as a browser posts a form: the whole body sent before the answer is read
  const postWhole = (bytes: number) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request({ port, host: "127.0.0.1", method: "POST", headers: { "Content-Length": String(bytes) } });
      let answer: http.IncomingMessage | undefined;
      req.on("response", (response) => (answer = response));
      req.on("error", reject);
      req.end(Buffer.alloc(bytes, 120), () => {
        if (!answer) return reject(new Error("no answer"));
        let text = "";
        answer.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        answer.on("end", () => resolve({ status: answer!.statusCode!, text }));
      });
    });

  it("is drained, so the client that sends it whole reads the answer", async () => {
    const outcome = await Promise.race([postWhole(7 * 1024 * 1024), new Promise((resolve) => setTimeout(() => resolve("still sending"), 5000))]);
    expect(outcome).toEqual({ status: 413, text: "The file is larger than 5 MB." });
  }, 10_000);
});
