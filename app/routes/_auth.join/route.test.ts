import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, ORIGIN, responseOf, sent } from "../../../tests/support/app";

/** /join as its action answers a visitor's form (Turnstile is not keyed here, as on a server without its keys). */
// the operator's per-address limit, low here (20 when unset), set before the app reads its configuration
process.env.JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR = "5";
const app = await bootApp("route-join");
const { action, loader } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { CLIENT_ADDRESS_HEADER } = await import("~/.server/http");
const { affiliates, outbox, referrals, users } = await import("~/.server/db/schema");
const { context, services } = app;
afterAll(() => app.cleanup());

const businessType = (await services.content.options("businessDescriptions"))[0]!.value;

function joinRequest(email: string, address: string, cookie?: string) {
  return new Request(`${ORIGIN}/join`, {
    method: "POST",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
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
const join = (email: string, address: string, cookie?: string) => responseOf(action({ request: joinRequest(email, address, cookie), context, params: {} }));

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

describe("the same join sent twice (a double click, a resend)", () => {
  it("makes one account and sends its welcome, and no warning that someone tried to take the address", async () => {
    const email = `twice-${Date.now()}@example.test`;
    const answers = await Promise.all([join(email, "192.0.2.81"), join(email, "192.0.2.81")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 302]);
    const mail = await services.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail.map((m) => m.subject)).toEqual(["Welcome to Secondary Marketplace"]);
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

describe("a referral link's code", () => {
  it("is kept for the visitor's return to /join, credits the partner when the form carries none, and is dropped once used", async () => {
    const [partner] = await services.db.insert(affiliates).values({ name: "Kept Code Partner", email: "kept@partner.example", code: "KEPTCXDE" }).returning();
    const page = (url: string, cookie?: string) => sent(loader({ request: getRequest(url, cookie), context, params: {} }));
    const arrived = await page("/join?ref=KEPTCXDE");
    expect((await arrived.json()).referralCode).toBe("KEPTCXDE");
    const kept = arrived.headers.get("Set-Cookie")!;
    expect(kept).toMatch(/^referral=KEPTCXDE; Path=\/join; Max-Age=2592000; HttpOnly; SameSite=Lax/);
    // back by the header's "Join", the address without the code
    const back = await page("/join", "referral=KEPTCXDE");
    expect((await back.json()).referralCode).toBe("KEPTCXDE");
    expect(back.headers.get("Set-Cookie")).toBeNull();
    // what is not a code is neither kept nor offered
    const odd = await page("/join?ref=%3Cscript%3E");
    expect((await odd.json()).referralCode).toBeNull();
    expect(odd.headers.get("Set-Cookie")).toBeNull();

    const email = `kept-code-${Date.now()}@example.test`;
    const joined = await join(email, "192.0.2.91", "referral=KEPTCXDE");
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Set-Cookie")).toContain("referral=; Path=/join; Max-Age=0");
    const [member] = await services.db.select().from(users).where(eq(users.email, email));
    const [referral] = await services.db.select().from(referrals).where(eq(referrals.userId, member!.id));
    expect(referral?.affiliateId).toBe(partner!.id);
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
