import { describe, expect, it } from "vitest";
import { dayBound, pageSizeOf } from "./admin-tables";

describe("the admin tables' filters", () => {
  it("reads a day as UTC, the end of a range including the whole day, and ignores what is not a day", () => {
    expect(dayBound("2026-01-31")).toBe(Date.UTC(2026, 0, 31));
    expect(dayBound("2026-01-31", true)).toBe(Date.UTC(2026, 1, 1));
    expect(dayBound("31/01/2026")).toBeUndefined();
    expect(dayBound(undefined)).toBeUndefined();
  });

  it("allows only the offered page sizes", () => {
    expect([pageSizeOf("50"), pageSizeOf("7"), pageSizeOf(null)]).toEqual([50, 25, 25]);
  });
});
