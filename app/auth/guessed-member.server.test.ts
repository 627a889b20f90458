import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp } from "../../tests/support/app";

let app: Awaited<ReturnType<typeof bootApp>>;
let answerForGuessedMember: typeof import("./guessed-member.server").answerForGuessedMember;
let currentUser: typeof import("./session.server").currentUser;
let memberAsFound: typeof import("./guessed-member.server").memberAsFound;
let siteShellFor: typeof import("~/models/site-shell.server").siteShellFor;
let schema: typeof import("~/.server/db/schema");

beforeAll(async () => {
  app = await bootApp("guessed-member");
  ({ answerForGuessedMember, memberAsFound } = await import("./guessed-member.server"));
  ({ siteShellFor } = await import("~/models/site-shell.server"));
  ({ currentUser } = await import("./session.server"));
  schema = await import("~/.server/db/schema");
});
afterAll(() => app.cleanup());

/**
 * A request as the Worker answers it: `handled` lists whom each run of the page was for, and
 * the answer says whom the page that left was for.
 */
async function page(cookie: string, method = "GET", { withInbox = false } = {}) {
  const request = new Request("http://localhost/profile", { method, headers: { Cookie: cookie } });
  const handled: { name: string; user: object | null }[] = [];
  const response = await answerForGuessedMember(
    request,
    (gate) => ({ gate }),
    async (context) => {
      const user = await currentUser(app.services, request, context);
      handled.push({ name: user ? `${user.name} ${user.roles.join()}` : "visitor", user });
      // the header's unread count, as the root loader reads it
      const inbox = withInbox ? ` ${(await siteShellFor(app.services.db, user, memberAsFound(context, user))).inbox}` : "";
      return new Response(user ? `${user.name} ${user.roles.join()}${inbox}` : "visitor");
    },
  );
  return { answer: await response.text(), handled };
}

const sessionIdOf = async (cookie: string) => (await app.services.sessionStorage.getSession(cookie)).get("sessionId")!;

describe("a page for the member a cookie named before", () => {
  it("starts from that member and, when the look-up finds the same, is answered once", async () => {
    const { user, cookie } = await app.member("buyer@demo.test");
    const first = await page(cookie);
    expect(first.answer).toBe(`${user.name} ROLE_BUYER`);
    const second = await page(cookie);
    expect(second.answer).toBe(`${user.name} ROLE_BUYER`);
    expect(second.handled).toHaveLength(1);
    // the page ran with the member found the first time, not waiting for this request's look-up
    expect(second.handled[0]!.user).toBe(first.handled[0]!.user);
  });

  it("is made again for nobody when the session ended in between", async () => {
    const { user, cookie } = await app.member("seller@demo.test");
    await page(cookie);
    await app.services.db.delete(schema.sessions).where(eq(schema.sessions.id, await sessionIdOf(cookie)));
    const after = await page(cookie);
    expect(after.handled.map((h) => h.name)).toEqual([`${user.name} ROLE_SELLER`, "visitor"]);
    expect(after.answer).toBe("visitor");
  });

  it("is made again for the member as found when their roles changed in between", async () => {
    const { user, cookie } = await app.member("broker@demo.test");
    await page(cookie);
    await app.services.db.update(schema.users).set({ roles: ["ROLE_BUYER"] }).where(eq(schema.users.id, user.id));
    try {
      const after = await page(cookie);
      expect(after.handled).toHaveLength(2);
      expect(after.answer).toBe(`${user.name} ROLE_BUYER`);
    } finally {
      await app.services.db.update(schema.users).set({ roles: user.roles }).where(eq(schema.users.id, user.id));
    }
  });

  it("is answered once when only the member's unread count changed, and shows the count as found now", async () => {
    const { user, cookie } = await app.member("buyer@demo.test");
    await page(cookie, "GET", { withInbox: true });
    const before = await page(cookie, "GET", { withInbox: true });
    const count = Number(before.answer.split(" ").pop());
    await app.services.db.insert(schema.notifications).values({ userId: user.id, kind: "nda_requested", message: "A new one", link: "/messages" });
    const after = await page(cookie, "GET", { withInbox: true });
    expect(after.handled).toHaveLength(1);
    expect(after.answer).toBe(`${user.name} ROLE_BUYER ${count + 1}`);
  });

  it("is never guessed for a form post: an action acts for the member as found", async () => {
    const { cookie } = await app.member("buyer@demo.test");
    await page(cookie);
    await app.services.db.delete(schema.sessions).where(eq(schema.sessions.id, await sessionIdOf(cookie)));
    const post = await page(cookie, "POST");
    expect(post.handled.map((h) => h.name)).toEqual(["visitor"]);
  });
});
