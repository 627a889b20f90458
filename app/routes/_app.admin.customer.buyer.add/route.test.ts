import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** The admin's "Add a member" form, as a customer's page links to it. */
const app = await bootApp("route-admin-add-member");
const { loader } = await import("./route");
const { customers } = await import("~/.server/db/schema");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query: string) => (await sent(loader({ request: getRequest(`/admin/customer/buyer/add${query}`, admin.cookie), context, params: {} }))).json();

describe("adding a member from a customer's page", () => {
  it("offers and chooses that customer when five hundred others come before it by name", async () => {
    await services.db.insert(customers).values(Array.from({ length: 500 }, (_, i) => ({ name: `Aardvark Capital ${String(i).padStart(3, "0")}` })));
    const [late] = await services.db.insert(customers).values({ name: "Zephyr Lending" }).returning();
    const form = await open(`?customerId=${late!.id}`);
    expect(form.customerId).toBe(String(late!.id));
    expect(form.customers).toContainEqual({ id: late!.id, name: "Zephyr Lending" });
  });
});
