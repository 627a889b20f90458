import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** The team page as its loader answers a colleague who is not the company's first member. */
const app = await bootApp("route-seller-team");
const { loader } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { saveGrants } = await import("~/models/seller-permissions.server");
const { users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { context, services } = app;

const lead = await app.member("seller@demo.test");
const agent = await app.member("agent@demo.test");
// a third member of First Prairie Bank, with no permissions of their own
const newcomer = await makeUser(services.db, { roles: ["ROLE_SELLER"], name: "Nell Newcomer" });
await services.db.update(users).set({ customerId: lead.user.customerId }).where(eq(users.id, newcomer.id));
const [granted] = await app.publishedProjects(lead.user.id);
await saveGrants(services.db, { actor: lead.user, memberId: agent.user.id, grants: { all: [], projects: { [String(granted!.id)]: ["view", "offers"] } } });
afterAll(() => app.cleanup());

describe("the team page for a colleague", () => {
  it("carries each colleague's row as the table shows it: not which projects the others were given, nor their roles or start", async () => {
    const data = await (await sent(loader({ request: getRequest("/sellers/permissions", await app.cookieFor(newcomer)), context, params: {} }))).json();
    const row = data.colleagues.find((c) => c?.id === agent.user.id)!;
    expect(row.summary).toBe("1 project with their own permissions");
    expect(Object.keys(row).sort()).toEqual(["email", "id", "lastLoginAt", "lead", "name", "summary"]);
    expect(JSON.stringify(data)).not.toContain("ROLE_AGENT");
    expect(data.projects).toEqual([]);
  });
});
