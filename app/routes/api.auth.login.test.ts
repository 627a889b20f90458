import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN } from "../../tests/support/app";

/** POST /api/auth/login as an API client sends it: a JSON body, wrong in the ways clients get it wrong. */
const app = await bootApp("api-login");
afterAll(() => app.cleanup());
const route = await import("./api.auth.login");
const { context } = app;

const login = async (body: string) => {
  const request = new Request(`${ORIGIN}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  const response = await route.action({ request, context, params: {} });
  return { status: response.status, body: (await response.json()) as { error: string; message?: string; fields?: Record<string, string[]>; token?: string } };
};

describe("POST /api/auth/login with a body of the wrong shape", () => {
  it("says which field has the wrong type, rather than that a field it was sent is missing", async () => {
    const answer = await login(JSON.stringify({ email: 42, password: ["demo-password"], otp: 123456 }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Invalid credentials payload");
    expect(answer.body.fields).toEqual({
      email: ["email must be a string."],
      password: ["password must be a string."],
      otp: ['otp must be a string: send the code in quotes as the app shows it ("012345"); as a number it loses its leading zeros.'],
    });
    // a list is no string either, and has no leading zeros to lose
    expect((await login(JSON.stringify({ email: "a@b.example", password: "x", otp: ["123456"] }))).body.fields).toEqual({ otp: ["otp must be a string."] });
  });

  it("says only that an empty list is no string, not that it is required too", async () => {
    const answer = await login(JSON.stringify({ email: [], password: [] }));
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ email: ["email must be a string."], password: ["password must be a string."] });
  });

  it("still calls a missing or empty field required", async () => {
    const answer = await login(JSON.stringify({ email: "" }));
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ email: ["Required."], password: ["Required."] });
  });

  it("tells a body that is JSON but no object (a list, null, a string) what it should be", async () => {
    for (const body of ["[]", "null", '"buyer@demo.test"', "42"]) {
      const answer = await login(body);
      expect(answer.status, body).toBe(400);
      // the error clients match on stays; the message says what was wrong
      expect(answer.body, body).toEqual({ error: "Invalid credentials payload", message: 'The body must be a JSON object: {"email", "password", "otp"?}.', fields: {} });
    }
  });

  it("signs in with the right shape", async () => {
    const answer = await login(JSON.stringify({ email: "buyer@demo.test", password: "demo-password" }));
    expect(answer.status).toBe(200);
    expect(answer.body.token).toBeTypeOf("string");
  });
});

describe("POST /api/auth/login with a body it cannot take", () => {
  const send = async (body: BodyInit) => {
    const request = new Request(`${ORIGIN}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body, duplex: "half" } as RequestInit);
    const response = await route.action({ request, context, params: {} });
    return { status: response.status, body: await response.json() };
  };

  it("says a body past the limit is too large in the front door's words, and one broken off that it could not be read, not that it is no JSON", async () => {
    const { BODY_TOO_LARGE_MESSAGE, BODY_UNREADABLE_MESSAGE } = await import("~/.server/body");
    expect(await send(`{"email":"${"a".repeat(2 * 1024 * 1024)}"}`)).toEqual({ status: 413, body: { error: BODY_TOO_LARGE_MESSAGE } });
    const brokenOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":'));
        controller.error(new Error("connection lost"));
      },
    });
    expect(await send(brokenOff)).toEqual({ status: 400, body: { error: BODY_UNREADABLE_MESSAGE } });
  });
});
