import { describe, expect, it } from "vitest";
import { dailyChart, funnelChart, lastDays, perDay, shortDateOf, stackedDailyChart, stepsChart, weekdayOf } from "./charts";

const flat = { width: 100, height: 50, margin: { top: 0, right: 0, bottom: 0, left: 0 } };

describe("daily charts", () => {
  it("draws each series as a line and the area under it, scaled to the largest count", () => {
    const chart = dailyChart("Offers", ["2026-11-21", "2026-11-22", "2026-11-23"], [{ label: "Offers", values: [0, 2, 4] }], flat);
    expect(chart.max).toBe(4);
    expect(chart.series[0]).toMatchObject({
      line: "M0,50L50,25L100,0",
      area: "M0,50L50,25L100,0L100,50L0,50Z",
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

  it("draws a quiet stretch from its first day to its last, and a busy day between them", () => {
    const days = ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"];
    const chart = dailyChart("Views", days, [{ label: "Views", values: [0, 0, 0, 2, 0, 0] }], flat);
    expect(chart.series[0]).toMatchObject({ line: "M0,50L40,50L60,0L80,50L100,50", area: "M0,50L40,50L60,0L80,50L100,50L100,50L0,50Z" });
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
    // a run of days at one height is drawn from its first day to its last
    expect(chart.series[0]!.line).toBe("M0,50L100,50");
    expect(chart.series[0]!.points).toHaveLength(7);
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

describe("long periods and funnels", () => {
  it("labels every nth day of a long period with its date, counting back from today", () => {
    const days = lastDays(new Date("2026-11-23T10:00:00Z"), 90);
    expect(days).toHaveLength(90);
    expect(days[0]).toBe("2026-08-26");
    const chart = dailyChart("Views", days, [{ label: "Views", values: [] }], { ...flat, labelEvery: 30 });
    expect(chart.days.filter((d) => d.label).map((d) => [d.day, d.label])).toEqual([
      ["2026-09-24", "24 Sep"],
      ["2026-10-24", "24 Oct"],
      ["2026-11-23", "23 Nov"],
    ]);
    expect(shortDateOf("2026-01-05")).toBe("5 Jan");
  });

  it("draws each stage as a bar from the labels, scaled to the largest count", () => {
    const chart = funnelChart("Deal funnel", [
      { label: "Viewed", count: 4 },
      { label: "Offer", count: 1 },
    ], { width: 140, height: 110, left: 40, right: 0 });
    expect(chart.bars).toEqual([
      { label: "Viewed", count: 4, y: 10, width: 100, height: 40, labelY: 30 },
      { label: "Offer", count: 1, y: 60, width: 25, height: 40, labelY: 80 },
    ]);
    expect(funnelChart("Empty", [{ label: "Viewed", count: 0 }]).bars[0]!.width).toBe(0);
  });
});

describe("stacked daily charts", () => {
  it("stacks the series bottom first, so the top layer's edge is each day's total on one scale", () => {
    const chart = stackedDailyChart("Sessions", ["2026-11-22", "2026-11-23"], [{ label: "Home", values: [1, 2] }, { label: "Search", values: [1, 0] }], flat);
    expect(chart.max).toBe(2);
    expect(chart.totals).toEqual([2, 2]);
    expect(chart.layers.map((l) => [l.label, l.total])).toEqual([["Home", 3], ["Search", 1]]);
    // drawn in days and counts, which one transform lays on the plot: a day is 100 wide, a count 25 high, upwards
    expect(chart.transform).toBe("translate(0,50) scale(100,-25)");
    // Home from 0 to 1 then 2; Search on top of it: from 1 to 2, then nothing above 2
    expect(chart.layers[0]!.area).toBe("M0,1L1,2L1,0L0,0Z");
    expect(chart.layers[1]!.area).toBe("M0,2L1,2L1,2L0,1Z");
  });

  it("draws a quiet stretch of a layer by its ends, along both of its edges, and an empty layer not at all", () => {
    const days = ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"];
    const chart = stackedDailyChart(
      "Sessions",
      days,
      [{ label: "Home", values: [0, 0, 0, 0, 2] }, { label: "Search", values: [0, 0, 0, 0, 0] }, { label: "Other", values: [0, 1, 1, 1, 0] }],
      flat,
    );
    expect(chart.layers[0]!.area).toBe("M0,0L3,0L4,2L4,0L0,0Z");
    expect(chart.layers[1]!.area).toBe("");
    expect(chart.layers[2]!.area).toBe("M0,0L1,1L3,1L4,2L4,2L3,0L0,0Z");
  });
});

describe("steps charts", () => {
  it("puts a column per step and a row per item, the steps reached filled and joined", () => {
    const chart = stepsChart("Deal stages", ["Viewed", "Signed", "Offer"], [{ label: "A", reached: 2 }, { label: "B", reached: 1 }], { width: 300, left: 100, right: 0, rowHeight: 20, top: 20 });
    expect(chart.steps).toEqual([{ label: "Viewed", x: 100 }, { label: "Signed", x: 200 }, { label: "Offer", x: 300 }]);
    expect(chart.height).toBe(64);
    expect(chart.rows.map((r) => r.y)).toEqual([30, 50]);
    expect(chart.rows[0]!.dots.map((d) => d.done)).toEqual([true, true, false]);
    expect(chart.rows[0]!.line).toBe("M100,0L200,0");
    expect(chart.rows[1]!.line).toBe("M100,0Z");
  });
});
