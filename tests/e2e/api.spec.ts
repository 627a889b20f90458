import { expect, test } from "@playwright/test";
import { apiLogin, baseUrlOf, DEMO } from "./support";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP API: once per server");

test("POST /api/auth/login answers a token that GET /api/1.0/me accepts as Bearer", async ({ request }) => {
  const login = await apiLogin(request, { email: DEMO.multi, password: "demo-password" });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  expect(typeof token).toBe("string");

  const me = await request.get("/api/1.0/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  const body = await me.json();
  expect(body.data.user).toMatchObject({
    email: DEMO.multi,
    name: "Max Multi",
    role: "buyer",
    roles: ["ROLE_SELLER", "ROLE_BUYER"],
    scope: [],
  });
  expect(typeof body.data.user.id).toBe("number");
  expect(body.data.user.passwordHash).toBeUndefined();
  expect(me.headers()["x-content-type-options"]).toBe("nosniff");
});

test("wrong credentials, bad JSON and missing tokens are refused with JSON errors", async ({ request }) => {
  const wrong = await apiLogin(request, { email: DEMO.buyer, password: "nope" });
  expect(wrong.status()).toBe(401);
  expect((await wrong.json()).error).toContain("The e-mail or password is not correct.");

  const malformed = await request.post("/api/auth/login", {
    data: "{not json",
    headers: { "content-type": "application/json" },
  });
  expect(malformed.status()).toBe(400);

  const missing = await apiLogin(request, { email: DEMO.buyer });
  expect(missing.status()).toBe(400);
  expect((await missing.json()).fields.password).toEqual(["Required."]);

  for (const auth of [undefined, "Bearer made-up-token", "Basic abc"]) {
    const me = await request.get("/api/1.0/me", { headers: auth ? { Authorization: auth } : {} });
    expect(me.status()).toBe(401);
    expect((await me.json()).error).toBeTruthy();
  }

  // a path no endpoint answers is a JSON 404 too, whatever the method, not the HTML page of a missing page
  for (const unknown of [request.get("/api/1.0/no-such-endpoint"), request.post("/api/nothing/here", { data: {} }), request.get("/api/1.0/me/extra")]) {
    const answer = await unknown;
    expect(answer.status()).toBe(404);
    expect(answer.headers()["content-type"]).toContain("application/json");
    expect(await answer.json()).toEqual({ error: "This page could not be found" });
  }
  const logoutByGet = await request.get("/api/auth/logout");
  expect([logoutByGet.status(), logoutByGet.headers()["allow"], await logoutByGet.json()]).toEqual([405, "POST", { error: "Method not allowed" }]);
});

test("a revoked token stops working", async ({ request }) => {
  const login = await apiLogin(request, { email: DEMO.seller, password: "demo-password" });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get("/api/1.0/me", { headers })).status()).toBe(200);
  expect((await request.post("/api/auth/logout", { headers })).status()).toBe(200);
  expect((await request.get("/api/1.0/me", { headers })).status()).toBe(401);
});

test("the API is rate-limited", async ({ request }, testInfo) => {
  // every client of these servers is one address, and the limit counts per address and endpoint: the
  // window is spent on logging out (no token, so each answer is 401 until the limit), an endpoint no
  // other test asks much of, where spending /api/1.0/me's refused the access test's requests beside it
  let limited = null;
  // a fixed window of 120 a minute: 250 requests overflow one window even when a new window starts mid-run
  for (let i = 0; i < 250 && !limited; i++) {
    const response = await request.post("/api/auth/logout");
    if (response.status() === 429) limited = response;
    else expect(response.status()).toBe(401);
  }
  expect(limited, `no 429 from ${baseUrlOf(testInfo)}`).not.toBeNull();
  expect(Number(limited!.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await limited!.json()).error).toBe("Too many requests");
});
