import { describe, expect, it } from "vitest";
import { decodeRow, encodeRow } from "./queue-codec";

describe("a row through the queue", () => {
  it("comes back with its dates, numbers, nulls and nested values as they were", () => {
    const row = { sessionStart: new Date("2026-11-26T01:00:00Z"), totalDuration: 1200, params: { id: "7" }, marks: [new Date(0), 3], ended: null };
    const wire = encodeRow(row);
    expect(JSON.parse(JSON.stringify(wire))).toEqual(wire);
    expect(decodeRow(wire)).toEqual(row);
  });
});
