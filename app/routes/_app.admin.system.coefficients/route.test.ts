import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** The pricing coefficients' page as an admin reads it: its rows arrive drawn, the form's choices ready. */
const app = await bootApp("route-admin-coefficients");
const { loader } = await import("./route");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query = "") => (await sent(loader({ request: getRequest(`/admin/system/coefficients${query}`, admin.cookie), context, params: {} }))).json();

describe("the coefficient rows", () => {
  it("arrive as markup (not as data), each with its dimension's label, edit link and delete form", async () => {
    const page = await open("?pageSize=100");
    expect(page).not.toHaveProperty("rows");
    const rows = page.body.html.match(/<tr[^>]*data-testid="coefficient-[^"]+"[\s\S]*?<\/tr>/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatch(/href="\/admin\/system\/coefficients\?pageSize=100&amp;edit=\d+"/);
      expect(row).toMatch(/<form method="post"/);
      expect(row).toMatch(/aria-label="Delete [^"]+"/);
    }
  });

  it("the form's bands come by dimension from the loader", async () => {
    const page = await open();
    expect(page.bandGroups.map((g: { label: string }) => g.label)).toContain("Spread by property type (bp)");
    expect(page.bandGroups.every((g: { bands: string[] }) => g.bands.length > 0)).toBe(true);
  });
});
