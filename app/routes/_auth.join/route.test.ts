import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, responseOf } from "../../../tests/support/app";

/** /join as its action answers a visitor's form (Turnstile is not keyed here, as on a server without its keys). */
// the operator's per-address limit, low here (20 when unset), set before the app reads its configuration
process.env.JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR = "5";
const app = await bootApp("route-join");
const { action } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { CLIENT_ADDRESS_HEADER } = await import("~/.server/http");
const { outbox, users } = await import("~/.server/db/schema");
const { context, services } = app;
afterAll(() => app.cleanup());

const businessType = (await services.content.options("businessDescriptions"))[0]!.value;

function joinRequest(email: string, address: string) {
  return new Request(`${ORIGIN}/join`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
      [CLIENT_ADDRESS_HEADER]: address,
    },
    body: new URLSearchParams({
      role: "buyer",
      name: "Someone Joining",
      company: "Joining Co",
      businessType,
      email,
      phone: "+1 212 555 0100",
      password: "a long enough password",
      confirmPassword: "a long enough password",
    }).toString(),
  });
}
const join = (email: string, address: string) => responseOf(action({ request: joinRequest(email, address), context, params: {} }));

const noticesTo = async (email: string) =>
  (await services.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.subject, "Someone tried to create an account with your e-mail")))).length;

describe("joining with an address that has an account", () => {
  it("tells its owner a few times an hour, not once for every post, and answers each post the same", async () => {
    const owner = await makeUser(services.db);
    const answers = [];
    // each post hashes the password it was given: ten are enough to show it, within the test's time on a busy machine
    for (let i = 0; i < 10; i++) answers.push(await join(owner.email, `198.51.100.${i % 3}`));
    // the visitor is told to read their e-mail each time, whether or not the owner was told again
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await noticesTo(owner.email)).toBe(3);
  });
});

describe("the welcome e-mail", () => {
  it("says where to sign in, on the site's own address", async () => {
    const email = `welcome-${Date.now()}@example.test`;
    expect((await join(email, "192.0.2.77")).status).toBe(302);
    const [mail] = await services.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.subject, "Welcome to Secondary Marketplace")));
    expect(mail!.body).toContain(`Sign in with ${email} at ${services.env.APP_URL}/signin\n`);
  });
});

describe("accounts created from one address", () => {
  it("takes JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR an hour, then refuses the next (429, why, nothing written), whatever its e-mail; other addresses join", async () => {
    const address = "203.0.113.50";
    const stamp = Date.now();
    for (let i = 0; i < 5; i++) {
      const response = await join(`many-${stamp}-${i}@example.test`, address);
      expect(response.status, `account ${i + 1}`).toBe(302);
    }
    const email = `many-${stamp}-refused@example.test`;
    const refused = await join(email, address);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(await refused.json())).toMatch(/Too many accounts created from your address\. Please try again in \d+ minutes?\./);
    expect(await services.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await services.db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual([]);
    // an address with an account is refused the same way: the answer tells nothing of who has one
    const owner = await makeUser(services.db);
    const taken = await join(owner.email, address);
    expect(taken.status).toBe(429);
    expect(await noticesTo(owner.email)).toBe(0);
    // another address is counted on its own
    expect((await join(`many-${stamp}-elsewhere@example.test`, "203.0.113.51")).status).toBe(302);
  });
});
