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
    expect(() => parseEnv({ APP_ENV: "production", SESSION_SECRET: "x".repeat(32), APP_URL: "https://market.example" })).not.toThrow();
  });
  it("refuses to start in production without APP_URL, the origin of links in e-mails", () => {
    const production = { APP_ENV: "production", SESSION_SECRET: "x".repeat(32) };
    expect(() => parseEnv(production)).toThrow(/APP_URL must be set in production/);
    expect(() => parseEnv({ ...production, APP_URL: "  " })).toThrow(/APP_URL must be set in production/);
    expect(parseEnv({ ...production, APP_URL: "https://market.example/" }).APP_URL).toBe("https://market.example");
    expect(() => parseEnv({ ...production, APP_URL: "http://market.example" })).toThrow(/https:\/\/ URL in production/);
  });
  it("takes APP_URL only as an http(s) origin", () => {
    expect(parseEnv({ APP_URL: "https://market.example/some/path" }).APP_URL).toBe("https://market.example");
    for (const bad of ["market.example", "javascript:alert(1)", "ftp://market.example"]) {
      expect(() => parseEnv({ APP_URL: bad }), bad).toThrow(/APP_URL must be an http\(s\) URL/);
    }
  });
  it("takes a beacon budget only as a whole number from 1 to 1,000,000", () => {
    expect(parseEnv({}).BEACON_RECORDS_PER_MINUTE).toBeUndefined();
    expect(parseEnv({ BEACON_RECORDS_PER_MINUTE: " 500 " }).BEACON_RECORDS_PER_MINUTE).toBe(500);
    for (const bad of ["0", "2.5", "lots", "1000001"]) {
      expect(() => parseEnv({ BEACON_RECORDS_PER_MINUTE: bad }), bad).toThrow(/BEACON_RECORDS_PER_MINUTE must be a whole number/);
    }
  });
  it("takes the accounts /join creates for an address an hour only as a whole number from 1 to 1,000,000", () => {
    expect(parseEnv({}).JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR).toBeUndefined();
    expect(parseEnv({ JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR: " 100000 " }).JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR).toBe(100_000);
    for (const bad of ["0", "-1", "2.5", "many", "1000001"]) {
      expect(() => parseEnv({ JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR: bad }), bad).toThrow(/JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR must be a whole number from 1 to 1,000,000/);
    }
  });
  it("takes the outbox drain's cap only as a whole number from 1 to 100,000", () => {
    expect(parseEnv({}).OUTBOX_DRAIN_MAX).toBeUndefined();
    expect(parseEnv({ OUTBOX_DRAIN_MAX: " 12 " }).OUTBOX_DRAIN_MAX).toBe(12);
    for (const bad of ["0", "-5", "2.5", "lots", "100001"]) {
      expect(() => parseEnv({ OUTBOX_DRAIN_MAX: bad }), bad).toThrow(/OUTBOX_DRAIN_MAX must be a whole number from 1 to 100,000/);
    }
  });
  it("refuses a Turnstile site key without its secret in production", () => {
    expect(() =>
      parseEnv({ APP_ENV: "production", SESSION_SECRET: "x".repeat(32), APP_URL: "https://market.example", TURNSTILE_SITE_KEY: "k" }),
    ).toThrow(/TURNSTILE_SECRET_KEY/);
  });
  it("never seeds demo accounts in production, and only when asked", () => {
    expect(() => parseEnv({ APP_ENV: "production", SESSION_SECRET: "x".repeat(32), DEMO_DATA: "true" })).toThrow(/DEMO_DATA/);
    expect(wantsDemoData(parseEnv({}))).toBe(false);
    expect(wantsDemoData(parseEnv({ DEMO_DATA: "true" }))).toBe(true);
  });
});
