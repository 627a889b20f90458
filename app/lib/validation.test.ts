import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { CENTS, field, isCalendarDay, isDecimal, isPhone, isZip, messages, parseDecimal } from "./validation";
import { detailsSchemas } from "./schemas/project";

const firstError = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("spec §5 messages", () => {
  it("says Required. for a choice not made, and names a value not among the options", () => {
    const status = field.listed(["new", "open", "closed"]);
    expect(firstError(status, undefined)).toBe("Required.");
    expect(firstError(status, "")).toBe("Required.");
    expect(firstError(status, "bogus")).toBe("Choose one of the listed options.");
    expect(status.safeParse("open")).toMatchObject({ success: true, data: "open" });
  });

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
    // a form pads nothing (a spreadsheet's ZIPs do, sheet-cells.ts): a person typing a ZIP writes its zeros
    expect(firstError(field.zip(), "2134")).toBe("Invalid zip code.");
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
  });
  it("takes a phone number as people write one, and not runs of brackets or separators", () => {
    for (const ok of ["+1 (212) 555-0100", "+44 (0)20 7946 0958", "+1-212-555-0144", "+1 212.555.0133", "+12125550100", "+1 212  555 0100", "+1 212 - 555 0100", "+1(212)5550100"])
      expect(isPhone(ok), ok).toBe(true);
    for (const bad of ["+1 ((((212)))) 555 0100", "+1 (212)) 555 0100", "+1 (212) (555) 0100", "+1 () 212 555 0100", "+1 212..555 0100", "+1 212 -. 555 0100", "+1 212 555 0100-", "+1)212( 555 0100", "+1\t212 555 0100"])
      expect(isPhone(bad), bad).toBe(false);
    // a long near-miss is refused at once rather than after backtracking through every split of its digits
    expect(isPhone(`+1${"2 ".repeat(5000)}x`)).toBe(false);
    expect(isPhone(`+1${"2".repeat(5000)}x`)).toBe(false);
    expect(firstError(field.phone(), "5550100")).toBe("Invalid phone number.");
  });
  it("accepts empty or the bare +1 prefix for an optional phone", () => {
    expect(field.optionalPhone().parse("+1 ")).toBe("");
    expect(field.optionalPhone().parse(undefined)).toBe("");
    expect(firstError(field.optionalPhone(), "12")).toBe("Invalid phone number.");
  });
  it("reads amounts of money with thousands commas as thousands, and a decimal comma elsewhere", () => {
    expect(field.decimal({ thousands: true }).parse("5,000")).toBe(5000);
    expect(field.decimal({ thousands: true }).parse("12,500,000")).toBe(12_500_000);
    expect(field.decimal({ thousands: true }).parse("1,5")).toBe(1.5);
    expect(field.decimal().parse("5,000")).toBe(5);
  });
  it("refuses numbers no database holds exactly: Infinity from 400 nines, integers past 2^53", () => {
    expect(firstError(field.decimal({ thousands: true }), "9".repeat(400))).toBe("Value must be a valid decimal.");
    expect(firstError(field.decimal(), `1${"0".repeat(400)}.5`)).toBe("Value must be a valid decimal.");
    expect(firstError(field.integer({ min: 0 }), "99999999999999999999")).toBe("Value must be an number.");
    // a whole number past a field's bounds is out of range, however long: the range says so
    expect(firstError(field.integer({ min: 0, max: 100 }), "99999999999999999999")).toBe("Exceeds maximum value of 100.");
    expect(firstError(field.integer({ min: 0, max: 100 }), "-99999999999999999999")).toBe("Requires a value of at least 0.");
    expect(firstError(field.integer({ min: 0 }), "9".repeat(400))).toBe("Value must be an number.");
    expect(field.integer().parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });
  it("keeps an amount of money to the cent, refusing a fraction of one that every page would round away", () => {
    const money = field.decimal({ min: 0, max: 1e12, thousands: true, cents: true });
    expect(firstError(money, "1,250,000.999")).toBe(CENTS);
    expect(firstError(money, "0.000001")).toBe(CENTS);
    expect(firstError(money, "12,345")).toBeNull();
    expect(money.parse("1,250,000.50")).toBe(1_250_000.5);
    expect(money.parse("12,5")).toBe(12.5);
    expect(money.parse("100.000")).toBe(100);
    expect(firstError(money, "1e6")).toBe("Value must be a valid decimal.");
    // a rate is no amount of money: its places are its own
    expect(field.decimal({ min: 0, max: 100 }).parse("5.125")).toBe(5.125);
  });

  it("reads a percentage written with its sign, as a person or Excel's CSV writes it, and nothing else with one", () => {
    const rate = field.decimal({ min: 0, max: 100, percent: true });
    for (const typed of ["12.5%", " 12.5 % ", "12,5%", "12.5"]) expect(rate.parse(typed), typed).toBe(12.5);
    // the spec's messages for what is still wrong
    expect(firstError(rate, "150%")).toBe("Exceeds maximum value of 100.");
    for (const typed of ["%", "12.5%%", "%12.5", "12%5"]) expect(firstError(rate, typed), typed).toBe("Value must be a valid decimal.");
    expect(firstError(rate, undefined)).toBe("Required.");
    // an amount is no percentage
    expect(firstError(field.decimal({ min: 0, thousands: true }), "12%")).toBe("Value must be a valid decimal.");
  });

  it("reads a count written with thousands commas where the field allows them, and nowhere else", () => {
    const count = field.integer({ min: 0, max: 10_000_000, thousands: true });
    for (const typed of ["1,250", " 1,250 ", "1250"]) expect(count.parse(typed), typed).toBe(1250);
    expect(count.parse("2,000,000")).toBe(2_000_000);
    for (const typed of ["1,25", "12,50", "1,250.5", ",250", "1,,250", "1.250"]) expect(firstError(count, typed), typed).toBe("Value must be an number.");
    expect(firstError(count, "20,000,000")).toBe("Exceeds maximum value of 10000000.");
    expect(firstError(field.integer({ min: 18, max: 120 }), "1,250")).toBe("Value must be an number.");
    // a listing's units and a company's employees are such counts
    const o = { industries: [], saleTypes: [], locations: [], usStates: ["IL"], loanStatus: [], propertyTypes: ["Office"], policyTypes: [] };
    expect(detailsSchemas.limited_company(o).shape.employees.parse("1,250")).toBe(1250);
    expect(detailsSchemas.real_estate(o).shape.units.parse("1,200")).toBe(1200);
  });

  it("reads an amount of money pasted with its dollar sign, and no other field with one", () => {
    const money = field.decimal({ min: -1e12, max: 1e12, thousands: true, cents: true });
    for (const typed of ["$12,500,000", "$ 12,500,000.00", " US$12500000 ", "12,500,000"]) expect(money.parse(typed), typed).toBe(12_500_000);
    expect(money.parse("-$1,200,000")).toBe(-1_200_000);
    for (const typed of ["$", "$$12", "12$", "€12"]) expect(firstError(money, typed), typed).toBe("Value must be a valid decimal.");
    // a rate or a count is no amount of dollars
    expect(firstError(field.decimal({ min: 0, max: 100, percent: true }), "$5")).toBe("Value must be a valid decimal.");
  });

  it("answers a decimal past a field's bounds with the range's message, however many digits it has", () => {
    const amount = field.decimal({ min: 0, max: 1e12, thousands: true });
    const rate = field.decimal({ min: 0, max: 100 });
    for (const typed of ["1000000000001", "9".repeat(400), `999${",999".repeat(140)}`, `${"9".repeat(400)}.5`])
      expect(firstError(amount, typed), typed).toBe("Exceeds maximum value of 1000000000000.");
    for (const typed of ["100.5", "9".repeat(400), `1${"0".repeat(400)}.5`, `${"9".repeat(400)},5`])
      expect(firstError(rate, typed), typed).toBe("Exceeds maximum value of 100.");
    expect(firstError(rate, `-${"9".repeat(400)}`)).toBe("Requires a value of at least 0.");
    expect(firstError(field.decimal({ min: -5, max: 5 }), `-${"9".repeat(400)}.25`)).toBe("Requires a value of at least -5.");
    // still no decimal: what is not written as one, however short or long
    for (const typed of [`${"9".repeat(400)}.`, `1e${"9".repeat(400)}`, "Infinity", "1.2.3"]) expect(firstError(rate, typed), typed).toBe("Value must be a valid decimal.");
    // and a long one within the bounds is its value
    expect(rate.parse(`${"0".repeat(400)}42.5`)).toBe(42.5);
    expect(rate.parse(`3.${"1".repeat(400)}`)).toBeCloseTo(3.111111);
  });
  it("takes a day of the calendar only, in the years a deal names", () => {
    for (const day of ["2027-02-28", "2028-02-29", "1900-01-01", "2199-12-31"]) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ["2027-02-29", "2027-02-30", "2027-04-31", "2027-13-01", "2027-00-10", "0000-01-01", "9999-12-31", "2027-1-5", "tomorrow"])
      expect(isCalendarDay(day), day).toBe(false);
  });
  it("counts control characters as no content, and refuses an address longer than SMTP carries", () => {
    expect(firstError(field.text(), "\u0000\u0000\u0000")).toBe("Required.");
    expect(field.text().parse(" a\u0000b\tc ")).toBe("ab\tc");
    expect(field.optionalText().parse("\u0000")).toBe("");
    expect(firstError(field.email(), `${"a".repeat(5000)}@x.test`)).toBe("A maximum of 254 characters is allowed.");
    expect(firstError(field.optionalEmail(), `${"a".repeat(250)}@x.test`)).toBe("A maximum of 254 characters is allowed.");
  });

  it("counts invisible characters as no content, takes out direction overrides, and keeps the joiners emoji and scripts need", () => {
    const issues = (schema: z.ZodMiniType, value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    // an NDA signed by three zero-width spaces, a name of joiners, a listing's name of fillers
    expect(issues(field.text({ min: 3 }), "​​​")).toEqual(["Required."]);
    expect(issues(field.text(), "‍⁠‌﻿")).toEqual(["Required."]);
    expect(issues(field.text(), " ㅤ­‎ ")).toEqual(["Required."]);
    expect(issues(field.text({ min: 3 }), "")).toEqual(["Required."]);
    expect(field.optionalText().parse("​⁠")).toBe("");
    expect(field.text().parse("‮Fund Alpha‬")).toBe("Fund Alpha");
    expect(field.text().parse("Ann​Lee⁦x⁩")).toBe("AnnLeex");
    expect(field.text().parse("👩‍💻 desk")).toBe("👩‍💻 desk");
    expect(field.text().parse("می‌خواهم")).toBe("می‌خواهم");
  });
});
