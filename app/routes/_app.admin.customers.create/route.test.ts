import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** The admin's new-customer form, as a browser (or a script) posts it. */
const app = await bootApp("route-admin-customer-create");
const { action } = await import("./route");
const { customers } = await import("~/.server/db/schema");
const { eq, sql } = await import("drizzle-orm");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const post = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/admin/customers/create", admin.cookie, fields), context, params: {} }));

describe("a new customer's website", () => {
  it("of any length was stored (200,000 characters shown in every table and CSV); past 200 characters it is refused with the field's message", async () => {
    const long = await post({ customerName: "Longsite Capital", customerType: "buyer", website: `https://${"a".repeat(200_000)}.com/` });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { result: { error: Record<string, string[]> } }).result.error.website).toEqual(["A maximum of 200 characters is allowed."]);
    expect(await services.db.select({ id: customers.id }).from(customers).where(eq(customers.name, "Longsite Capital"))).toEqual([]);
    const fits = await post({ customerName: "Longsite Capital", customerType: "buyer", website: `https://${"a".repeat(180)}.com/` });
    expect(fits.status).toBe(302);
  });
});

describe("a new customer named as another one", () => {
  it("is refused (409) with the name's field error naming that customer, in any case, and nothing is written", async () => {
    const first = await post({ customerName: "Twin Name Partners", customerType: "buyer" });
    expect(first.status).toBe(302);
    const [existing] = await services.db.select().from(customers).where(eq(customers.name, "Twin Name Partners"));
    const again = await post({ customerName: "  twin name PARTNERS ", customerType: "seller", website: "https://twin-name.example" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { result: { error: Record<string, string[]> } }).result.error.customerName).toEqual([
      `Twin Name Partners (customer ${existing!.id}) has this name already.`,
    ]);
    const named = await services.db.select({ id: customers.id }).from(customers).where(sql`lower(${customers.name}) = 'twin name partners'`);
    expect(named).toEqual([{ id: existing!.id }]);
  });
});

describe("the new-customer form sent twice (a double click, a resend)", () => {
  it("makes one customer, and both posts land on its page; the same name from a fresh page is still refused", async () => {
    const { loader } = await import("./route");
    const { submissionKey } = await loader({ request: new Request("http://localhost/admin/customers/create", { headers: { Cookie: admin.cookie } }), context, params: {} });
    const fields = { customerName: "Double Click Capital", customerType: "buyer", key: submissionKey };
    const [first, second] = await Promise.all([post(fields), post(fields)]);
    const third = await post(fields);
    const made = await services.db.select({ id: customers.id }).from(customers).where(eq(customers.name, "Double Click Capital"));
    expect(made).toHaveLength(1);
    for (const answer of [first, second, third]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(`/admin/customers/${made[0]!.id}`);
    }
    const fresh = await post({ ...fields, key: "another-page" });
    expect(fresh.status).toBe(409);
  });
});

describe("the new-customer page sent again after back, another name typed", () => {
  it("makes that customer too: the page's key made another one, and this post is no repeat", async () => {
    const fields = { customerType: "buyer", key: "back-and-again" };
    expect((await post({ ...fields, customerName: "Back Once Capital" })).status).toBe(302);
    const again = await post({ ...fields, customerName: "Back Twice Capital" });
    expect(again.status).toBe(302);
    const [made] = await services.db.select({ id: customers.id }).from(customers).where(eq(customers.name, "Back Twice Capital"));
    expect(again.headers.get("Location")).toBe(`/admin/customers/${made!.id}`);
  });
});
