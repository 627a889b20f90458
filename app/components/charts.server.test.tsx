import { describe, expect, it } from "vitest";
import { dailyChartMarkup, stackedChartMarkup, stepsChartMarkup } from "./charts.server";

/** The daily charts as a screen reader meets them: the SVG's name and description, and the hidden table of days. */

const days = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"];
const rowsOf = (html: string) => [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th>((?:<td>[^<]*<\/td>)*)<\/tr>/g)].map((m) => [m[1], ...[...m[2]!.matchAll(/<td>([^<]*)<\/td>/g)].map((c) => c[1])]);
/** The texts the SVG's aria-labelledby names, each found by its id. */
function accessibleName(html: string) {
  const ids = html.match(/role="img" aria-labelledby="([^"]+)"/)![1]!.split(" ");
  return ids.map((id) => html.match(new RegExp(`id="${id}">([^<]*)<`))?.[1]);
}

describe("a daily chart's table for screen readers", () => {
  it("lists the days with any, each with every series' count, and the description says so", () => {
    const { html } = dailyChartMarkup("last 4 days", "NDAs", days, [
      { label: "Requested", values: [0, 2, 0, 1] },
      { label: "Signed", values: [0, 0, 0, 1] },
    ]);
    expect(rowsOf(html)).toEqual([
      ["2026-03-02", "2", "0"],
      ["2026-03-04", "1", "1"],
    ]);
    expect(accessibleName(html)).toEqual(["NDAs per day, last 4 days", "Totals: Requested: 3, Signed: 1. The table below lists each day with any."]);
  });

  it("with no activity, is not drawn, and the chart's name and description still say what it shows", () => {
    const { html } = dailyChartMarkup("last 4 days", "Views", days, [{ label: "Views", values: [0, 0, 0, 0] }]);
    expect(html).not.toContain("<table");
    expect(accessibleName(html)).toEqual(["Views per day, last 4 days", "Totals: Views: 0."]);
  });

  it("of a stacked chart, lists the days with any, each layer's count and the day's whole", () => {
    const layers = [
      { label: "Search", values: [3, 0, 0, 1] },
      { label: "Home", values: [0, 0, 0, 2] },
    ];
    const { html } = stackedChartMarkup("last 4 days", "Sessions", days, layers);
    expect(rowsOf(html)).toEqual([
      ["2026-03-01", "3", "0", "3"],
      ["2026-03-04", "1", "2", "3"],
    ]);
    expect(accessibleName(html)[1]).toBe("Totals: Search: 4, Home: 2. The table below lists each day with any.");
    const none = stackedChartMarkup("last 4 days", "Sessions", days, layers.map((l) => ({ ...l, values: [0, 0, 0, 0] }))).html;
    expect(none).not.toContain("<table");
    expect(accessibleName(none)[1]).toBe("Totals: Search: 0, Home: 0.");
  });
});

describe("a steps chart's table for screen readers", () => {
  const steps = ["NDA", "Data room", "Offer"];
  it("lists each item with the furthest step it reached, and the description says so", () => {
    const html = stepsChartMarkup("Your deals", "Deals", steps, [
      { label: "Pool A", reached: 2 },
      { label: "Pool B", reached: 0 },
    ]).html;
    expect(rowsOf(html)).toEqual([
      ["Pool A", "Data room"],
      ["Pool B", "&#8212;"],
    ]);
    expect(accessibleName(html)).toEqual(["Deals", "Pool A: Data room; Pool B: none. The table below lists each one."]);
  });

  it("with no items, has no table and does not promise one", () => {
    const html = stepsChartMarkup("Your deals", "Deals", steps, []).html;
    expect(html).not.toContain("<table");
    expect(accessibleName(html)).toEqual(["Deals", "None yet."]);
  });
});
