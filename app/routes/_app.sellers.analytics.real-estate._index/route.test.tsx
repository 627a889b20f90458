import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** The seller's real-estate analytics table, as their browser opens it. */
const app = await bootApp("route-real-estate-analytics");
const { default: RealEstateAnalyticsPage, loader } = await import("./route");
const { ownRealEstateStates } = await import("~/models/real-estate.server");
const { context, services } = app;
const seller = await app.member("seller@demo.test");
afterAll(() => app.cleanup());

const open = async (query: string) => (await sent(loader({ request: getRequest(`/sellers/analytics/real-estate${query}`, seller.cookie), context, params: {} }))).json();

/** What the seller sees: the real page component, rendered by Remix's test stub with what the loader answered. */
async function render(query: string) {
  const data = await open(query);
  const RemixStub = createRemixStub([{ id: "real-estate", path: "/sellers/analytics/real-estate", Component: RealEstateAnalyticsPage }]);
  const quiet = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) process.stderr.write(`${args.join(" ")}\n`);
  });
  try {
    const html = renderToString(<RemixStub initialEntries={[`/sellers/analytics/real-estate${query}`]} hydrationData={{ loaderData: { "real-estate": data } }} />);
    return { data, html, map: /<figure[\s\S]*<\/figure>/.exec(html)?.[0] ?? "" };
  } finally {
    quiet.mockRestore();
  }
}

const unescape = (s: string) => s.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));

describe("the real-estate table's pages", () => {
  it("past the last (a stale or made-up ?page=) show the last, not \"You have no real-estate projects.\" over a count of them", async () => {
    const first = await render("");
    expect(first.data.total).toBeGreaterThan(0);
    const last = Math.ceil(first.data.total / first.data.pageSize);
    const lastPage = await render(`?page=${last}`);
    // the dots, not their larger targets under them (the same links, out of the tab order)
    const dots = (map: string) => [...map.matchAll(/<a href="([^"]+)" aria-label=/g)].map((m) => m[1]);
    for (const far of [last + 1, 1_000_000_000]) {
      const past = await render(`?page=${far}`);
      expect(past.data, String(far)).toMatchObject({ page: last, total: first.data.total });
      expect(past.data.rows.map((r) => r.id)).toEqual(lastPage.data.rows.map((r) => r.id));
      expect(dots(past.map)).toEqual(dots(lastPage.map));
      expect(dots(past.map).length).toBe(lastPage.data.rows.length);
    }
  });
});

describe("the map", () => {
  it("shades and counts the states by all the seller's real-estate projects, with a dot opening each project of the table's page", async () => {
    const { data, map } = await render("");
    const states = await ownRealEstateStates(services.db, { sellerId: seller.user.id });
    expect(states.length).toBeGreaterThan(0);
    // every state outlined, shaded and titled by its count of all the seller's projects
    const outlines = [...map.matchAll(/<path d="[^"]+" fill="([^"]+)"><title>([^<]+)<\/title><\/path>/g)].map((m) => [m[1], unescape(m[2]!)]);
    expect(outlines.length).toBeGreaterThanOrEqual(49);
    const counted = new Map(states.map((s) => [s.state, s.count]));
    expect(outlines.filter(([fill]) => fill === "#bfdbfe").length).toBe(states.length);
    expect(outlines.map(([, title]) => title)).toContain("Texas: " + (counted.get("TX") ?? 0).toLocaleString("en-US") + " projects");
    // the counts beside it, most first
    const rows = [...map.matchAll(/data-testid="state-count-([A-Z]+)">([^<]+)</g)].map((m) => [m[1], Number(m[2]!.replace(/,/g, ""))]);
    expect(rows).toEqual(states.map((s) => [s.state, s.count]));
    // a dot per project of the page, each linking to its valuation and named by it
    const dots = [...map.matchAll(/<a href="([^"]+)" aria-label="([^"]+)"><circle cx="[\d.]+" cy="[\d.]+" r="5"/g)].map((m) => [m[1], unescape(m[2]!)]);
    expect(dots.sort()).toEqual(data.rows.map((r) => [`/sellers/analytics/real-estate/${r.id}`, `${r.projectName} (${r.state || "no state"})`]).sort());
    expect(map).toContain(`<title id="us-map-title">Your real-estate projects on the map</title>`);
    expect(unescape(map)).toContain(`how many of your ${data.total.toLocaleString("en-US")} real-estate projects they have, with a dot for each of the ${dots.length} projects on this page`);
  });

  it("arrives drawn, once: the loader sends the map's markup (left out of a document's handoff), not the states' outlines as data to draw again", async () => {
    const data = await open("");
    expect(Object.keys(data.map ?? {})).toEqual(["html"]);
    expect(data.map?.html).toContain("<svg");
  });
});
