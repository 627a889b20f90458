import { describe, expect, it } from "vitest";
import { countByState, placeDots } from "./us-map";

const centres = new Map<string, [number, number]>([
  ["IL", [600, 250]],
  ["TX", [450, 450]],
]);

describe("placeDots", () => {
  it("puts a state's first project on its centre and spreads the rest around it", () => {
    const dots = placeDots([{ id: 3, state: "IL" }, { id: 1, state: "IL" }, { id: 2, state: "TX" }], centres);
    expect(dots.find((d) => d.id === 1)).toEqual({ id: 1, x: 600, y: 250 });
    expect(dots.find((d) => d.id === 2)).toEqual({ id: 2, x: 450, y: 450 });
    const second = dots.find((d) => d.id === 3)!;
    expect(Math.hypot(second.x - 600, second.y - 250)).toBeCloseTo(7, 0);
  });

  it("puts a project with coordinates on its own point, spreading those that share it", () => {
    const dots = placeDots([{ id: 1, state: "IL", point: [610, 240] }, { id: 2, state: "IL", point: [610, 240] }, { id: 3, state: "IL" }], centres);
    expect(dots[0]).toEqual({ id: 1, x: 610, y: 240 });
    expect(Math.hypot(dots[1]!.x - 610, dots[1]!.y - 240)).toBeCloseTo(7, 0);
    expect(dots[2]).toEqual({ id: 3, x: 600, y: 250 });
  });

  it("draws no dot for a state the map does not have", () => {
    expect(placeDots([{ id: 1, state: "" }, { id: 2, state: "ZZ" }], centres)).toEqual([]);
  });
});

describe("countByState", () => {
  it("counts each state's projects, most first", () => {
    expect(countByState([{ id: 1, state: "TX" }, { id: 2, state: "IL" }, { id: 3, state: "IL" }, { id: 4, state: "" }])).toEqual([
      { state: "IL", count: 2 },
      { state: "TX", count: 1 },
    ]);
  });
});
