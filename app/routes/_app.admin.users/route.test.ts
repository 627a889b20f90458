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
