import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, ORIGIN, responseOf } from "../../tests/support/app";
import { expectApiHeaders } from "../../tests/support/api-headers";

/** Sanity's signed webhook, as its servers post it: no cookie, no Origin. */
process.env.SANITY_WEBHOOK_SECRET = "route-test-cms-webhook-secret";
const app = await bootApp("route-cms-webhook");
const route = await import("./api.cms.webhook");
const { context } = app;
afterAll(() => app.cleanup());

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  responseOf(route.action({ request: new Request(`${ORIGIN}/api/cms/webhook`, { method: "POST", headers, body }), context, params: {} }));
const signature = (body: string) => encodeSignatureHeader(body, Date.now(), process.env.SANITY_WEBHOOK_SECRET!);

describe("the CMS webhook's refusals", () => {
  it("answer a signed body over 256 KiB with 413 and the API's headers (no-store)", async () => {
    const body = "x".repeat(300 * 1024);
    const response = await post(body, { "Content-Type": "application/json", [SIGNATURE_HEADER_NAME]: await signature(body) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "The request is too large." });
    await expectApiHeaders(response);
  });

  it("answer a body that is not UTF-8 with 400 and the API's headers", async () => {
    const response = await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), { "Content-Type": "application/json", [SIGNATURE_HEADER_NAME]: await signature("{}") });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request could not be read." });
    await expectApiHeaders(response);
  });

  it("answer a missing or wrong signature (401) and a signed body that is no document (400) with the API's headers", async () => {
    await expectApiHeaders(await post("{}"));
    await expectApiHeaders(await post("{}", { [SIGNATURE_HEADER_NAME]: await signature("another body") }));
    for (const body of ["not json", JSON.stringify({ _id: 7 })]) {
      const response = await post(body, { [SIGNATURE_HEADER_NAME]: await signature(body) });
      expect(response.status).toBe(400);
      await expectApiHeaders(response);
    }
  });
});

describe("a signed change", () => {
  it("is purged and named back; when the other isolates cannot be told, 503 so that Sanity sends it again", async () => {
    const body = JSON.stringify({ _id: "page-privacy", _type: "page", slug: { current: "privacy" } });
    const ok = await post(body, { [SIGNATURE_HEADER_NAME]: await signature(body) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, purged: ['pageBySlug:{"slug":"privacy"}', "sitemap:{}"] });

    const content = app.services.content;
    const purge = content.purge;
    content.purge = () => Promise.reject(new Error("KV put failed"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failed = await post(body, { [SIGNATURE_HEADER_NAME]: await signature(body) });
      expect(failed.status).toBe(503);
      expect(await failed.json()).toEqual({ error: "The change could not be passed on; try again" });
      await expectApiHeaders(failed);
    } finally {
      content.purge = purge;
      log.mockRestore();
    }
  });
});
