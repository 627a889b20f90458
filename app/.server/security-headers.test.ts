import { describe, expect, it } from "vitest";
import { applySecurityHeaders, createNonce } from "./security-headers";

describe("security headers", () => {
  it("sends an enforced CSP with the request's nonce on documents", () => {
    const nonce = createNonce();
    const headers = applySecurityHeaders(new Headers(), { APP_ENV: "development" }, nonce);
    const csp = headers.get("Content-Security-Policy")!;
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.has("Strict-Transport-Security")).toBe(false);
  });
  it("adds HSTS in production only", () => {
    const headers = applySecurityHeaders(new Headers(), { APP_ENV: "production" });
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });
  it("makes a fresh nonce each time", () => {
    expect(createNonce()).not.toBe(createNonce());
  });
});
