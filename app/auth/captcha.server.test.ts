import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { CAPTCHA_AFTER_FAILURES, passesCaptcha, recordSigninFailureFrom, signinNeedsCaptcha } from "~/auth/captcha.server";
import { parseEnv, type Env } from "~/.server/env";

// Cloudflare's siteverify stood in for at its HTTP boundary, as in turnstile.test.ts
let server: http.Server;
let url: string;
const seen: Array<Record<string, string>> = [];
let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
  server = http.createServer(async (req, res) => {
    const body = await new Response(req as unknown as ReadableStream, { headers: { "content-type": req.headers["content-type"]! } }).formData();
    const fields = Object.fromEntries([...body.entries()].map(([k, v]) => [k, String(v)]));
    seen.push(fields);
    const success = fields.secret === "1x0000000000000000000000000000000AA" && fields.response === "XXXX.DUMMY.TOKEN.XXXX";
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => {
  server.close();
  t.cleanup();
});

const env = (keyed: boolean) =>
  ({
    ...parseEnv({
      TURNSTILE_SITE_KEY: keyed ? "1x00000000000000000000AA" : "",
      TURNSTILE_SECRET_KEY: keyed ? "1x0000000000000000000000000000000AA" : "",
      TURNSTILE_VERIFY_URL: url,
    }),
    SESSION_SECRET: "s",
  }) as Env;

const form = (token?: string) => {
  const data = new FormData();
  data.set("email", "someone@example.test");
  if (token) data.set("cf-turnstile-response", token);
  return data;
};

describe("the robot check on sign-in, join and password reset", () => {
  it("is asked of an address only after three failed sign-ins from it, and only when Turnstile is keyed", async () => {
    const on = env(true);
    const now = Date.now();
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) {
      expect(await signinNeedsCaptcha(t.db, on, "198.51.100.7", now)).toBe(false);
      await recordSigninFailureFrom(t.db, "198.51.100.7", now);
    }
    expect(await signinNeedsCaptcha(t.db, on, "198.51.100.7", now)).toBe(true);
    // another address is not affected, and without keys nothing is ever asked
    expect(await signinNeedsCaptcha(t.db, on, "198.51.100.8", now)).toBe(false);
    expect(await signinNeedsCaptcha(t.db, env(false), "198.51.100.7", now)).toBe(false);
    // the window passes
    expect(await signinNeedsCaptcha(t.db, on, "198.51.100.7", now + 2 * 60 * 60_000)).toBe(false);
  });

  it("passes a form only with a token that siteverify accepts, sent with the secret and the visitor's address", async () => {
    const on = env(true);
    expect(await passesCaptcha(on, form("XXXX.DUMMY.TOKEN.XXXX"), "198.51.100.7")).toBe(true);
    expect(seen.at(-1)).toMatchObject({ secret: "1x0000000000000000000000000000000AA", remoteip: "198.51.100.7" });
    expect(await passesCaptcha(on, form("forged"), "198.51.100.7")).toBe(false);
    const before = seen.length;
    expect(await passesCaptcha(on, form(), "198.51.100.7")).toBe(false);
    // no token: refused without asking Cloudflare
    expect(seen.length).toBe(before);
    expect(await passesCaptcha(env(false), form(), "198.51.100.7")).toBe(true);
  });
});
