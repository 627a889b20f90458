import { describe, expect, it } from "vitest";
import { formatCurrency, formatNumber } from "./format";
import { formatCompactCurrency, formatPercent } from "./format-figures";

describe("formatCurrency", () => {
  it("shows whole dollars as whole, and the cents of an amount that has them", () => {
    expect(formatCurrency(1_250_000)).toBe("$1,250,000");
    expect(formatCurrency(1_250_000.5)).toBe("$1,250,000.50");
    expect(formatCurrency(0.07)).toBe("$0.07");
    expect(formatCurrency(-2_500.25)).toBe("-$2,500.25");
    // past the cent it rounds to the nearest, never to the dollar
    expect(formatCurrency(999.999)).toBe("$1,000");
    expect(formatCurrency(12.344)).toBe("$12.34");
    expect(formatCurrency(-0.001)).toBe("$0");
    expect(formatCurrency(null)).toBe("—");
  });
});

describe("formatCompactCurrency", () => {
  it("chooses the unit after rounding, so a figure never shows as 1000 of a unit", () => {
    expect(formatCompactCurrency(999)).toBe("$999");
    expect(formatCompactCurrency(999.4)).toBe("$999");
    expect(formatCompactCurrency(999.5)).toBe("$1.0K");
    expect(formatCompactCurrency(1_000)).toBe("$1.0K");
    expect(formatCompactCurrency(999_949)).toBe("$999.9K");
    expect(formatCompactCurrency(999_950)).toBe("$1.0M");
    expect(formatCompactCurrency(999_999)).toBe("$1.0M");
    expect(formatCompactCurrency(1_250_000)).toBe("$1.3M");
    expect(formatCompactCurrency(999_940_000)).toBe("$999.9M");
    expect(formatCompactCurrency(999_950_000)).toBe("$1.0B");
    expect(formatCompactCurrency(999_999_999)).toBe("$1.0B");
    expect(formatCompactCurrency(-999_999)).toBe("-$1.0M");
    // no unit past billions: a trillion is a thousand billions
    expect(formatCompactCurrency(1_000_000_000_000)).toBe("$1000.0B");
    expect(formatCompactCurrency(0)).toBe("$0");
    expect(formatCompactCurrency(-0.2)).toBe("$0");
    expect(formatCompactCurrency(null)).toBe("—");
  });
});

describe("formatNumber", () => {
  it("groups the thousands of the whole part only", () => {
    expect(formatNumber(1_234_567)).toBe("1,234,567");
    expect(formatNumber(1234.5678)).toBe("1,234.5678");
    expect(formatNumber(-98765.4321)).toBe("-98,765.4321");
    expect(formatNumber(0.12345)).toBe("0.12345");
  });
});

describe("formatPercent", () => {
  it("shows a rate to the thousandth when it has one, else to the hundredth, rounded as written", () => {
    expect(formatPercent(7.125)).toBe("7.125%");
    expect(formatPercent(6.245)).toBe("6.245%");
    expect(formatPercent(5)).toBe("5.00%");
    expect(formatPercent(5.1)).toBe("5.10%");
    expect(formatPercent(12.3456)).toBe("12.346%");
    expect(formatPercent(1.0005)).toBe("1.001%");
    expect(formatPercent(-0.5)).toBe("-0.50%");
    expect(formatPercent(-0.0001)).toBe("0.00%");
    expect(formatPercent(null)).toBe("—");
  });
});
