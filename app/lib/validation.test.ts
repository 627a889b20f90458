import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { field, isDecimal, isPhone, isZip, messages, parseDecimal } from "./validation";

const firstError = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("spec §5 messages", () => {
  it("says Required. for a missing value", () => {
    expect(firstError(field.text(), undefined)).toBe("Required.");
    expect(firstError(field.text(), "   ")).toBe("Required.");
    expect(firstError(field.email(), undefined)).toBe("Required.");
  });
  it("checks e-mail, allowing empty where optional", () => {
    expect(firstError(field.email(), "not-an-email")).toBe("Invalid e-mail.");
    expect(firstError(field.optionalEmail(), "")).toBeNull();
    expect(firstError(field.optionalEmail(), "a@b")).toBe("Invalid e-mail.");
    expect(field.email().parse("  Ann@Example.COM ")).toBe("ann@example.com");
  });
  it("checks US zip codes of 5 or 5+4 digits", () => {
    expect(isZip("10001")).toBe(true);
    expect(isZip("10001-1234")).toBe(true);
    expect(firstError(field.zip(), "1000")).toBe("Invalid zip code.");
    expect(firstError(field.zip(), "10001-12")).toBe("Invalid zip code.");
  });
  it("checks integers and decimals with comma or dot", () => {
    expect(firstError(field.integer(), "1.5")).toBe("Value must be an number.");
    expect(field.integer().parse("-42")).toBe(-42);
    expect(isDecimal("3,25")).toBe(true);
    expect(isDecimal("-3.25")).toBe(true);
    expect(isDecimal("1,234.5")).toBe(false);
    expect(isDecimal("1,234.5", true)).toBe(true);
    expect(parseDecimal("3,25")).toBe(3.25);
    expect(parseDecimal("1,234.5", true)).toBe(1234.5);
    expect(firstError(field.decimal(), "abc")).toBe("Value must be a valid decimal.");
  });
  it("checks minimum and maximum values", () => {
    expect(firstError(field.decimal({ min: 1 }), "0,5")).toBe("Requires a value of at least 1.");
    expect(firstError(field.integer({ max: 10 }), "11")).toBe("Exceeds maximum value of 10.");
    expect(messages.min(5)).toBe("Requires a value of at least 5.");
  });
  it("checks minimum characters, URL and domain", () => {
    expect(firstError(field.text({ min: 3 }), "ab")).toBe("A minimum of 3 characters are required.");
    expect(firstError(field.password(), "short")).toBe("A minimum of 10 characters are required.");
    expect(firstError(field.url(), "ftp://x.test")).toBe("Invalid URL.");
    expect(firstError(field.url(), "https://x.test/a")).toBeNull();
    expect(firstError(field.domain(), "not a domain")).toBe("Invalid.");
    expect(firstError(field.domain(), "bank.example.com")).toBeNull();
  });
  it("checks international phone numbers starting with + and a country code", () => {
    expect(isPhone("+1 212 555 0100")).toBe(true);
    expect(isPhone("+44 (20) 7946-0958")).toBe(true);
    expect(isPhone("212 555 0100")).toBe(false);
    expect(isPhone("+0 212 555 0100")).toBe(false);
    expect(isPhone("+1 23")).toBe(false);
    expect(firstError(field.phone(), "5550100")).toBe("Invalid phone number.");
  });
  it("accepts empty or the bare +1 prefix for an optional phone", () => {
    expect(field.optionalPhone().parse("+1 ")).toBe("");
    expect(field.optionalPhone().parse(undefined)).toBe("");
    expect(firstError(field.optionalPhone(), "12")).toBe("Invalid phone number.");
  });
});
