import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** The admin user table's switches on /admin/users: enable, disable, unlock. */
const app = await bootApp("route-admin-users");
const { action } = await import("./route");
const { action: edit } = await import("../_app.admin.users_.edit.$id/route");
const { auditLog, users } = await import("~/.server/db/schema");
const { findUserById, LAST_ADMIN_MESSAGE } = await import("~/models/users.server");
const { makeUser } = await import("~/seed/factories");
const { eq, sql } = await import("drizzle-orm");
const { context, services } = app;
afterAll(() => app.cleanup());

const switchAccess = (cookie: string, userId: number, intent: string) =>
  responseOf(action({ request: postRequest("/admin/users", cookie, { intent, userId: String(userId) }), context, params: {} }));
const formErrorsOf = async (response: Response) => ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error;

/** Two admins signed in with two-factor sign-in, the marketplace's only enabled ones. */
async function onlyTwoAdmins() {
  await services.db.update(users).set({ enabled: false }).where(sql`${users.roles} like '%ROLE_ADMIN%'`);
  const made = [await makeUser(services.db, { roles: ["ROLE_ADMIN"] }), await makeUser(services.db, { roles: ["ROLE_ADMIN"] })];
  for (const admin of made) await services.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, admin.id));
  const [ann, bob] = await Promise.all(made.map(async (user) => ({ user, cookie: await app.cookieFor(user) })));
  return { ann: ann!, bob: bob! };
}
const enabledAdmins = async (ids: number[]) => (await Promise.all(ids.map((id) => findUserById(services.db, id)))).filter((u) => u!.enabled).map((u) => u!.id);

describe("two admins disabling each other at the same moment", () => {
  it("leaves one of them enabled: the second disable is refused (409, the last-admin message) or finds its admin gone (404)", async () => {
    const { ann, bob } = await onlyTwoAdmins();
    const answers = await Promise.all([switchAccess(ann.cookie, bob.user.id, "disable"), switchAccess(bob.cookie, ann.user.id, "disable")]);
    expect(await enabledAdmins([ann.user.id, bob.user.id])).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 302)!;
    expect([409, 404]).toContain(refused.status);
    if (refused.status === 409) expect((await formErrorsOf(refused))[""]).toEqual([LAST_ADMIN_MESSAGE]);
    // one disable is in the audit log: the one written
    const logged = await services.db.select().from(auditLog).where(sql`${auditLog.action} = 'user.disable' and ${auditLog.subjectId} in (${String(ann.user.id)}, ${String(bob.user.id)})`);
    expect(logged).toHaveLength(1);
  });

  it("leaves one of them an admin when each takes Admin from the other on /admin/users/edit", async () => {
    const { ann, bob } = await onlyTwoAdmins();
    const demote = (by: { cookie: string }, user: { id: number; name: string; email: string }) => {
      const body = new URLSearchParams({ name: user.name, email: user.email, company: "", phone: "", roles: "ROLE_BROKER" });
      return responseOf(edit({ request: postRequest(`/admin/users/edit/${user.id}`, by.cookie, body), context, params: { id: String(user.id) } }));
    };
    const answers = await Promise.all([demote(ann, bob.user), demote(bob, ann.user)]);
    const roles = await Promise.all([ann.user.id, bob.user.id].map(async (id) => (await findUserById(services.db, id))!.roles));
    expect(roles.filter((r) => r.includes("ROLE_ADMIN"))).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 302)!;
    expect([409, 404]).toContain(refused.status);
    if (refused.status === 409) expect((await formErrorsOf(refused)).roles).toEqual([LAST_ADMIN_MESSAGE]);
  });
});

