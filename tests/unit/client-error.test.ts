import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientError, MAX_HEADER_BYTES } from "../../server/client-error.mjs";
import { applySecurityHeaders } from "~/.server/security-headers";

/** Request headers as the Node server takes them (server/index.mjs builds its server with these). */
describe("request headers past Node's default 16 KiB", () => {
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (_req, res) => res.end("the page"));
    server.on("clientError", answerClientError((headers) => applySecurityHeaders(headers, { APP_ENV: "development" })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (head: string, before = "") => sendRaw(`${before}GET / HTTP/1.1\r\nHost: localhost\r\n${head}Connection: close\r\n\r\n`);
  const sendRaw = (text: string) =>
    new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
      const chunks: Buffer[] = [];
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const [answerHead = "", body = ""] = Buffer.concat(chunks).toString("utf8").split(/\r\n\r\n(.*)/s, 2);
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answerHead)?.[1]), head: answerHead.toLowerCase(), body });
      });
    });

  it("takes 40 KB of cookies, as Cloudflare's edge does (128 KB in all)", async () => {
    const cookies = Array.from({ length: 10 }, (_, i) => `Cookie: c${i}=${"a".repeat(4000)}\r\n`).join("");
    expect(await get(cookies)).toMatchObject({ status: 200, body: "the page" });
  });

  it("past that, answers 431 with a page that says what to do, and the security headers", async () => {
    const answer = await get(`Cookie: c=${"a".repeat(MAX_HEADER_BYTES)}\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.head).toContain("x-content-type-options: nosniff");
    expect(answer.head).toContain("content-security-policy: default-src 'none'");
    expect(answer.head).toContain("content-type: text/html");
    expect(answer.body).toContain("Clear this site's cookies and try again");
  });

  it("answers so on a kept-alive connection too, after an earlier request's answer", async () => {
    const answer = await get(`Cookie: c=${"a".repeat(MAX_HEADER_BYTES)}\r\n`, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^the pageHTTP\/1\.1 431 /);
  });

  it("a request it cannot parse: 400, with the security headers", async () => {
    const answer = await get("Bad Header Line\r\n");
    expect(answer.status).toBe(400);
    expect(answer.head).toContain("x-frame-options: deny");
  });
});
