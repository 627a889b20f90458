import { describe, expect, it } from "vitest";
import { dayBound, pageSizeOf, tableQuery } from "./admin-tables";

describe("the admin tables' URL", () => {
  it("writes every filter, Any too, so that a filter left out cannot fall back to a saved one", () => {
    const query = tableQuery({ q: "", status: "Any" }, { filters: { q: "acme" }, sort: "name", desc: false, page: 2, pageSize: 50 });
    expect(query).toBe("q=acme&status=Any&sort=name&desc=0&page=2&pageSize=50");
    expect(tableQuery({ status: "Any" }, { filters: {}, page: 1, pageSize: 25 })).toBe("status=Any");
  });

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
