import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv, wantsDemoData } from "./env";

describe("configuration", () => {
  it("needs nothing in the embedded default", () => {
    const env = parseEnv({});
    expect(env.APP_ENV).toBe("development");
    expect(env.SESSION_SECRET).toBeUndefined();
  });
  it("stops with a clear message when production lacks its secret", () => {
    expect(() => parseEnv({ APP_ENV: "production" })).toThrow(ConfigurationError);
    expect(() => parseEnv({ APP_ENV: "production" })).toThrow(/SESSION_SECRET must be set/);
    expect(() => parseEnv({ APP_ENV: "production", SESSION_SECRET: "x".repeat(32) })).not.toThrow();
  });
  it("refuses a Turnstile site key without its secret in production", () => {
    expect(() =>
      parseEnv({ APP_ENV: "production", SESSION_SECRET: "x".repeat(32), TURNSTILE_SITE_KEY: "k" }),
    ).toThrow(/TURNSTILE_SECRET_KEY/);
  });
  it("never seeds demo accounts in production, and only when asked", () => {
    expect(() => parseEnv({ APP_ENV: "production", SESSION_SECRET: "x".repeat(32), DEMO_DATA: "true" })).toThrow(/DEMO_DATA/);
    expect(wantsDemoData(parseEnv({}))).toBe(false);
    expect(wantsDemoData(parseEnv({ DEMO_DATA: "true" }))).toBe(true);
  });
});
