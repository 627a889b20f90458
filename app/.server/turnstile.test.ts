import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, type Env } from "./env";
import { turnstileEnabled, verifyTurnstile } from "./turnstile";

// Cloudflare's siteverify cannot be reached from here: stood in for at its HTTP boundary,
// answering as Cloudflare documents for its test keys (1x…AA passes, 2x…AA fails).
let server: http.Server;
let url: string;
const seen: Array<Record<string, string>> = [];
beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const body = await new Response(req as unknown as ReadableStream, { headers: { "content-type": req.headers["content-type"]! } }).formData();
    const fields = Object.fromEntries([...body.entries()].map(([k, v]) => [k, String(v)]));
    seen.push(fields);
    const success = fields.secret === "1x0000000000000000000000000000000AA" && fields.response === "XXXX.DUMMY.TOKEN.XXXX";
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success, "error-codes": success ? [] : ["invalid-input-response"] }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => server.close());

const env = (secret?: string) =>
  ({
    ...parseEnv({
      TURNSTILE_SITE_KEY: secret ? "1x00000000000000000000AA" : "",
      TURNSTILE_SECRET_KEY: secret ?? "",
      TURNSTILE_VERIFY_URL: url,
    }),
    SESSION_SECRET: "s",
  }) as Env;

describe("Turnstile", () => {
  it("is off without keys, and then lets every form through", async () => {
    expect(turnstileEnabled(env())).toBe(false);
    expect(await verifyTurnstile(env(), null)).toBe(true);
  });

  it("verifies the widget's token on the server with the secret and the visitor's address", async () => {
    const on = env("1x0000000000000000000000000000000AA");
    expect(turnstileEnabled(on)).toBe(true);
    expect(await verifyTurnstile(on, "XXXX.DUMMY.TOKEN.XXXX", "203.0.113.9")).toBe(true);
    expect(seen.at(-1)).toMatchObject({ secret: "1x0000000000000000000000000000000AA", remoteip: "203.0.113.9" });
    expect(await verifyTurnstile(on, "forged-token")).toBe(false);
    expect(await verifyTurnstile(on, null)).toBe(false);
    expect(await verifyTurnstile(env("2x0000000000000000000000000000000AA"), "XXXX.DUMMY.TOKEN.XXXX")).toBe(false);
  });

  it("refuses when the verification service cannot be reached", async () => {
    const down = { ...env("1x0000000000000000000000000000000AA"), TURNSTILE_VERIFY_URL: "http://127.0.0.1:9/siteverify" };
    const log = console.error;
    console.error = () => {};
    expect(await verifyTurnstile(down, "XXXX.DUMMY.TOKEN.XXXX")).toBe(false);
    console.error = log;
  });
});
