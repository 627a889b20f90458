import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf } from "../../tests/support/app";

/** A campaign's List-Unsubscribe target (RFC 8058), signed out: what a mail client's POST and a browser's GET get. */
const app = await bootApp("route-one-click-unsubscribe");
const oneClick = await import("./unsubscribe.$token.one-click");
const { unsubscribeToken } = await import("~/.server/unsubscribe-token");
const { isSuppressed } = await import("~/models/suppressions.server");
const { context, services } = app;
afterAll(() => app.cleanup());

const secret = services.env.SESSION_SECRET;
const post = (token: string) =>
  responseOf(oneClick.action({ request: postRequest(`/unsubscribe/${token}/one-click`, undefined, { "List-Unsubscribe": "One-Click" }), context, params: { token } }));
const open = (token: string) => responseOf(Promise.resolve().then(() => oneClick.loader({ request: getRequest(`/unsubscribe/${token}/one-click`), context, params: { token } })));

describe("the one-click unsubscribe link", () => {
  it("sends a mail client that opens it in a browser to the unsubscribe page, and unsubscribes no one", async () => {
    const token = await unsubscribeToken(secret, "opened@example.test");
    const response = await open(token);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/unsubscribe/${token}`);
    // mail scanners open every link of a message: only the POST unsubscribes (RFC 8058 §3.2)
    expect(await isSuppressed(services.db, { channel: "email", address: "opened@example.test" })).toBeNull();
    expect((await open(`${token.split(".")[0]}.forged`)).status).toBe(404);
  });

  it("unsubscribes on the provider's POST, and again answers the same", async () => {
    const token = await unsubscribeToken(secret, "Posted@Example.test");
    for (let i = 0; i < 2; i++) {
      const response = await post(token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ unsubscribed: true });
    }
    expect((await isSuppressed(services.db, { channel: "email", address: "posted@example.test" }))?.reason).toBe("unsubscribed");
    expect((await post(`${token.split(".")[0]}.forged`)).status).toBe(404);
  });
});
