import { describe, expect, it } from "vitest";
import { calendarDay, MAX_PAGE, pageNumber, recordId } from "./query-params";

describe("a page asked for", () => {
  it("is a whole number from 1 to the last page, whatever the address says", () => {
    expect(pageNumber("3")).toBe(3);
    expect(pageNumber("3.9")).toBe(3);
    for (const nothing of [null, undefined, "", "abc", "0", "-1", "-Infinity", "NaN"]) expect(pageNumber(nothing), String(nothing)).toBe(1);
    for (const far of ["Infinity", "1e300", "99999999999999999999"]) expect(pageNumber(far), far).toBe(MAX_PAGE);
    expect(pageNumber("20000", 10_000)).toBe(10_000);
    expect(Number.isSafeInteger(MAX_PAGE * 100)).toBe(true);
  });
  it("names a record by a whole number from 1, or none", () => {
    expect(recordId("12")).toBe(12);
    for (const none of [null, undefined, "", "abc", "0", "-3", "1.5", "Infinity", "-Infinity", "1e400", "99999999999999999999"]) expect(recordId(none), String(none)).toBeUndefined();
  });
});

describe("a day asked for", () => {
  it("is a YYYY-MM-DD of the calendar, or none", () => {
    for (const day of ["2026-11-23", "2024-02-29", "0001-01-01", "9999-12-31"]) expect(calendarDay(day), day).toBe(day);
    for (const none of [null, undefined, "", "2026-13-01", "2026-00-10", "2026-02-31", "2025-02-29", "2026-1-1", "26-11-23", "2026-11-23T00:00"]) expect(calendarDay(none), String(none)).toBeUndefined();
  });
});
