import { describe, expect, it } from "vitest";
import { dailyChart, lastDays, perDay, weekdayOf } from "./charts";

const flat = { width: 100, height: 50, margin: { top: 0, right: 0, bottom: 0, left: 0 } };

describe("daily charts", () => {
  it("draws each series as a line and the area under it, scaled to the largest count", () => {
    const chart = dailyChart("Offers", ["2026-11-21", "2026-11-22", "2026-11-23"], [{ label: "Offers", values: [0, 2, 4] }], flat);
    expect(chart.max).toBe(4);
    expect(chart.series[0]).toMatchObject({
      line: "M0,50L50,25L100,0",
      area: "M0,50L50,25L100,0L100,50L50,50L0,50Z",
      total: 6,
      points: [
        { x: 0, y: 50 },
        { x: 50, y: 25 },
        { x: 100, y: 0 },
      ],
    });
    expect(chart.days.map((d) => [d.label, d.x])).toEqual([
      ["Sat", 0],
      ["Sun", 50],
      ["Mon", 100],
    ]);
  });

  it("shares one scale between series so they can be compared", () => {
    const chart = dailyChart("NDAs", ["2026-11-22", "2026-11-23"], [{ label: "Requested", values: [2, 2] }, { label: "Signed", values: [1, 0] }], flat);
    expect(chart.series.map((s) => s.line)).toEqual(["M0,0L100,0", "M0,25L100,50"]);
  });

  it("draws an empty week as a flat line on the baseline", () => {
    const days = lastDays(new Date("2026-11-23T10:00:00Z"));
    const chart = dailyChart("Sign-ups", days, [{ label: "Sign-ups", values: perDay(days, []) }], flat);
    expect(chart.max).toBe(1);
    expect(chart.series[0]!.values).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(chart.series[0]!.line).toBe("M0,50L16.67,50L33.33,50L50,50L66.67,50L83.33,50L100,50");
    expect(chart.series[0]!.total).toBe(0);
    expect(dailyChart("None", [], [{ label: "None", values: [] }], flat).series[0]).toMatchObject({ line: "", area: "" });
  });

  it("counts the last seven UTC days up to today, a day without rows as 0", () => {
    const days = lastDays(new Date("2026-03-01T23:59:00Z"));
    expect(days).toEqual(["2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(perDay(days, [{ day: "2026-02-24", count: 3 }, { day: "2026-01-01", count: 9 }])).toEqual([0, 3, 0, 0, 0, 0, 0]);
    expect(weekdayOf("2026-03-01")).toBe("Sun");
  });
});
