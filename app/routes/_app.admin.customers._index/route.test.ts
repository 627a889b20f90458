import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** The admin's customer table, as an address asks for it. */
const app = await bootApp("route-admin-customers");
const { loader } = await import("./route");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query: string) => (await sent(loader({ request: getRequest(`/admin/customers?${query}`, admin.cookie), context, params: {} }))).json();

describe("the customer table's pages", () => {
  it("past the last (a stale or made-up ?page=) show the last, not \"No customers match.\" over a count of them", async () => {
    for (const filters of ["pageSize=10", "pageSize=10&customerType=buyer", "pageSize=10&q=a", "pageSize=10&views=1"]) {
      const first = await open(filters);
      expect(first.total, filters).toBeGreaterThan(0);
      const last = Math.max(1, Math.ceil(first.total / first.pageSize));
      const lastPage = await open(`${filters}&page=${last}`);
      for (const page of [last + 1, 10_000]) {
        const past = await open(`${filters}&page=${page}`);
        expect(past.body.html, `${filters}&page=${page}`).not.toContain("No customers match.");
        expect(past.page, `${filters}&page=${page}`).toBe(last);
        expect(past.body.html).toBe(lastPage.body.html);
      }
    }
  });
});

describe("the customer table's links to a customer", () => {
  it("name the table as the admin has it (?back=), the way back from the customer's pages; the bare table names nothing", async () => {
    const bare = await open("");
    expect(bare.body.html).toMatch(/href="\/admin\/customers\/\d+"/);
    expect(bare.body.html).not.toContain("back=");
    // the same rows under two addresses: each page's links name its own
    for (const query of ["sort=customerName&desc=1", "sort=customerName&desc=1&enabled=Any"]) {
      const { body } = await open(query);
      const back = `back=${encodeURIComponent(`/admin/customers?${query}`)}`.replaceAll("&", "&amp;");
      expect(body.html, query).toMatch(new RegExp(`href="/admin/customers/\\d+\\?${back.replaceAll("%", "\\%")}"`));
      expect(body.html, query).toMatch(new RegExp(`href="/admin/customers/edit/\\d+\\?${back.replaceAll("%", "\\%")}"`));
    }
  });
});
