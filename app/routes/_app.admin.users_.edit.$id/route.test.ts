import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf } from "../../../tests/support/app";

/** An admin's edit of an account on /admin/users/edit/{id}. */
const app = await bootApp("route-admin-user-edit");
const { action } = await import("./route");
const { loader: usersLoader } = await import("../_app.admin.users/route");
const { findUserById } = await import("~/models/users.server");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

type Values = { name: string; email: string; company?: string; phone?: string; roles: string[] };
const form = (values: Values) => {
  const body = new URLSearchParams({ name: values.name, email: values.email, company: values.company ?? "", phone: values.phone ?? "" });
  for (const role of values.roles) body.append("roles", role);
  return body;
};
const edit = (userId: number, values: Values, cookie = admin.cookie) =>
  responseOf(action({ request: postRequest(`/admin/users/edit/${userId}`, cookie, form(values)), context, params: { id: String(userId) } }));
const errorsOf = async (response: Response) => ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error;

describe("an admin editing their own roles", () => {
  it("cannot tick Buyer or Seller beside Admin: they would act as a buyer or seller and lose every admin page (409, roles kept)", async () => {
    const me = admin.user;
    for (const extra of ["ROLE_BUYER", "ROLE_SELLER"]) {
      const refused = await edit(me.id, { name: me.name, email: me.email, company: me.company, roles: ["ROLE_ADMIN", extra] });
      expect(refused.status, extra).toBe(409);
      expect((await errorsOf(refused)).roles, extra).toEqual(["You cannot give yourself a role that comes before Admin (Buyer, Seller): you would lose the admin pages."]);
      expect((await findUserById(app.services.db, me.id))!.roles, extra).toEqual(["ROLE_ADMIN"]);
    }
    // still an admin: the users page opens
    expect((await responseOf(usersLoader({ request: getRequest("/admin/users", admin.cookie), context, params: {} }))).status).toBe(200);
    // Broker and Agent come after Admin: the admin still acts as one
    const saved = await edit(me.id, { name: me.name, email: me.email, company: me.company, roles: ["ROLE_ADMIN", "ROLE_AGENT"] });
    expect(saved.status).toBe(302);
    expect((await findUserById(app.services.db, me.id))!.roles).toEqual(["ROLE_ADMIN", "ROLE_AGENT"]);
    await edit(me.id, { name: me.name, email: me.email, company: me.company, roles: ["ROLE_ADMIN"] });
  });
});
