import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { tablePreferences } from "~/.server/db/schema";
import { createTestDatabase } from "../../tests/support/db";
import { makeUser } from "~/seed/factories";
import { eq } from "drizzle-orm";
import { sessions } from "~/.server/db/schema";
import type { SessionTouchRow } from "~/.server/services";
import { writeQueued } from "~/services.server";
import { endSession, sameSessionLoad, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, startSession, touchSessions, userForSession } from "./sessions.server";
import { issueApiToken, revokeApiToken, userForApiToken, API_TOKEN_TTL_MS } from "./api-tokens.server";
import { setUserAccess } from "./users.server";
import { loadPreferences, savePreferences } from "./table-preferences.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => void (t = await createTestDatabase()));
afterAll(() => t.cleanup());

describe("sessions", () => {
  it("ends on sign-out: the id no longer finds a user", async () => {
    const user = await makeUser(t.db);
    const id = await startSession(t.db, user.id);
    const member = await userForSession(t.db, id);
    expect(member).toMatchObject({ id: user.id, email: user.email });
    // what every request holds and keeps in memory comes without the account's secrets
    expect(member).not.toHaveProperty("passwordHash");
    expect(member).not.toHaveProperty("totpSecret");
    await endSession(t.db, id);
    expect(await userForSession(t.db, id)).toBeNull();
  });

  it("ends after the idle timeout and after the absolute timeout", async () => {
    const user = await makeUser(t.db);
    const start = Date.now();
    const idle = await startSession(t.db, user.id, start);
    expect(await userForSession(t.db, idle, start + SESSION_IDLE_MS + 1000)).toBeNull();

    const busy = await startSession(t.db, user.id, start);
    let now = start;
    while (now + SESSION_IDLE_MS / 2 < start + SESSION_ABSOLUTE_MS) {
      now += SESSION_IDLE_MS / 2;
      expect(await userForSession(t.db, busy, now)).not.toBeNull();
    }
    expect(await userForSession(t.db, busy, start + SESSION_ABSOLUTE_MS + 1)).toBeNull();
  });

  it("ends when the account is disabled", async () => {
    const user = await makeUser(t.db);
    const id = await startSession(t.db, user.id);
    await setUserAccess(t.db, user.id, { enabled: false });
    expect(await userForSession(t.db, id)).toBeNull();
  });
});

describe("a session's last-seen time", () => {
  const lastSeen = async (id: string) => (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]?.at.getTime();

  it("is handed to the writer of rows stored later, at most once a minute, and the look-up writes nothing", async () => {
    const user = await makeUser(t.db);
    const start = Date.now();
    const id = await startSession(t.db, user.id, start);
    const sent: SessionTouchRow[] = [];
    const touch = (row: SessionTouchRow) => void sent.push(row);
    // within the minute after sign-in: nothing to move on
    expect(await userForSession(t.db, id, start + 30_000, touch)).not.toBeNull();
    expect(sent).toEqual([]);
    // past it: one touch, and the row is as it was until the writer stores it
    expect(await userForSession(t.db, id, start + 90_000, touch)).not.toBeNull();
    expect(sent).toEqual([{ sessionId: id, at: start + 90_000 }]);
    expect(await lastSeen(id)).toBe(start);
    // the member's next pages in that minute send none, though the row is not written yet
    expect(await userForSession(t.db, id, start + 100_000, touch)).not.toBeNull();
    expect(await userForSession(t.db, id, start + 140_000, touch)).not.toBeNull();
    expect(sent).toHaveLength(1);
    expect(await userForSession(t.db, id, start + 151_000, touch)).not.toBeNull();
    expect(sent.map((row) => row.at)).toEqual([start + 90_000, start + 151_000]);
    // stored through the queue's consumer (on Workers) as through the Node writer: the latest touch
    expect(await writeQueued(t.db, sent.map((row) => ({ kind: "session-touches" as const, row })))).toEqual([]);
    expect(await lastSeen(id)).toBe(start + 151_000);
  });

  it("keeps a session in use past the idle timeout once its touches are stored", async () => {
    const user = await makeUser(t.db);
    const start = Date.now();
    const id = await startSession(t.db, user.id, start);
    const sent: SessionTouchRow[] = [];
    const later = start + SESSION_IDLE_MS / 2;
    expect(await userForSession(t.db, id, later, (row) => void sent.push(row))).not.toBeNull();
    await touchSessions(t.db, sent);
    expect(await userForSession(t.db, id, later + SESSION_IDLE_MS - 1000)).not.toBeNull();
  });

  it("is the latest touch's, whatever order they come in; twice is once; an ended session stays ended", async () => {
    const user = await makeUser(t.db);
    const start = Date.now();
    const [a, b, ended] = [await startSession(t.db, user.id, start), await startSession(t.db, user.id, start), await startSession(t.db, user.id, start)];
    await touchSessions(t.db, [
      { sessionId: a, at: start + 5_000 },
      { sessionId: b, at: start + 2_000 },
      { sessionId: a, at: start + 3_000 },
    ]);
    await touchSessions(t.db, [{ sessionId: a, at: start + 4_000 }, { sessionId: b, at: start + 2_000 }]);
    expect([await lastSeen(a), await lastSeen(b)]).toEqual([start + 5_000, start + 2_000]);
    await endSession(t.db, ended);
    await touchSessions(t.db, [{ sessionId: ended, at: start + 9_000 }]);
    expect(await lastSeen(ended)).toBeUndefined();
  });
});

