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

describe("a member added with the Admin role (a form posted by hand: the page offers no such box)", () => {
  it("is refused (400) with what Admin is for, on the roles the page shows, and no account or invitation written", async () => {
    const { action } = await import("./route");
    const { postRequest, responseOf } = await import("../../../tests/support/app");
    const { outbox, users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { MEMBER_ADMIN_MESSAGE } = await import("~/lib/schemas/customer");
    const [customer] = await services.db.insert(customers).values({ name: "Staff Lending" }).returning();
    const outboxBefore = (await services.db.select().from(outbox)).length;
    for (const roles of [["ROLE_ADMIN"], ["ROLE_BUYER", "ROLE_ADMIN"]]) {
      const body = new URLSearchParams({ customerId: String(customer!.id), name: "Ann Staff", email: "ann.staff@stafflending.example" });
      for (const role of roles) body.append("roles", role);
      const answer = await responseOf(action({ request: postRequest("/admin/customer/buyer/add", admin.cookie, body), context, params: {} }));
      expect(answer.status, roles.join()).toBe(400);
      const { result } = (await answer.json()) as { result: { error: Record<string, string[]> } };
      expect(result.error.roles, roles.join()).toEqual([MEMBER_ADMIN_MESSAGE]);
    }
    expect(await services.db.select().from(users).where(eq(users.email, "ann.staff@stafflending.example"))).toHaveLength(0);
    expect(await services.db.select().from(outbox)).toHaveLength(outboxBefore);
  });
});

describe("a member's form sent twice (a double click without JavaScript)", () => {
  it("adds one member, mails one invitation, and answers the second post as the first, not 'exists already'", async () => {
    const { action } = await import("./route");
    const { postRequest, responseOf } = await import("../../../tests/support/app");
    const { outbox } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const [customer] = await services.db.insert(customers).values({ name: "Twice Sent Capital" }).returning();
    const { submissionKey } = await open(`?customerId=${customer!.id}`);
    const email = "sent.twice@twicesent.example";
    const post = () =>
      responseOf(
        action({
          request: postRequest(`/admin/customer/buyer/add?customerId=${customer!.id}`, admin.cookie, { customerId: String(customer!.id), name: "Sam Twice", email, roles: "ROLE_BUYER", key: submissionKey }),
          context,
          params: {},
        }),
      );
    const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
    const [first, second] = [await post(), await post()];
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(`/admin/customers/${customer!.id}`);
    expect((await notice(second))!.message).toBe(`Sam Twice is added, once: the form was sent twice, and one invitation is on its way to ${email}.`);
    expect(await services.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(1);
  });
});
