import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** A customer's page as the admin opens it. */
const app = await bootApp("route-admin-customer");
const { loader } = await import("./route");
const { context } = app;
const admin = await app.member("admin@demo.test");
const buyer = await app.member("buyer@demo.test");
afterAll(() => app.cleanup());

const open = async (customerId: number, query: string) =>
  (await sent(loader({ request: getRequest(`/admin/customers/${customerId}?${query}`, admin.cookie), context, params: { id: String(customerId) } }))).json();

describe("a customer's members", () => {
  it("past their last page (a stale or made-up ?page=) show the last, not an empty list over a count of them", async () => {
    const customerId = buyer.user.customerId!;
    const first = await open(customerId, "");
    expect(first.members.total).toBeGreaterThan(0);
    const last = Math.ceil(first.members.total / first.members.pageSize);
    for (const query of [`page=${last + 1}`, "page=10000", `page=10000&q=${encodeURIComponent(buyer.user.email)}`]) {
      const past = await open(customerId, query);
      expect(past.members.page, query).toBe(last);
      expect(past.members.rows.length, query).toBeGreaterThan(0);
    }
  });
});
