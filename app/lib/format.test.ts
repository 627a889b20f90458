import { describe, expect, it } from "vitest";
import { formatCurrency } from "./format";

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
