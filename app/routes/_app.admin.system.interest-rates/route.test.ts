import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The benchmark curve's page as an admin reads it: its rows arrive drawn, each with its edit link and delete form. */
const app = await bootApp("route-admin-interest-rates");
const { loader, action } = await import("./route");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query = "") => (await sent(loader({ request: getRequest(`/admin/system/interest-rates${query}`, admin.cookie), context, params: {} }))).json();
const post = (fields: Record<string, string>, query = "") =>
  responseOf(action({ request: postRequest(`/admin/system/interest-rates${query}`, admin.cookie, fields), context, params: {} }));

describe("the interest-rate rows", () => {
  it("arrive as markup (not as data): each row's test id, values, edit link keeping the filters, and delete form", async () => {
    expect((await post({ intent: "create", asOf: "2020-02-03", tenorMonths: "120", rate: "4.4" })).status).toBe(302);
    const page = await open("?asOf=2020-02-03");
    expect(page).not.toHaveProperty("rows");
    const row = page.body.html.match(/<tr[^>]*data-testid="rate-2020-02-03-120"[\s\S]*?<\/tr>/)?.[0] ?? "";
    expect(row).toContain("4.400");
    expect(row).toContain("10 years");
    const id = row.match(/name="id" value="(\d+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(row).toContain(`href="/admin/system/interest-rates?asOf=2020-02-03&amp;edit=${id}"`);
    expect(row).toMatch(/<form method="post"/);
    expect(row).toContain('aria-label="Delete 2020-02-03 10 years"');
    expect(row).toContain('aria-label="Edit 2020-02-03 10 years"');
  });

  it("a point the server refuses keeps its values and names the field's problem", async () => {
    const response = await post({ intent: "create", asOf: "2020-02-04", tenorMonths: "0", rate: "abc" });
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error.rate).toEqual(["Value must be a valid decimal."]);
    expect(result.initialValue).toMatchObject({ asOf: "2020-02-04", tenorMonths: "0", rate: "abc" });
  });
});