describe("two look-ups of a session (a guessed member's page is kept only when they agree)", () => {
  it("agree for the same member unchanged, and not after a change to their row, rights or table preferences", async () => {
    const user = await makeUser(t.db);
    const id = await startSession(t.db, user.id);
    const look = async () => (await userForSession(t.db, id))!;
    const first = await look();
    expect(sameSessionLoad(await look(), first)).toBe(true);

    await t.db.run(sql`update users set roles = '["ROLE_BUYER","ROLE_SELLER"]' where id = ${user.id}`);
    const afterRole = await look();
    expect(sameSessionLoad(afterRole, first)).toBe(false);

    await savePreferences(t.db, user.id, "sellerProjects", { sortBy: "status", sortDesc: true });
    const afterTables = await look();
    expect(sameSessionLoad(afterTables, afterRole)).toBe(false);
    expect(sameSessionLoad(await look(), afterTables)).toBe(true);

    await t.db.run(sql`update users set last_login_at = ${Date.now() + 1000} where id = ${user.id}`);
    expect(sameSessionLoad(await look(), afterTables)).toBe(false);
  });
});

describe("table preferences read with the session", () => {
  it("are the member's own, as stored, and the defaults where none are", async () => {
    const user = await makeUser(t.db);
    const other = await makeUser(t.db);
    await savePreferences(t.db, user.id, "sellerProjects", { sortBy: "status", sortDesc: true });
    await savePreferences(t.db, other.id, "sellerProjects", { sortBy: "name" });
    const member = (await userForSession(t.db, await startSession(t.db, user.id)))!;
    for (const table of ["sellerProjects", "customers"] as const) {
      const withSession = await loadPreferences(t.db, member, table);
      expect(withSession).toEqual(await loadPreferences(t.db, user.id, table));
    }
    expect((await loadPreferences(t.db, member, "sellerProjects")).resolved).toMatchObject({ sortBy: "status", sortDesc: true });
    expect((await loadPreferences(t.db, member, "customers")).stored).toBeNull();
  });

  it("leave out a stored row that is not JSON instead of failing the member's every page", async () => {
    const user = await makeUser(t.db);
    await savePreferences(t.db, user.id, "sellerProjects", { sortBy: "status" });
    await t.db.insert(tablePreferences).values({ userId: user.id, tableKey: "customers", preferences: {} });
    await t.db.run(sql`update table_preferences set preferences = 'not json' where user_id = ${user.id} and table_key = 'customers'`);
    const member = (await userForSession(t.db, await startSession(t.db, user.id)))!;
    expect(member.id).toBe(user.id);
    expect((await loadPreferences(t.db, member, "sellerProjects")).resolved).toMatchObject({ sortBy: "status" });
    expect((await loadPreferences(t.db, member, "customers")).stored).toBeNull();
  });
});

describe("API tokens", () => {
  it("work until revoked or expired", async () => {
    const user = await makeUser(t.db);
    const { token } = await issueApiToken(t.db, user.id);
    expect((await userForApiToken(t.db, token))?.id).toBe(user.id);
    expect(await userForApiToken(t.db, token, Date.now() + API_TOKEN_TTL_MS + 1)).toBeNull();
    expect(await revokeApiToken(t.db, token)).toBe(true);
    expect(await userForApiToken(t.db, token)).toBeNull();
    expect(await userForApiToken(t.db, "not-a-token")).toBeNull();
  });
});
