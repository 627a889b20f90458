import { describe, expect, it } from "vitest";
import { dailyChartMarkup, funnelChartMarkup, stackedChartMarkup, stepsChartMarkup } from "./charts.server";

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

describe("a chart on a phone", () => {
  const svgOf = (html: string) => html.match(/<svg [^>]*>/)![0];
  const widthOf = (html: string) => Number(svgOf(html).match(/ width="(\d+)"/)![1]);
  const viewWidthOf = (html: string) => Number(svgOf(html).match(/viewBox="0 0 (\d+) /)![1]);

  it("is never drawn narrower than its 10 px words stay 10 px at, and scrolls sideways in a box a keyboard reaches and that is named", () => {
    // the seller desk's 90 days, whose labels a 278 px wide card shrank to 6 px
    const { html } = dailyChartMarkup("last 90 days", "Views", days, [{ label: "Views", values: [1, 2, 0, 1] }], { width: 480, height: 120, labelEvery: 15 });
    expect(widthOf(html)).toBe(viewWidthOf(html));
    expect(svgOf(html)).toContain('class="h-auto min-w-full shrink-0"');
    // opened on the latest days, at the right end
    expect(html).toMatch(/<div class="flex flex-row-reverse scroll-shadows mt-2 overflow-x-auto contain-inline-size" role="group" aria-labelledby="([^"]+)-title" tabindex="0"><svg /);
    // named by the drawing's own title, so the name is not written into the page twice
    expect(html).toMatch(/<title id="[^"]+-title">Views per day, last 90 days<\/title>/);
    const stacked = stackedChartMarkup("last 4 days", "Sessions", days, [{ label: "Search", values: [3, 0, 0, 1] }], { width: 720, height: 160, labelEvery: 15 }).html;
    expect(widthOf(stacked)).toBe(720);
  });

  it("whose words are 11 px may be drawn smaller, down to 10 px, before it scrolls", () => {
    const { html } = stepsChartMarkup("Your deals", "Deals", ["NDA", "Offer"], [{ label: "Pool A", reached: 1 }]);
    expect(viewWidthOf(html)).toBe(560);
    expect(widthOf(html)).toBe(510);
  });

  it("keeps the names along its left edge in view: drawn over the plot in an SVG of their own at the plot's scale, which stays put while the plot scrolls", () => {
    // a seller's funnel, scrolled on a 360 px phone, showed bars with no step's name beside them
    const { html } = funnelChartMarkup("Deal funnel", [
      { label: "Viewed", count: 4 },
      { label: "NDA signed", count: 1 },
    ]);
    const [plot, axis] = [...html.matchAll(/<svg [^>]*>.*?<\/svg>/g)].map((m) => m[0]);
    expect(axis).toMatch(/^<svg viewBox="0 0 94 120" width="29.38%" class="sticky left-0 [^"]*\[grid-area:1\/1\]" aria-hidden="true"/);
    expect(axis).toContain(">Viewed</text>");
    expect(axis).toContain(">NDA signed</text>");
    // one cell holds both, the axis over the plot, which is the chart's named drawing
    expect(svgOf(plot!)).toContain("[grid-area:1/1]");
    expect(plot).toContain('role="img"');
    expect(plot).not.toContain(">Viewed</text>");
    // the rows' names of a steps chart, likewise; its steps' names scroll with the plot
    const steps = stepsChartMarkup("Your deals", "Deals", ["NDA", "Offer"], [{ label: "Pool A", reached: 1 }]).html;
    const [stepsPlot, stepsAxis] = [...steps.matchAll(/<svg [^>]*>.*?<\/svg>/g)].map((m) => m[0]);
    expect(stepsAxis).toContain(">Pool A</text>");
    expect(stepsPlot).toContain(">Offer</text>");
    expect(stepsPlot).not.toContain(">Pool A</text>");
  });

  it("of the admin's week fits a 360 px phone's card (278 px inside) without scrolling", () => {
    const { html } = dailyChartMarkup("last 7 days", "Sign-ups", days, [{ label: "Sign-ups", values: [1, 0, 0, 0] }]);
    expect(widthOf(html)).toBeLessThanOrEqual(278);
  });
});
