import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
// @ts-ignore -- compression ships no types; the server (plain JavaScript) uses it as is
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendAnswer } from "../../server/send-answer.mjs";

/** The answers the app gives, by path, written as the Node server writes them. */
const answers: Record<string, () => Response> = {
  "/accepted": () => new Response(null, { status: 202 }),
  "/no-content": () => new Response(null, { status: 204 }),
  "/moved": () => new Response(null, { status: 302, headers: { Location: "/home" } }),
  "/page": () => new Response(`<!doctype html><p>${"a listing ".repeat(300)}</p>`, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
};

type Seen = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function ask(base: string, path: string, { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Seen>((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the Node server's answers", () => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    // as the server: its compression middleware wraps every answer
    app.use(compression());
    app.use((req, res) => {
      const answer = answers[req.path];
      if (!answer) return void res.status(404).end();
      void sendAnswer(res, (r) => r.setHeader("X-Content-Type-Options", "nosniff"), answer());
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("say an empty answer's length, so that it goes out in one write and not chunked (the beacon's 202, a redirect)", async () => {
    for (const [path, status] of [
      ["/accepted", 202],
      ["/moved", 302],
    ] as const) {
      const seen = await ask(base, path);
      expect(seen.status).toBe(status);
      expect(seen.headers["content-length"]).toBe("0");
      expect(seen.headers["transfer-encoding"]).toBeUndefined();
      expect(seen.headers["x-content-type-options"]).toBe("nosniff");
    }
    expect((await ask(base, "/moved")).headers.location).toBe("/home");
  });

  it("give a 204 and a HEAD no length of their own", async () => {
    const noContent = await ask(base, "/no-content");
    expect(noContent.status).toBe(204);
    expect(noContent.headers["content-length"]).toBeUndefined();
    expect(noContent.headers["transfer-encoding"]).toBeUndefined();
    const head = await ask(base, "/accepted", { method: "HEAD" });
    expect(head.status).toBe(202);
    expect(head.headers["content-length"]).toBeUndefined();
  });

  it("send a page whole, gzipped for a client that takes it, with its length", async () => {
    const html = await answers["/page"]!().text();
    const gzipped = await ask(base, "/page", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(html);
    const plain = await ask(base, "/page");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });
});
