import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The team page as its loader answers a colleague who is not the company's first member. */
const app = await bootApp("route-seller-team");
const { action, loader } = await import("./route");
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
    expect(Object.keys(row).sort()).toEqual(["email", "id", "lastLoginAt", "lead", "name", "state", "summary"]);
    expect(JSON.stringify(data)).not.toContain("ROLE_AGENT");
    expect(data.projects).toEqual([]);
  });
});

describe("a colleague the lead invited who never came in", () => {
  it("is shown as invited, and the lead sends the link again (inviting the address again was refused); no one else may", async () => {
    const { inviteColleague } = await import("~/models/seller-permissions.server");
    const { invitations, outbox } = await import("~/.server/db/schema");
    const { and: both, desc } = await import("drizzle-orm");
    const invited = await inviteColleague(services, { actor: lead.user, customerId: lead.user.customerId!, name: "Ida Invited", email: "ida.invited@example.com", grants: { all: ["view"], projects: {} } });
    if (!invited.ok) throw new Error(invited.message);
    const page = async (cookie: string) => (await (await sent(loader({ request: getRequest("/sellers/permissions", cookie), context, params: {} }))).json()).colleagues;
    const rowOf = async (cookie: string) => (await page(cookie)).find((c) => c?.id === invited.userId)!;
    expect((await rowOf(lead.cookie)).state).toBe("invited");
    expect((await rowOf(lead.cookie)).lead).toBe(false);
    expect((await page(lead.cookie)).find((c) => c?.id === agent.user.id)!.state).toBeNull();
    const links = async () => (await services.db.select().from(invitations).where(eq(invitations.userId, invited.userId))).length;
    const resend = (cookie: string, memberId: number | string) =>
      responseOf(action({ request: postRequest("/sellers/permissions", cookie, { intent: "resend-invitation", memberId: String(memberId) }), context, params: {} }));
    expect(await links()).toBe(1);
    // a colleague who is not the first member, a member who signed in already, an id that is no one: 404, nothing sent
    expect((await resend(agent.cookie, invited.userId)).status).toBe(404);
    expect((await resend(lead.cookie, agent.user.id)).status).toBe(404);
    expect((await resend(lead.cookie, "x")).status).toBe(404);
    expect(await links()).toBe(1);
    // the invitation went a moment ago: sent again now, it is the same e-mail twice (a double click), and not sent
    const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
    const soon = await resend(lead.cookie, invited.userId);
    expect(await notice(soon)).toEqual({ type: "info", message: expect.stringMatching(/^An invitation went to ida\.invited@example\.com at \d{4}-\d\d-\d\d \d\d:\d\d UTC, sent by .+, less than a minute ago: nothing more was sent\.$/) });
    expect(await links()).toBe(1);
    const { sql } = await import("drizzle-orm");
    await services.db.update(invitations).set({ createdAt: sql`${invitations.createdAt} - 61000` }).where(eq(invitations.userId, invited.userId));
    const answer = await resend(lead.cookie, invited.userId);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/sellers/permissions");
    expect((await notice(answer))!.message).toBe("A new invitation is on its way to ida.invited@example.com.");
    expect(await links()).toBe(2);
    // the address invited again is told where the way is, not only that the account exists
    const again = await responseOf(
      action({ request: postRequest("/sellers/permissions", lead.cookie, { name: "Ida Invited", email: "IDA.invited@example.com", grant: "all:view" }), context, params: {} }),
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { result: { error: Record<string, string[]> } }).result.error.email).toEqual([
      "This colleague is invited already and has not come in: send the invitation again from the list of colleagues.",
    ]);
    expect(await links()).toBe(2);
    const [mail] = await services.db.select().from(outbox).where(both(eq(outbox.recipient, "ida.invited@example.com"))).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.body).toContain("/uobs/invite/");
    // disabled (they left before coming in): shown so, and no link is sent
    await services.db.update(users).set({ enabled: false }).where(eq(users.id, invited.userId));
    expect((await rowOf(lead.cookie)).state).toBe("disabled");
    expect((await resend(lead.cookie, invited.userId)).status).toBe(404);
  });
});

describe("invitations a company's first member sends", () => {
  it("are at most the hour's limit: past it nothing is created or mailed, and the form says when to try again", async () => {
    const { COLLEAGUE_INVITES } = await import("~/models/seller-permissions.server");
    const { outbox } = await import("~/.server/db/schema");
    const { like } = await import("drizzle-orm");
    const other = await app.member("lakeshore@demo.test");
    const invite = (i: number) =>
      responseOf(action({ request: postRequest("/sellers/permissions", other.cookie, { name: `Many ${i}`, email: `many-${i}@invites.example`, grant: "all:view" }), context, params: {} }));
    for (let i = 0; i < COLLEAGUE_INVITES.limit; i++) expect((await invite(i)).status).toBe(302);
    const refused = await invite(COLLEAGUE_INVITES.limit);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error[""]![0]).toMatch(/^You have sent 30 invitations in the last hour\. Please wait \d+ minutes and try again\.$/);
    const accounts = await services.db.select().from(users).where(like(users.email, "many-%@invites.example"));
    expect(accounts.length).toBe(COLLEAGUE_INVITES.limit);
    const mails = await services.db.select().from(outbox).where(like(outbox.recipient, "many-%@invites.example"));
    expect(mails.length).toBe(COLLEAGUE_INVITES.limit);
    // each invitation hashes a random first password: thirty of them on a busy machine
  }, 60_000);
});
