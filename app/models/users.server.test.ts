import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { customers, invitations, users } from "~/.server/db/schema";
import { sha256 } from "~/.server/crypto";
import { DEMO_PASSWORD, makeUser } from "~/seed/factories";
import { currentPasswordHash, findUserById, listUsers, LOCK_AFTER_FAILURES, SLOW_AFTER_FAILURES, verifySignin, setPassword, setUserAccess, updateUserAccount } from "./users.server";
import { issueApiToken, userForApiToken } from "./api-tokens.server";
import { acceptInvitation } from "./invitations.server";
import { completePasswordReset, createPasswordReset } from "./password-resets.server";
import { completeAccountUnlock, createAccountUnlock } from "./account-unlocks.server";
import { startSession, userForSession } from "./sessions.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => void (t = await createTestDatabase()));
afterAll(() => t.cleanup());

describe("sign-in", () => {
  it("accepts the right password and records the login", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    const result = await verifySignin(t.db, user.email.toUpperCase(), "right password");
    expect(result).toMatchObject({ ok: true, secondFactor: false, user: { id: user.id } });
    // the member it hands on, who may be kept in memory, comes without the account's secrets
    expect(result.ok && result.user).not.toHaveProperty("passwordHash");
    expect(result.ok && result.user).not.toHaveProperty("totpSecret");
    expect((await findUserById(t.db, user.id))!.lastLoginAt).toBeInstanceOf(Date);
  });

  it("slows repeated failures, then locks the account (telling only the attempt that locked it), and a reset unlocks it", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    let now = Date.now();
    for (let i = 1; i <= SLOW_AFTER_FAILURES; i++) {
      expect(await verifySignin(t.db, user.email, "wrong", now)).toEqual({ ok: false, reason: "invalid" });
    }
    // from here each attempt must wait; even the right password is not checked while slowed
    expect(await verifySignin(t.db, user.email, "right password", now)).toEqual({ ok: false, reason: "slowed" });

    for (let i = SLOW_AFTER_FAILURES + 2; i < LOCK_AFTER_FAILURES; i++) {
      now += 61_000;
      expect(await verifySignin(t.db, user.email, "wrong", now)).toEqual({ ok: false, reason: "invalid" });
    }
    now += 61_000;
    expect(await verifySignin(t.db, user.email, "wrong", now)).toMatchObject({ ok: false, reason: "locked", justLocked: { id: user.id } });
    now += 61_000;
    expect(await verifySignin(t.db, user.email, "right password", now)).toEqual({ ok: false, reason: "locked", justLocked: null });

    const token = await createPasswordReset(t.db, user.id);
    expect(await completePasswordReset(t.db, token, "a brand new password")).toBe(user.id);
    expect((await verifySignin(t.db, user.email, "a brand new password")).ok).toBe(true);
  });

  it("counts 50 parallel wrong passwords as 50, checks at most the limit, and then refuses the right one until the e-mailed link unlocks", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    // an attacker's 50 guesses at once, one of them right: only the first few are ever checked
    const guesses = Array.from({ length: 50 }, (_, i) => (i === 45 ? "right password" : `wrong ${i}`));
    const results = await Promise.all(guesses.map((guess) => verifySignin(t.db, user.email, guess)));
    expect(results.some((r) => r.ok)).toBe(false);
    const after = (await findUserById(t.db, user.id))!;
    expect(after.failedSignins).toBe(50);
    expect(after.locked).toBe(true);
    // exactly one attempt is the one that locks, so the owner gets one e-mail
    expect(results.filter((r) => !r.ok && r.reason === "locked" && r.justLocked)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "invalid").length).toBeLessThan(LOCK_AFTER_FAILURES);

    expect(await verifySignin(t.db, user.email, "right password")).toMatchObject({ ok: false, reason: "locked" });
    const token = await createAccountUnlock(t.db, user.id);
    expect(await completeAccountUnlock(t.db, token)).toBe(user.id);
    expect(await completeAccountUnlock(t.db, token)).toBeNull();
    expect(await verifySignin(t.db, user.email, "right password")).toMatchObject({ ok: true, secondFactor: false });
    expect((await findUserById(t.db, user.id))!.failedSignins).toBe(0);
  }, 120_000);

  it("writes as much for an unknown e-mail as for a wrong password (or a slowed or locked account), so the answer's time tells nothing, and never slows the unknown address", async () => {
    const writesOf = async (attempt: () => Promise<unknown>) =>
      (await statementsSentBy(t.client, attempt)).filter((s) => /^\s*(insert|update|delete)\b/i.test(s.sql)).length;
    const user = await makeUser(t.db, { password: "right password" });
    let now = Date.now();
    const wrong = await writesOf(() => verifySignin(t.db, user.email, "wrong", now));
    expect(wrong).toBe(2);
    expect(await writesOf(() => verifySignin(t.db, "nobody-here@unknown.example", "wrong", now))).toBe(wrong);
    for (let i = 2; i <= SLOW_AFTER_FAILURES; i++) await verifySignin(t.db, user.email, "wrong", now);
    expect(await writesOf(() => verifySignin(t.db, user.email, "wrong", now))).toBe(wrong);
    // an unknown address tried past any account's limits is refused as before, never held up
    for (let i = 0; i < LOCK_AFTER_FAILURES + 2; i++) {
      now += 61_000;
      expect(await verifySignin(t.db, "Nobody-Here@unknown.example", "wrong", now)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("a lock leaves the owner's sessions alone (anyone can cause one)", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    const session = await startSession(t.db, user.id);
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) await verifySignin(t.db, user.email, "wrong", Date.now() + i * 61_000);
    expect((await findUserById(t.db, user.id))!.locked).toBe(true);
    expect((await userForSession(t.db, session))?.id).toBe(user.id);
  }, 60_000);

  it("tells a disabled account only to whoever knows its password", async () => {
    const user = await makeUser(t.db, { password: "right password" });
    await setUserAccess(t.db, user.id, { enabled: false });
    expect(await verifySignin(t.db, user.email, "wrong")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifySignin(t.db, user.email, "right password")).toEqual({ ok: false, reason: "disabled" });
  });

  it("answers an unknown e-mail like a wrong password", async () => {
    expect(await verifySignin(t.db, "nobody@example.test", "whatever")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("password reset tokens", () => {
  it("work once and expire", async () => {
    const user = await makeUser(t.db);
    const token = await createPasswordReset(t.db, user.id);
    expect(await completePasswordReset(t.db, token, "first new password")).toBe(user.id);
    expect(await completePasswordReset(t.db, token, "second new password")).toBeNull();
    expect((await verifySignin(t.db, user.email, "first new password")).ok).toBe(true);

    const old = await createPasswordReset(t.db, user.id, Date.now() - 2 * 60 * 60_000);
    expect(await completePasswordReset(t.db, old, "third new password")).toBeNull();
    expect(await completePasswordReset(t.db, "made-up-token", "fourth new password")).toBeNull();
  });
});

describe("a new password", () => {
  const invite = async (userId: number) => {
    const token = `invite-${userId}-${Math.random()}`;
    await t.db.insert(invitations).values({ tokenHash: await sha256(token), userId, expiresAt: new Date(Date.now() + 60 * 60_000) });
    return token;
  };

  it("set through a reset link spends the account's other links, and ends its sessions and API tokens with it", async () => {
    const user = await makeUser(t.db);
    const [first, second] = [await createPasswordReset(t.db, user.id), await createPasswordReset(t.db, user.id)];
    const invitation = await invite(user.id);
    const session = await startSession(t.db, user.id);
    const { token: apiToken } = await issueApiToken(t.db, user.id);
    expect(await completePasswordReset(t.db, first, "first new password")).toBe(user.id);
    expect(await userForSession(t.db, session)).toBeNull();
    expect(await userForApiToken(t.db, apiToken)).toBeNull();
    // a link mailed before the change sets the password no more, and the invitation would sign in without the second step
    expect(await completePasswordReset(t.db, second, "someone else's password")).toBeNull();
    expect(await acceptInvitation(t.db, { token: invitation, password: "someone else's password" })).toBeNull();
    expect((await verifySignin(t.db, user.email, "first new password")).ok).toBe(true);
  });

  it("chosen on the profile spends the links mailed before it, and accepting an invitation spends the reset links", async () => {
    const user = await makeUser(t.db);
    const reset = await createPasswordReset(t.db, user.id);
    const session = await startSession(t.db, user.id);
    const checked = (await currentPasswordHash(t.db, user.id, DEMO_PASSWORD))!;
    expect(await setPassword(t.db, user.id, "profile new password", checked)).toBe(true);
    expect(await userForSession(t.db, session)).toBeNull();
    // checked against the password just replaced: nothing written, and the session begun after the change kept
    const after = await startSession(t.db, user.id);
    expect(await setPassword(t.db, user.id, "a second new password", checked)).toBe(false);
    expect(await userForSession(t.db, after)).not.toBeNull();
    expect((await verifySignin(t.db, user.email, "profile new password")).ok).toBe(true);
    expect(await completePasswordReset(t.db, reset, "someone else's password")).toBeNull();

    const invited = await makeUser(t.db);
    const [invitation, stale] = [await invite(invited.id), await createPasswordReset(t.db, invited.id)];
    expect(await acceptInvitation(t.db, { token: invitation, password: "my first password" })).toBe(invited.id);
    expect(await completePasswordReset(t.db, stale, "someone else's password")).toBeNull();
  });
});

describe("an admin's disable", () => {
  it("ends the account's sessions and API tokens for good: enabled again, neither works", async () => {
    const user = await makeUser(t.db);
    const session = await startSession(t.db, user.id);
    const { token } = await issueApiToken(t.db, user.id);
    expect(await setUserAccess(t.db, user.id, { enabled: false })).toBe("done");
    // a second click writes nothing (the admin's page audits only "done")
    expect(await setUserAccess(t.db, user.id, { enabled: false })).toBe("unchanged");
    expect(await setUserAccess(t.db, user.id, { enabled: true })).toBe("done");
    expect(await setUserAccess(t.db, user.id, { locked: false })).toBe("unchanged");
    expect(await setUserAccess(t.db, user.id + 100_000, { enabled: false })).toBe("missing");
    expect(await userForSession(t.db, session)).toBeNull();
    expect(await userForApiToken(t.db, token)).toBeNull();
  });
});

describe("two admins taking each other's admin away at the same moment", () => {
  // a database of its own: these two are its only admins
  let own: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => void (own = await createTestDatabase()));
  afterAll(() => own.cleanup());
  const admins = async () => {
    const [ann, bob] = [await makeUser(own.db, { roles: ["ROLE_ADMIN"] }), await makeUser(own.db, { roles: ["ROLE_ADMIN"] })];
    return { ann, bob };
  };
  const values = (user: { name: string; email: string; company: string; phone: string }, roles: string[]) => ({ name: user.name, email: user.email, company: user.company, phone: user.phone, roles });

  it("disables one of them: the other's disable, checked before the first was written, is refused and writes nothing", async () => {
    const { ann, bob } = await admins();
    const annSession = await startSession(own.db, ann.id);
    // both requests found their admin enabled; then Ann's disable of Bob is written, then Bob's of Ann
    expect(await setUserAccess(own.db, bob.id, { enabled: false })).toBe("done");
    expect(await setUserAccess(own.db, ann.id, { enabled: false })).toBe("last-admin");
    expect((await findUserById(own.db, ann.id))!.enabled).toBe(true);
    expect(await userForSession(own.db, annSession)).toMatchObject({ id: ann.id });
    // a member who is no admin is disabled as before
    const buyer = await makeUser(own.db);
    expect(await setUserAccess(own.db, buyer.id, { enabled: false })).toBe("done");
    await setUserAccess(own.db, bob.id, { enabled: true });
  });

  it("demotes one of them: the other's edit that takes Admin away (or puts Buyer or Seller before it) is refused, its new e-mail and links untouched", async () => {
    await own.db.update(users).set({ enabled: false }).where(sql`${users.roles} like '%ROLE_ADMIN%'`);
    const { ann, bob } = await admins();
    expect(await updateUserAccount(own.db, { userId: bob.id, values: values(bob, ["ROLE_BROKER"]) })).toMatchObject({ emailChanged: false });
    const reset = await createPasswordReset(own.db, ann.id);
    for (const roles of [["ROLE_BROKER"], ["ROLE_ADMIN", "ROLE_SELLER"]]) {
      const outcome = await updateUserAccount(own.db, { userId: ann.id, values: { ...values(ann, roles), email: "ann.new@example.test", name: "Ann Renamed" } });
      expect(outcome, roles.join()).toBe("last-admin");
    }
    expect(await findUserById(own.db, ann.id)).toMatchObject({ roles: ["ROLE_ADMIN"], email: ann.email, name: ann.name });
    expect(await completePasswordReset(own.db, reset, "a password of Ann's")).toBe(ann.id);
    // Admin kept beside Broker, or a name alone: saved
    expect(await updateUserAccount(own.db, { userId: ann.id, values: values(ann, ["ROLE_ADMIN", "ROLE_BROKER"]) })).toMatchObject({ emailChanged: false });
  });
});

describe("the admin user table", () => {
  it("searches, filters on role and state, sorts and pages on the server, and never hands out a password hash", async () => {
    const company = `Table Co ${Date.now().toString(36)}`;
    const bea = await makeUser(t.db, { name: "Bea Buyer", company, roles: ["ROLE_BUYER"] });
    const sam = await makeUser(t.db, { name: "Sam Seller", company, roles: ["ROLE_SELLER", "ROLE_AGENT"] });
    const ada = await makeUser(t.db, { name: "Ada Admin", company, roles: ["ROLE_ADMIN"] });
    await setUserAccess(t.db, sam.id, { enabled: false });

    const names = async (query: Parameters<typeof listUsers>[1]) => (await listUsers(t.db, query)).rows.map((r) => r.name);
    expect(await names({ filters: { q: company }, sort: "name", desc: false })).toEqual(["Ada Admin", "Bea Buyer", "Sam Seller"]);
    expect(await names({ filters: { q: company } })).toEqual(["Ada Admin", "Sam Seller", "Bea Buyer"]);
    expect(await names({ filters: { q: company, role: "ROLE_AGENT" } })).toEqual(["Sam Seller"]);
    expect(await names({ filters: { q: company, status: "disabled" } })).toEqual(["Sam Seller"]);
    expect(await names({ filters: { q: company, status: "active" }, sort: "role", desc: false })).toEqual(["Bea Buyer", "Ada Admin"]);
    const page = await listUsers(t.db, { filters: { q: company }, sort: "name", desc: false, pageSize: 2, page: 2 });
    expect([page.total, page.rows.map((r) => r.id)]).toEqual([3, [sam.id]]);
    expect(Object.keys(page.rows[0]!)).not.toContain("passwordHash");
    expect(bea.id).toBeLessThan(ada.id);
  });

  it("finds accounts by any part of their name, e-mail, company or phone as they change, through the search index", async () => {
    const tag = Date.now().toString(36);
    const zoe = await makeUser(t.db, { name: `Zoë Quintero ${tag}`, company: `Quill Partners ${tag}`, roles: ["ROLE_BROKER"] });
    await t.db.update(users).set({ phone: "+1 646 555 0199" }).where(eq(users.id, zoe.id));
    const found = async (q: string, filters: { role?: string; status?: string } = {}) => (await listUsers(t.db, { filters: { q, ...filters }, pageSize: 100 })).rows.map((r) => r.id);
    // inside a word, any case, the phone's digits as typed, an accented letter; quotes and operators are text
    expect(await found(`INTERO ${tag.toUpperCase()}`)).toEqual([zoe.id]);
    expect(await found("646 555 0199")).toEqual([zoe.id]);
    expect(await found(`zoë quintero ${tag}`)).toEqual([zoe.id]);
    expect(await found(`"Quill" OR ${tag}*`)).toEqual([]);
    expect(await found(`quill partners ${tag}`, { role: "ROLE_BROKER" })).toEqual([zoe.id]);
    expect(await found(`quill partners ${tag}`, { role: "ROLE_BUYER" })).toEqual([]);
    // renamed, re-addressed, disabled, deleted: the index follows
    await t.db.update(users).set({ name: `Zoë Ortega ${tag}`, email: `zo.${tag}@ortega.example` }).where(eq(users.id, zoe.id));
    expect([await found(`quintero ${tag}`), await found(`ortega ${tag}`), await found(`zo.${tag}@ortega`)]).toEqual([[], [zoe.id], [zoe.id]]);
    await setUserAccess(t.db, zoe.id, { enabled: false });
    expect([await found(`ortega ${tag}`, { status: "disabled" }), await found(`ortega ${tag}`, { status: "active" })]).toEqual([[zoe.id], []]);
    // shorter than three characters: looked for in every account's fields
    expect(await found("ë ")).toContain(zoe.id);
    await t.db.delete(users).where(eq(users.id, zoe.id));
    expect(await found(`ortega ${tag}`)).toEqual([]);
    // a role alone is counted from its own index
    const brokers = await t.db.select({ id: users.id }).from(users).where(sql`${users.roles} like '%"ROLE_BROKER"%'`);
    expect((await listUsers(t.db, { filters: { role: "ROLE_BROKER" } })).total).toBe(brokers.length);
  });

  it("lists one customer's members unfiltered, sorted and paged, whichever customer asked first", async () => {
    const companyOf = async (names: string[]) => {
      const [customer] = await t.db.insert(customers).values({ name: `Members Co ${names[0]}`, updatedAt: new Date() }).returning();
      const members = [];
      for (const name of names) members.push(await makeUser(t.db, { name }));
      await t.db.update(users).set({ customerId: customer!.id }).where(inArray(users.id, members.map((m) => m.id)));
      return customer!.id;
    };
    const first = await companyOf(["Cleo", "Abe", "Bo"]);
    const second = await companyOf(["Zed", "Yan"]);
    const names = async (customerId: number, page = 1) => {
      const list = await listUsers(t.db, { customerId, filters: {}, sort: "name", desc: false, pageSize: 2, page });
      return [list.total, list.rows.map((r) => r.name)];
    };
    expect(await names(first)).toEqual([3, ["Abe", "Bo"]]);
    expect(await names(first, 2)).toEqual([3, ["Cleo"]]);
    expect(await names(second)).toEqual([2, ["Yan", "Zed"]]);
    // a sort the table does not have falls back to the newest first
    expect((await listUsers(t.db, { customerId: second, filters: {}, sort: "constructor" })).rows.map((r) => r.name)).toEqual(["Yan", "Zed"]);
  });
});

describe("the admin user table sorted by Status", () => {
  it("orders the rows by the status the table shows, a company's before the member's own, across pages, both ways; ties by id", async () => {
    const { userStatusLabel } = await import("~/routes/_app.admin.users/status");
    const tag = `Status Sort ${Date.now().toString(36)}`;
    const now = new Date();
    const [fine, off, shut, gone] = await t.db
      .insert(customers)
      .values([
        { name: `${tag} Fine`, updatedAt: now },
        { name: `${tag} Off`, enabled: false, updatedAt: now },
        { name: `${tag} Shut`, locked: true, updatedAt: now },
        { name: `${tag} Gone`, enabled: false, anonymisedAt: now, updatedAt: now },
      ])
      .returning();
    // each label twice, made in an order that is none of the sorts, so that ids alone would mix them
    const kinds = [
      { customerId: shut!.id }, // Company locked
      { enabled: false }, // Disabled
      { customerId: gone!.id }, // Deleted with their company
      { customerId: fine!.id, locked: true }, // Locked
      { customerId: off!.id, locked: true }, // Company disabled
      { customerId: fine!.id }, // Active
    ];
    await t.db.insert(users).values(
      [...kinds, ...kinds].map((kind, i) => ({ email: `sort-${i}-${tag.replace(/\W/g, "")}@example.test`, name: `Sorted ${i}`, company: tag, passwordHash: "x", roles: ["ROLE_BUYER"], ...kind })),
    );
    const shown = async (desc: boolean) => {
      const rows = [];
      for (const page of [1, 2, 3]) rows.push(...(await listUsers(t.db, { filters: { q: tag }, sort: "status", desc, page, pageSize: 5 })).rows);
      return rows;
    };
    const order = ["Active", "Locked", "Disabled", "Company locked", "Company disabled", "Deleted with their company"];
    const ascending = await shown(false);
    expect(ascending.map(userStatusLabel)).toEqual(order.flatMap((label) => [label, label]));
    // ties keep the id's order, as every sort of the table does
    for (let i = 0; i < ascending.length; i += 2) expect(ascending[i]!.id).toBeLessThan(ascending[i + 1]!.id);
    const descending = await shown(true);
    expect(descending.map(userStatusLabel)).toEqual([...order].reverse().flatMap((label) => [label, label]));
    expect(descending.map((r) => r.id)).toEqual(ascending.map((r) => r.id).reverse());
  });
});

describe("the admin user table's short text and a text with a role", () => {
  it("shows the same rows, order and count as the accounts' own fields say, at page 1 and a deep page, each role and sort", async () => {
    const firsts = ["Ann", "Ben", "Lee", "Kay", "Zoë", "Ida"];
    const roles = [["ROLE_BUYER"], ["ROLE_SELLER"], ["ROLE_BROKER"], ["ROLE_ADMIN"], ["ROLE_BUYER", "ROLE_AGENT"]];
    const base = Date.UTC(2026, 10, 1);
    await t.db.insert(users).values(
      Array.from({ length: 180 }, (_, i) => ({
        email: `short-${i}@${["harbor", "cedar", "bay"][i % 3]}.example`,
        name: `${firsts[i % firsts.length]} ${["Leeds", "Hall", "Wood"][i % 3]} ${i}`,
        company: `${["Atlas", "Summit"][i % 2]} Credit`,
        phone: `+1 212 555 ${String(i).padStart(4, "0")}`,
        passwordHash: "x",
        roles: roles[i % roles.length]!,
        enabled: i % 11 !== 4,
        // ties on the sort's column, so that the order of ids decides them
        createdAt: new Date(base - Math.floor(i / 3) * 60_000),
        lastLoginAt: i % 4 ? new Date(base - i * 1000) : null,
      })),
    );
    const expected = async (q: string, role: string | undefined, sort: string, desc: boolean, page: number, pageSize: number) => {
      const p = `%${q.toLowerCase()}%`;
      const text = sql`(${users.name} like ${p} or ${users.email} like ${p} or ${users.company} like ${p} or ${users.phone} like ${p})`;
      const where = role ? sql`${text} and ${users.roles} like ${`%"${role}"%`}` : text;
      const by = { createdAt: sql`${users.createdAt}`, name: sql`lower(${users.name})`, lastLoginAt: sql`${users.lastLoginAt}` }[sort]!;
      const dir = desc ? sql`desc` : sql`asc`;
      const [count] = await t.db.all<{ n: number }>(sql`select count(*) as n from ${users} where ${where}`);
      // past the last page, the table shows the last
      const at = Math.min(page, Math.max(1, Math.ceil(count!.n / pageSize)));
      const ids = await t.db.all<{ id: number }>(sql`select ${users.id} as id from ${users} where ${where} order by ${by} ${dir} nulls last, ${users.id} ${dir} limit ${pageSize} offset ${(at - 1) * pageSize}`);
      return { ids: ids.map((r) => r.id), total: count!.n, page: at };
    };
    const cases: Array<[string, string | undefined]> = [
      ["zq", undefined], ["le", undefined], ["Lé", undefined], ["55", undefined], ["@c", undefined], ["ë", undefined],
      ...["ROLE_BUYER", "ROLE_SELLER", "ROLE_BROKER", "ROLE_ADMIN", "ROLE_AGENT"].flatMap((role): Array<[string, string]> => [["lee", role], ["le", role], ["harbor", role]]),
    ];
    for (const [q, role] of cases) {
      for (const [sort, desc] of [["createdAt", true], ["name", false], ["lastLoginAt", true]] as const) {
        for (const page of [1, 4]) {
          const found = await listUsers(t.db, { filters: { q, role }, sort, desc, page, pageSize: 7 });
          const want = await expected(q, role, sort, desc, page, 7);
          // `like` folds ASCII alone: "Lé" and "ë" as the accounts hold them
          expect({ ids: found.rows.map((r) => r.id), total: found.total, page: found.page }, `${q} ${role} ${sort} page ${page}`).toEqual(want);
        }
      }
    }
  });
});

describe("the admin user table's one- and two-letter text", () => {
  it("finds a text inside one field, in any case (letters beyond ASCII too), never across two fields, and an edited account by its new text", async () => {
    // digits: a base-36 stamp may hold any two letters, among them those the account must not be found by
    const tag = String(Date.now());
    // each field ends where the next one's first letters would make a text in none of them: "xq", "eb", "d+"
    const rox = await makeUser(t.db, { name: "Ruth Öhlund Mox", email: `qu-${tag}@vantage.example`, company: `Bay ${tag} Fund`, roles: ["ROLE_SELLER"] });
    await t.db.update(users).set({ phone: "+44 20 7946 0958" }).where(eq(users.id, rox.id));
    const search = async (q: string, filters: { role?: string; status?: string } = {}) => {
      const list = await listUsers(t.db, { filters: { q, ...filters }, pageSize: 500 });
      return { has: list.rows.some((r) => r.id === rox.id), total: list.total, rows: list.rows.length };
    };
    // any of the four fields holds the text, ASCII letters in either case (`like`), and its one letter beyond ASCII lowered or raised
    const inAField = async (q: string) => {
      const escaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const [p, P] = [escaped(q.trim().toLowerCase()), escaped(q.trim().toUpperCase())];
      const like = (column: SQLWrapper) => sql`(${column} like ${p} escape '\\' or ${column} like ${P} escape '\\')`;
      const [row] = await t.db.all<{ n: number }>(
        sql`select count(*) as n from ${users} where ${like(users.name)} or ${like(users.email)} or ${like(users.company)} or ${like(users.phone)}`,
      );
      return row!.n;
    };
    for (const q of ["MO", "mO", "x", "X", "qu", "-", "@v", "öh", "Öh", "ö", "Ö", "7 ", "%", "_", "\\"]) {
      const found = await search(q);
      expect({ q, total: found.total }).toEqual({ q, total: await inAField(q) });
      expect(found.rows).toBe(Math.min(found.total, 500));
    }
    expect([(await search("MO")).has, (await search("x")).has, (await search("@V")).has, (await search("HL")).has, (await search("09")).has]).toEqual([true, true, true, true, true]);
    // letters beyond ASCII in any case, as a text of three letters or more finds them in the trigram index
    expect([(await search("Öh")).has, (await search("öh")).has, (await search("ö")).has]).toEqual([true, true, true]);
    // the end of one field and the start of the next are not one text; nor is what would join them
    for (const q of ["xq", "XQ", "eb", "d+", "x\u001f", "\u001fq", "\u001f"]) expect({ q, ...(await search(q)) }, q).toMatchObject({ q, has: false, total: await inAField(q) });
    expect((await search("x", { role: "ROLE_SELLER" })).has).toBe(true);
    expect((await search("x", { role: "ROLE_BUYER" })).has).toBe(false);
    // edited by an admin: found by the new text, not the old
    const edited = await updateUserAccount(t.db, { userId: rox.id, values: { name: "Ruth Wyn", email: `jv-${tag}@vantage.example`, company: `Pyke ${tag} Fund`, phone: "+44 20 7946 0000", roles: ["ROLE_SELLER"] } });
    expect(edited).toMatchObject({ emailChanged: true });
    expect([(await search("mo")).has, (await search("qu")).has, (await search("hl")).has, (await search("yn")).has, (await search("JV")).has, (await search("yk")).has]).toEqual([false, false, false, true, true, true]);
    expect([(await search("nj")).has, (await search("yn")).total]).toEqual([false, await inAField("yn")]);
    await t.db.delete(users).where(eq(users.id, rox.id));
    expect((await search("yn")).has).toBe(false);
  });
});

describe("the admin user table's short text found in most accounts", () => {
  it("shows the same rows, order and count whether its matches are gathered or walked in the page's order: first, middle, last page and past it, two sorts, each filter", async () => {
    const base = Date.UTC(2026, 11, 1);
    // the newest accounts, two in three holding "qj" (a text found in most of them is walked once seen, decision 100)
    await t.db.insert(users).values(
      Array.from({ length: 600 }, (_, i) => ({
        email: `${i % 3 ? "qj" : "dense"}-${i}@${["harbor", "cedar", "bay"][i % 3]}.example`,
        name: `${["Ann", "Ben", "Lee", "Kay"][i % 4]} ${i % 5 ? "Hall" : "Qjorn"} ${i}`,
        company: `${["Atlas", "Summit"][i % 2]} Credit`,
        passwordHash: "x",
        roles: [["ROLE_BUYER"], ["ROLE_SELLER"], ["ROLE_BROKER"], ["ROLE_BUYER", "ROLE_AGENT"]][i % 4]!,
        enabled: i % 7 !== 2,
        // ties on the sort's column, so that the order of ids decides them
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      })),
    );
    const expected = async (q: string, filters: { role?: string; status?: string }, sort: "createdAt" | "name", desc: boolean, page: number) => {
      const p = `%${q.toLowerCase()}%`;
      const where = sql.join(
        [
          sql`(${users.name} like ${p} or ${users.email} like ${p} or ${users.company} like ${p} or ${users.phone} like ${p})`,
          filters.role ? sql`${users.roles} like ${`%"${filters.role}"%`}` : sql`1`,
          filters.status ? sql`${users.enabled} = 0 and not exists (select 1 from ${customers} where ${customers.id} = ${users.customerId} and ${customers.anonymisedAt} is not null)` : sql`1`,
        ],
        sql` and `,
      );
      const by = { createdAt: sql`${users.createdAt}`, name: sql`lower(${users.name})` }[sort];
      const dir = desc ? sql`desc` : sql`asc`;
      const [count] = await t.db.all<{ n: number }>(sql`select count(*) as n from ${users} where ${where}`);
      // past the last page, the table shows the last (gathered or walked alike)
      const at = Math.min(page, Math.max(1, Math.ceil(count!.n / 25)));
      const ids = await t.db.all<{ id: number }>(sql`select ${users.id} as id from ${users} where ${where} order by ${by} ${dir} nulls last, ${users.id} ${dir} limit 25 offset ${(at - 1) * 25}`);
      return { ids: ids.map((r) => r.id), total: count!.n, page: at };
    };
    const filterCases = [{}, { role: "ROLE_SELLER" }, { role: "ROLE_BUYER" }, { status: "disabled" }];
    for (const q of ["qj", "QJ", "q", "le"]) {
      for (const filters of filterCases) {
        const [all] = await t.db.all<{ n: number }>(sql`select count(*) as n from ${users} where ${users.email} like ${`%${q.toLowerCase()}%`}`);
        const last = Math.max(1, Math.ceil((await expected(q, filters, "createdAt", true, 1)).total / 25));
        expect(all!.n, q).toBeGreaterThan(0);
        for (const [sort, desc] of [["createdAt", true], ["name", false]] as const) {
          for (const page of [1, Math.ceil(last / 2), last, last + 1]) {
            const want = await expected(q, filters, sort, desc, page);
            // asked twice: the first search learns how densely the text is found, the second reads by it
            for (const time of ["first", "again"]) {
              const found = await listUsers(t.db, { filters: { q, ...filters }, sort, desc, page, pageSize: 25 });
              expect({ ids: found.rows.map((r) => r.id), total: found.total, page: found.page }, `${q} ${JSON.stringify(filters)} ${sort} page ${page} ${time}`).toEqual(want);
            }
          }
        }
      }
    }
  });
});

describe("the admin user table's short text in more accounts than it counts", () => {
  it("says there are more than it counted for a text in most accounts (gathered or walked alike), pages on past the cap, and counts a filter's fewer and the last pages exactly", async () => {
    const base = Date.UTC(2027, 1, 1);
    // what the table found before: any of the four fields holds the text, ASCII letters in either case (`like`)
    const inAFieldSql = (text: string) => {
      const p = `%${text.toLowerCase()}%`;
      return sql`(${users.name} like ${p} or ${users.email} like ${p} or ${users.company} like ${p} or ${users.phone} like ${p})`;
    };
    const inAField = async (text: string) => (await t.db.all<{ n: number }>(sql`select count(*) as n from ${users} where ${inAFieldSql(text)}`))[0]!.n;
    // two letters no account made before holds: makeUser's and the tests' stamps are base-36 times, which may hold any two
    // (one holding "vx" once made the count below one more than these 1,100)
    let q = "";
    for (const candidate of ["vx", "zk", "jq", "xz", "kq", "wz"]) {
      if ((await inAField(candidate)) === 0) {
        q = candidate;
        break;
      }
    }
    expect(q, "two letters in no account").not.toBe("");
    // the newest accounts, 1,100 holding them (more than the 1,000 a short text in most accounts is counted up to, decision 114)
    const made = await t.db
      .insert(users)
      .values(
        Array.from({ length: 1_100 }, (_, i) => ({
          email: `${q}-${i}@${["harbor", "cedar"][i % 2]}.example`,
          name: `${["Ann", "Ben", "Lee", "Kay"][i % 4]} Hall ${i}`,
          company: "Atlas Credit",
          passwordHash: "x",
          roles: [["ROLE_BUYER"], ["ROLE_SELLER"], ["ROLE_BROKER"], ["ROLE_BUYER"]][i % 4]!,
          createdAt: new Date(base + Math.floor(i / 3) * 60_000),
        })),
      )
      .returning({ id: users.id });
    expect(await inAField(q)).toBe(1_100);
    const expected = async (text: string, role: string | undefined, page: number) => {
      const where = sql`${inAFieldSql(text)} and ${role ? sql`${users.roles} like ${`%"${role}"%`}` : sql`1`}`;
      const [count] = await t.db.all<{ n: number }>(sql`select count(*) as n from ${users} where ${where}`);
      const at = Math.min(page, Math.max(1, Math.ceil(count!.n / 25)));
      const ids = await t.db.all<{ id: number }>(sql`select ${users.id} as id from ${users} where ${where} order by ${users.createdAt} desc, ${users.id} desc limit 25 offset ${(at - 1) * 25}`);
      return { ids: ids.map((r) => r.id), total: count!.n, page: at };
    };
    // page: what the table says; the count shown is the matches up to the cap, or up to the page's end past it
    const cases: Array<[string, string | undefined, number, { total: number; more: boolean }]> = [
      [q, undefined, 1, { total: 1_000, more: true }],
      [q.toUpperCase(), undefined, 2, { total: 1_000, more: true }],
      [q, undefined, 41, { total: 1_025, more: true }],
      [q, undefined, 44, { total: 1_100, more: false }],
      [q, undefined, 45, { total: 1_100, more: false }],
      // a role that leaves fewer than the cap: exact
      [q, "ROLE_SELLER", 1, { total: 275, more: false }],
    ];
    for (const [text, role, page, shown] of cases) {
      const want = await expected(text, role, page);
      // asked twice: the first search learns how densely the text is found, the second reads by it
      for (const time of ["first", "again"]) {
        const found = await listUsers(t.db, { filters: { q: text, ...(role ? { role } : {}) }, sort: "createdAt", desc: true, page, pageSize: 25 });
        expect({ ids: found.rows.map((r) => r.id), total: found.total, more: found.more, page: found.page }, `${text} ${role} page ${page} ${time}`).toEqual({
          ids: want.ids,
          page: want.page,
          ...shown,
        });
      }
    }
    // a text of three letters or more is counted exactly, as before
    const found = await listUsers(t.db, { filters: { q: `${q}-` }, pageSize: 25 });
    expect({ more: found.more, total: found.total }).toEqual({ more: false, total: 1_100 });
    await t.db.delete(users).where(inArray(users.id, made.map((m) => m.id)));
  });
});

describe("the admin user table sorted by Status, over every account", () => {
  it("shows the same rows, order and count as each account's shown state says, both ways, at the first, a middle, the last page and past it", async () => {
    const tag = `Every State ${Date.now().toString(36)}`;
    const now = new Date();
    const made = await t.db
      .insert(customers)
      .values([
        { name: `${tag} Fine`, updatedAt: now },
        { name: `${tag} Off`, enabled: false, updatedAt: now },
        { name: `${tag} Shut`, locked: true, updatedAt: now },
        { name: `${tag} Off and shut`, enabled: false, locked: true, updatedAt: now },
        { name: `${tag} Gone`, enabled: false, anonymisedAt: now, updatedAt: now },
      ])
      .returning();
    // a few hundred accounts, each state of their own in each company (and none), in an order that is none of the sorts
    const roles = [["ROLE_BUYER"], ["ROLE_SELLER"], ["ROLE_BROKER"]];
    await t.db.insert(users).values(
      Array.from({ length: 330 }, (_, i) => ({
        email: `every-${i}-${tag.replace(/\W/g, "")}@example.test`,
        name: `Every ${i}`,
        company: tag,
        passwordHash: "x",
        roles: roles[i % 3]!,
        enabled: i % 7 !== 2,
        locked: i % 5 === 1,
        customerId: i % 6 === 5 ? null : made[(i * 7) % 5]!.id,
      })),
    );
    // the state the Status column shows (lib/user-status), as a number in its order, from the rows themselves
    type Row = { id: number; shown: number; roles: string };
    const accounts = await t.db.all<Row>(sql`select u.id as id, u.roles as roles,
        case when c.anonymised_at is not null then 5 when u.enabled = 0 then 2 when c.enabled = 0 then 4 when c.locked = 1 then 3 when u.locked = 1 then 1 else 0 end as shown
      from users u left join customers c on c.id = u.customer_id`);
    expect(new Set(accounts.map((a) => a.shown))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const pageSize = 25;
    const shapes: Array<[string, Parameters<typeof listUsers>[1] & object, (a: Row) => boolean]> = [
      ["every account", {}, () => true],
      ["the sellers", { filters: { role: "ROLE_SELLER" } }, (a) => a.roles.includes('"ROLE_SELLER"')],
      ["the locked", { filters: { status: "locked" } }, (a) => a.shown === 1],
      ["kept out by their company", { filters: { status: "company" } }, (a) => a.shown >= 3],
    ];
    for (const [label, query, kept] of shapes) {
      for (const desc of [true, false]) {
        const sign = desc ? -1 : 1;
        const want = accounts.filter(kept).sort((a, b) => sign * (a.shown - b.shown || a.id - b.id));
        const last = Math.ceil(want.length / pageSize);
        for (const page of [1, Math.ceil(last / 2), last, last + 1]) {
          const found = await listUsers(t.db, { ...query, sort: "status", desc, page, pageSize });
          // past the last page, the table shows the last
          const at = Math.min(page, last);
          expect({ ids: found.rows.map((r) => r.id), total: found.total, page: found.page }, `${label}, desc ${desc}, page ${page} of ${last}`).toEqual({
            ids: want.slice((at - 1) * pageSize, at * pageSize).map((a) => a.id),
            total: want.length,
            page: at,
          });
        }
      }
    }
  });
});

describe("two admins editing one account at once", () => {
  const fields = (user: { name: string; email: string; company: string; phone: string; roles: string[] }) => ({ name: user.name, email: user.email, company: user.company, phone: user.phone, roles: user.roles });

  it("a save of the same fields landing between the edit's read and its write is not overwritten: the write is refused", async () => {
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"], phone: "+1 555 0100" });
    const asRead = fields(member);
    const reset = await createPasswordReset(t.db, member.id);
    // the other admin's save lands after this edit read the account
    await t.db.update(users).set({ phone: "+1 555 0199", roles: ["ROLE_BROKER"], email: `other-${member.email}` }).where(eq(users.id, member.id));
    for (const change of [{ phone: "+1 555 0142" }, { roles: ["ROLE_SELLER"] }, { email: `mine-${member.email}` }]) {
      const field = Object.keys(change)[0] as "phone" | "roles" | "email";
      expect(await updateUserAccount(t.db, { userId: member.id, values: { ...asRead, ...change }, changed: [field], asRead }), field).toBe("changed-meanwhile");
    }
    expect(await findUserById(t.db, member.id)).toMatchObject({ phone: "+1 555 0199", roles: ["ROLE_BROKER"], email: `other-${member.email}` });
    // the links mailed to the address stay usable: the new one was never written
    expect(await completePasswordReset(t.db, reset, "a password of the member's")).toBe(member.id);
    // a field the other save left alone is written beside theirs
    expect(await updateUserAccount(t.db, { userId: member.id, values: { ...asRead, name: "Renamed Meanwhile" }, changed: ["name"], asRead })).toMatchObject({ emailChanged: false });
    expect(await findUserById(t.db, member.id)).toMatchObject({ name: "Renamed Meanwhile", phone: "+1 555 0199" });
  });
});
