import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN } from "../../tests/support/app";

/** The Bearer challenge of a 401, as RFC 6750 §3 words it: a token that was sent and no longer works is named invalid_token. */
const app = await bootApp("api-challenge");
afterAll(() => app.cleanup());
const { services } = app;
const { requireApiUser } = await import("./api.server");
const { issueApiToken, revokeApiToken } = await import("~/models/api-tokens.server");
const buyer = await app.member("buyer@demo.test");

async function challenge(authorization: string | null) {
  const request = new Request(`${ORIGIN}/api/1.0/me`, { headers: authorization ? { Authorization: authorization } : {} });
  try {
    await requireApiUser(services, request);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, challenge: thrown.headers.get("WWW-Authenticate") };
  }
  return { status: 200, challenge: null };
}

describe("the 401 of a request to the API", () => {
  it("says error=invalid_token for an expired, revoked or unknown token, and only names the scheme when none was sent", async () => {
    const expired = await issueApiToken(services.db, buyer.user.id, Date.now() - 60 * 24 * 60 * 60 * 1000);
    const revoked = await issueApiToken(services.db, buyer.user.id);
    await revokeApiToken(services.db, revoked.token);
    const invalid = { status: 401, challenge: 'Bearer realm="api", error="invalid_token"' };
    expect(await challenge(`Bearer ${expired.token}`)).toEqual(invalid);
    expect(await challenge(`Bearer ${revoked.token}`)).toEqual(invalid);
    expect(await challenge("Bearer not-a-token")).toEqual(invalid);
    expect(await challenge(null)).toEqual({ status: 401, challenge: 'Bearer realm="api"' });
    expect(await challenge(`Bearer ${(await issueApiToken(services.db, buyer.user.id)).token}`)).toEqual({ status: 200, challenge: null });
  });
});
