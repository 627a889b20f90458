import { describe, expect, it } from "vitest";
import { cashFlowChart } from "./cash-flow-chart";

describe("the cash-flow chart", () => {
  it("stacks principal, interest and recoveries a year at a time, inside the plot", () => {
    const chart = cashFlowChart([
      { year: 1, principal: 100, interest: 50, recovery: 10, loss: 5 },
      { year: 2, principal: 200, interest: 20, recovery: 0, loss: 0 },
    ]);
    expect(chart.bars).toHaveLength(6);
    const year2 = chart.bars.filter((b) => b.year === 2);
    const top = Math.min(...year2.map((b) => b.y));
    expect(top).toBeGreaterThanOrEqual(chart.plot.top);
    for (const b of chart.bars) expect(b.y + b.height).toBeLessThanOrEqual(chart.plot.bottom + 0.01);
    // the taller year reaches higher
    expect(top).toBeLessThan(Math.min(...chart.bars.filter((b) => b.year === 1).map((b) => b.y)));
  });
  it("draws nothing out of range for no flows", () => {
    const chart = cashFlowChart([]);
    expect(chart.bars).toEqual([]);
    expect(chart.max).toBe(1);
  });
});
