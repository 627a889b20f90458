import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, responseOf } from "../../../tests/support/app";

/** "Forgot your password?" as its action answers a visitor (Turnstile is not keyed here, as on a server without its keys). */
const app = await bootApp("route-reset-request");
const { action, ACCESS_SUSPENDED_SUBJECT, RESET_LINKS } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { CLIENT_ADDRESS_HEADER } = await import("~/.server/http");
const { customers, outbox, users } = await import("~/.server/db/schema");
const { context, services } = app;
afterAll(() => app.cleanup());

const ask = (email: string, address: string) =>
  responseOf(
    action({
      request: new Request(`${ORIGIN}/uobs/reset`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: address },
        body: new URLSearchParams({ email }).toString(),
      }),
      context,
      params: {},
    }),
  );

const linksTo = async (emails: string[]) =>
  (await services.db.select().from(outbox).where(and(inArray(outbox.recipient, emails), eq(outbox.subject, "Reset your Secondary Marketplace password")))).length;

describe("reset links asked for", () => {
  it("reach one member at most the account's limit an hour, from however many addresses", async () => {
    const member = await makeUser(services.db);
    const answers = [];
    for (let i = 1; i <= RESET_LINKS.perAccount.limit + 4; i++) answers.push((await ask(member.email, `203.0.113.${i}`)).status);
    // the same answer each time: the limit tells nothing of whether the account exists
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await linksTo([member.email])).toBe(RESET_LINKS.perAccount.limit);
  });

  it("from one address reach at most the address's limit of members an hour", async () => {
    // accounts written as they are, not through makeUser: hashing a password for each of them took most of the test's time
    const stamp = Date.now().toString(36);
    const members = await services.db
      .insert(users)
      .values(Array.from({ length: RESET_LINKS.perAddress.limit + 5 }, (_, i) => ({ email: `reset-${stamp}-${i}@example.test`, name: `Reset ${i}`, passwordHash: "not a hash", roles: ["ROLE_BUYER"] })))
      .returning({ email: users.email });
    const answers = [];
    for (const member of members) answers.push((await ask(member.email, "198.51.100.9")).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await linksTo(members.map((m) => m.email))).toBe(RESET_LINKS.perAddress.limit);
  });
});

describe("a reset asked for by a member of a disabled or locked company", () => {
  it("sends no link (sign-in would refuse the new password) but says the company's access is suspended and whom to ask; the page answers as for anyone", async () => {
    const [disabled] = await services.db.insert(customers).values({ name: "Dormant Credit Partners", customerType: "buyer", enabled: false }).returning();
    const [locked] = await services.db.insert(customers).values({ name: "Frozen Lending", customerType: "buyer", locked: true }).returning();
    const answers = [];
    for (const company of [disabled!, locked!]) {
      const member = await makeUser(services.db);
      await services.db.update(users).set({ customerId: company.id }).where(eq(users.id, member.id));
      const answer = await ask(member.email, "192.0.2.40");
      answers.push([answer.status, await answer.text()]);
      expect(await linksTo([member.email])).toBe(0);
      const [told] = await services.db.select().from(outbox).where(eq(outbox.recipient, member.email));
      expect(told).toMatchObject({ subject: ACCESS_SUSPENDED_SUBJECT });
      expect(told!.body).toContain(`${company.name}'s access to Secondary Marketplace is suspended`);
      expect(told!.body).toContain("/contact-us");
      expect(told!.body).not.toContain("/uobs/reset/");
    }
    const unknown = await ask("nobody-at-all@example.test", "192.0.2.40");
    expect(answers).toEqual(Array(2).fill([unknown.status, await unknown.text()]));
  });
});
