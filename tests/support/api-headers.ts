import { expect } from "vitest";

/**
 * The headers every JSON API answer carries (apiJson's: the JSON type, no caching, the security
 * headers), taken from one the app makes, so a refusal is held to what the successes carry.
 */
export async function expectApiHeaders(response: Response) {
  const { apiError } = await import("~/auth/api.server");
  for (const [name, value] of apiError(null, 400, "reference").headers) {
    expect.soft(response.headers.get(name), `${response.status} answer's ${name}`).toBe(value);
  }
  expect(response.headers.get("Cache-Control")).toBe("no-store");
}
