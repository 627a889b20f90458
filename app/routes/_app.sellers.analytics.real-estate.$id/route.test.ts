import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** One real-estate project's valuation, as its seller's browser opens it. */
const app = await bootApp("route-real-estate-valuation");
const { loader } = await import("./route");
const { projects } = await import("~/.server/db/schema");
const { FALLBACK_MARKET } = await import("~/lib/real-estate-valuation");
const { context, services } = app;
const seller = await app.member("seller@demo.test");
afterAll(() => app.cleanup());

const valuation = (id: number, query = "") => sent(loader({ request: getRequest(`/sellers/analytics/real-estate/${id}${query}`, seller.cookie), context, params: { id: String(id) } }));
const open = async (id: number) => (await valuation(id)).json();
/** A draft of the seller's, of a property type system data does not hold. */
const draft = async (projectName: string, details: Record<string, unknown>) =>
  (await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "real_estate", status: "draft", projectName, details: { propertyType: "Lighthouse", ...details } }).returning())[0]!;

describe("a valuation without system data for its property type", () => {
  it("says the rent was backed out with the expense ratio it used (the fallback's), not 0%, and the vacancy is no system data", async () => {
    const page = await open((await draft("Lighthouse", { noi: 130_000, occupancy: 100 })).id);
    expect(page.sources.capRate).toMatch(/No system data/);
    // 130,000 of NOI at no vacancy and the fallback's 35% of expenses: 200,000 of rent
    expect(page.defaults).toMatchObject({ rent: 200_000, expenses: 70_000 });
    expect(page.sources.rent).toContain(`(${FALLBACK_MARKET.expenseRatio}%)`);
    // without an occupancy the vacancy is the fallback's too, not system data
    const other = await open((await draft("Lightship", { noi: 130_000 })).id);
    expect(other.defaults.vacancy).toBe(FALLBACK_MARKET.vacancy);
    expect(other.sources.vacancy).not.toMatch(/^System data/);
  });
});

describe("assumptions that do not parse", () => {
  it("answer 400 with the form's message, the page valued on the defaults and every other field showing its default", async () => {
    const response = await valuation((await draft("Bad cap", { noi: 130_000, occupancy: 100 })).id, "?capRate=0");
    expect(response.status).toBe(400);
    const page = await response.json();
    expect(page.result!.error!.capRate).toEqual(["Requires a value of at least 0.5."]);
    expect(page.inputs).toEqual(page.defaults);
    expect(page.result!.initialValue).toMatchObject({ capRate: "0", rent: String(page.defaults.rent), vacancy: String(page.defaults.vacancy) });
  });
});