describe("a member of a deleted customer", () => {
  it("cannot be enabled (409, nothing written): the member could not sign in, so the table would say Active of no one who can; the table says they are deleted", async () => {
    const { customers } = await import("~/.server/db/schema");
    const { deleteOrAnonymiseCustomer } = await import("~/models/customer-accounts.server");
    const { userStatusLabel } = await import("./status");
    const { COMPANY_DELETED_MESSAGE } = await import("~/models/users.server");
    const { loader } = await import("./route");
    const { getRequest } = await import("../../../tests/support/app");
    const { ann } = await onlyTwoAdmins();
    const [customer] = await services.db.insert(customers).values({ name: "Gone Lending" }).returning();
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await services.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, member.id));
    expect(await deleteOrAnonymiseCustomer(services, { actor: ann.user, customerId: customer!.id, address: "" })).toEqual({ ok: true });

    const refused = await switchAccess(ann.cookie, member.id, "enable");
    expect(refused.status).toBe(409);
    expect((await formErrorsOf(refused))[""]).toEqual([COMPANY_DELETED_MESSAGE]);
    expect((await findUserById(services.db, member.id))!.enabled).toBe(false);
    const logged = await services.db.select().from(auditLog).where(sql`${auditLog.action} = 'user.enable' and ${auditLog.subjectId} = ${String(member.id)}`);
    expect(logged).toHaveLength(0);

    // the table: the member is shown deleted with their company, offered no Enable
    const page = (await loader({ request: getRequest(`/admin/users?q=${encodeURIComponent(`Deleted member ${member.id}`)}`, ann.cookie), context, params: {} })) as {
      rows: Array<{ id: number; customerDeleted: boolean; enabled: boolean; locked: boolean }>;
    };
    const row = page.rows.find((r) => r.id === member.id)!;
    expect(row.customerDeleted).toBe(true);
    expect(userStatusLabel(row)).toBe("Deleted with their company");
    // a member of a customer that is not deleted is enabled as before
    const [kept] = await services.db.insert(customers).values({ name: "Kept Lending" }).returning();
    const other = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await services.db.update(users).set({ customerId: kept!.id, enabled: false }).where(eq(users.id, other.id));
    expect((await switchAccess(ann.cookie, other.id, "enable")).status).toBe(302);
    expect((await findUserById(services.db, other.id))!.enabled).toBe(true);
  });
});

describe("members whose company keeps them out", () => {
  it("are shown as their company's state, not Active, and the Status filter lists them where the table says they are", async () => {
    const { customers } = await import("~/.server/db/schema");
    const { deleteOrAnonymiseCustomer, setCustomerEnabled, setCustomerLocked } = await import("~/models/customer-accounts.server");
    const { userStatusLabel } = await import("./status");
    const { loader } = await import("./route");
    const { getRequest } = await import("../../../tests/support/app");
    const { ann } = await onlyTwoAdmins();
    const company = "Quillwort Shutout";
    const memberOf = async (name: string) => {
      const [customer] = await services.db.insert(customers).values({ name: `${name} Lending` }).returning();
      const member = await makeUser(services.db, { roles: ["ROLE_BUYER"], company });
      await services.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, member.id));
      return { customer: customer!, member };
    };
    const disabled = await memberOf("Disabled");
    const locked = await memberOf("Locked");
    const deleted = await memberOf("Deleted");
    const fine = await memberOf("Fine");
    const staff = await makeUser(services.db, { roles: ["ROLE_BROKER"], company });
    const switchedOff = await makeUser(services.db, { roles: ["ROLE_BUYER"], company });
    await services.db.update(users).set({ enabled: false }).where(eq(users.id, switchedOff.id));
    const change = { actor: ann.user, address: "" };
    expect(await setCustomerEnabled(services, { ...change, customerId: disabled.customer.id, enabled: false })).toBe(true);
    expect(await setCustomerLocked(services, { ...change, customerId: locked.customer.id, locked: true })).toBe(true);
    expect(await deleteOrAnonymiseCustomer(services, { ...change, customerId: deleted.customer.id })).toEqual({ ok: true });
    // enabled through the old bug, before enabling a deleted company's member was refused; it keeps its company name
    await services.db.update(users).set({ enabled: true, company }).where(eq(users.id, deleted.member.id));

    type Row = { id: number; enabled: boolean; locked: boolean; customerDeleted: boolean };
    const listed = async (status: string) => {
      const page = (await loader({ request: getRequest(`/admin/users?q=${encodeURIComponent(company)}&status=${status}`, ann.cookie), context, params: {} })) as { rows: Row[] };
      return page.rows;
    };
    const all = await listed("Any");
    const labelOf = (id: number) => userStatusLabel(all.find((r) => r.id === id)!);
    expect(labelOf(disabled.member.id)).toBe("Company disabled");
    expect(labelOf(locked.member.id)).toBe("Company locked");
    expect(labelOf(deleted.member.id)).toBe("Deleted with their company");
    expect(labelOf(fine.member.id)).toBe("Active");
    expect(labelOf(staff.id)).toBe("Active");

    const ids = async (status: string) => (await listed(status)).map((r) => r.id).sort((a, b) => a - b);
    expect(await ids("active")).toEqual([fine.member.id, staff.id].sort((a, b) => a - b));
    expect(await ids("company")).toEqual([disabled.member.id, locked.member.id, deleted.member.id].sort((a, b) => a - b));
    expect(await ids("disabled")).toEqual([switchedOff.id]);
    // every row a filter lists shows what the filter says
    const shownUnder: Record<string, string[]> = { active: ["Active"], locked: ["Locked"], disabled: ["Disabled"], company: ["Company disabled", "Company locked", "Deleted with their company"] };
    for (const [status, labels] of Object.entries(shownUnder)) {
      for (const row of await listed(status)) expect(labels, `${status}: ${row.id}`).toContain(userStatusLabel(row));
    }
  });
});

