import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** The seller's real-estate analytics table, as their browser opens it. */
const app = await bootApp("route-real-estate-analytics");
const { loader } = await import("./route");
const { context } = app;
const seller = await app.member("seller@demo.test");
afterAll(() => app.cleanup());

const open = async (query: string) => (await sent(loader({ request: getRequest(`/sellers/analytics/real-estate${query}`, seller.cookie), context, params: {} }))).json();

describe("the real-estate table's pages", () => {
  it("past the last (a stale or made-up ?page=) show the last, not \"You have no real-estate projects.\" over a count of them", async () => {
    const first = await open("");
    expect(first.total).toBeGreaterThan(0);
    const last = Math.ceil(first.total / first.pageSize);
    const lastPage = await open(`?page=${last}`);
    for (const far of [last + 1, 1_000_000_000]) {
      const past = await open(`?page=${far}`);
      expect(past, String(far)).toMatchObject({ page: last, total: first.total });
      expect(past.rows.map((r) => r.id)).toEqual(lastPage.rows.map((r) => r.id));
      expect(past.map.dots.length).toBe(lastPage.rows.length);
    }
  });
});