describe("the table sorted by Status", () => {
  it("lists the rows in the order of the Status it shows, its company's state before the member's own, page after page, both ways", async () => {
    const { customers } = await import("~/.server/db/schema");
    const { userStatusLabel } = await import("./status");
    const { loader } = await import("./route");
    const { getRequest } = await import("../../../tests/support/app");
    const { ann } = await onlyTwoAdmins();
    const tag = `Sortwort ${Date.now().toString(36)}`;
    const [fine, off, shut, gone] = await services.db
      .insert(customers)
      .values([{ name: `${tag} Fine` }, { name: `${tag} Off`, enabled: false }, { name: `${tag} Shut`, locked: true }, { name: `${tag} Gone`, enabled: false, anonymisedAt: new Date() }])
      .returning();
    const kinds = [{ customerId: shut!.id }, { enabled: false }, { customerId: gone!.id }, { customerId: fine!.id, locked: true }, { customerId: off!.id }, {}];
    // five of each, interleaved: 30 rows over two pages of 25
    const made = Array.from({ length: 30 }, (_, i) => ({ email: `sorted-${i}@${tag.replace(/\W/g, "")}.example.test`, name: `Sorted ${i}`, company: tag, passwordHash: "x", roles: ["ROLE_BUYER"], ...kinds[i % 6] }));
    await services.db.insert(users).values(made);
    type Row = { id: number; enabled: boolean; locked: boolean; customerDeleted: boolean };
    const shown = async (desc: string) => {
      const rows: Row[] = [];
      for (const page of ["1", "2"]) {
        const url = `/admin/users?q=${encodeURIComponent(tag)}&status=Any&sort=status&desc=${desc}&page=${page}`;
        rows.push(...((await loader({ request: getRequest(url, ann.cookie), context, params: {} })) as { rows: Row[] }).rows);
      }
      return rows.map(userStatusLabel);
    };
    const order = ["Active", "Locked", "Disabled", "Company locked", "Company disabled", "Deleted with their company"];
    expect(await shown("0")).toEqual(order.flatMap((label) => Array<string>(5).fill(label)));
    expect(await shown("1")).toEqual([...order].reverse().flatMap((label) => Array<string>(5).fill(label)));
  });
});

describe("an account edited from the users table", () => {
  it("goes back, saved, to the table as the admin left it (the Edit link's ?back=), and only to that table", async () => {
    const admin = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    await services.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, admin.id));
    const cookie = await app.cookieFor(admin);
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const save = (back: string) => {
      const body = new URLSearchParams({ name: member.name, email: member.email, company: "", phone: "", roles: "ROLE_BUYER" });
      const url = `/admin/users/edit/${member.id}?${new URLSearchParams({ back })}`;
      return responseOf(edit({ request: postRequest(url, cookie, body), context, params: { id: String(member.id) } }));
    };
    const left = "/admin/users?q=smith&status=active&sort=name&desc=1&page=3";
    expect((await save(left)).headers.get("Location")).toBe(left);
    for (const elsewhere of ["https://evil.example/admin/users", "//evil.example", "/admin/customers?q=x", "/admin/users/../../signout"])
      expect((await save(elsewhere)).headers.get("Location"), elsewhere).toBe("/admin/users");
  });
});
