import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { schema, type Database } from "~/.server/db";
import { auditLog, users } from "~/.server/db/schema";
import { BUSY_TIMEOUT_MS } from "~/.server/db/open-node";
import { GENESIS_HASH, canonicalContent, chainHash, changedFields, listAudit, readChanges, recordAudit, verifyAuditChain } from "./audit.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.cleanup());

const ada = { id: 1, name: "Ada Admin", email: "admin@demo.test" };
const append = (db: Database, n: number) =>
  recordAudit(db, { actor: ada, action: "project.publish", subjectType: "project", subjectId: n, detail: `step ${n}`, address: "203.0.113.7" });

async function appendMany(count: number) {
  for (let i = 1; i <= count; i++) await append(t.db, i);
}

describe("audit log", () => {
  it("chains every row to the one before and verifies", async () => {
    expect(await verifyAuditChain(t.db)).toEqual({ intact: true, rows: 0, head: null });
    await appendMany(5);
    const rows = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(rows[0]).toMatchObject({ actorName: "Ada Admin", actorEmail: "admin@demo.test", action: "project.publish", subjectId: "1", address: "203.0.113.7" });
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
    // pages smaller than the log are walked too
    expect(await verifyAuditChain(t.db, { pageSize: 2 })).toEqual({ intact: true, rows: 5, head: { id: 5, hash: rows[4]!.hash } });
  });

  it("names the first row whose content was edited", async () => {
    await appendMany(5);
    await t.db.update(auditLog).set({ detail: "nothing to see" }).where(eq(auditLog.id, 3));
    const check = await verifyAuditChain(t.db, { pageSize: 2 });
    expect(check).toMatchObject({ intact: false, brokenAt: 3 });
    if (!check.intact) expect(check.problem).toMatch(/Row 3 was changed/);
  });

  it("detects a row edited together with its own hash at the row after it", async () => {
    await appendMany(5);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, 2));
    const forged = { ...row!, actorName: "Someone Else" };
    await t.db.update(auditLog).set({ actorName: forged.actorName, hash: await chainHash(forged.prevHash, forged) }).where(eq(auditLog.id, 2));
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: false, brokenAt: 3 });
  });

  it("names the row after a deleted one, and a deleted first row", async () => {
    await appendMany(5);
    await t.db.delete(auditLog).where(eq(auditLog.id, 4));
    const check = await verifyAuditChain(t.db);
    expect(check).toMatchObject({ intact: false, brokenAt: 5 });
    if (!check.intact) expect(check.problem).toMatch(/row 4 is missing/);

    await t.db.delete(auditLog);
    await appendMany(3);
    await t.db.delete(auditLog).where(eq(auditLog.id, 1));
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: false, brokenAt: 2 });
  });

  it("keeps one valid chain when many appends race, from two connections to the same file", async () => {
    // a second process's connection, waiting for locks as the server's does (a PRAGMA would reach one pooled connection)
    const second = createClient({ url: t.url, timeout: BUSY_TIMEOUT_MS });
    const other = drizzle(second, { schema }) as unknown as Database;
    const appended = await Promise.all(Array.from({ length: 30 }, (_, i) => append(i % 2 ? other : t.db, i + 1)));
    second.close();
    expect(new Set(appended.map((r) => r.id)).size).toBe(30);
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true, rows: 30 });
    const subjects = (await t.db.select({ s: auditLog.subjectId }).from(auditLog)).map((r) => Number(r.s)).sort((a, b) => a - b);
    expect(subjects).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("lists a page at a time, newest first", async () => {
    await appendMany(7);
    const first = await listAudit(t.db, { pageSize: 3 });
    expect(first.rows.map((r) => r.id)).toEqual([7, 6, 5]);
    expect(first.olderBefore).toBe(5);
    const second = await listAudit(t.db, { pageSize: 3, before: first.olderBefore! });
    expect(second.rows.map((r) => r.id)).toEqual([4, 3, 2]);
    const last = await listAudit(t.db, { pageSize: 3, before: second.olderBefore! });
    expect(last).toEqual({ rows: [expect.objectContaining({ id: 1 })], olderBefore: null });
  });

  it("lists one record's history, or one admin's entries, a page at a time, each from its index", async () => {
    const [ben] = await t.db.insert(users).values({ id: 50, email: "ben@demo.test", name: "Ben Admin", passwordHash: "x", roles: ["ROLE_ADMIN"] }).returning();
    const benAsActor = { id: ben!.id, name: "Ben Admin", email: "ben@demo.test" };
    for (let i = 1; i <= 9; i++) {
      await recordAudit(t.db, { actor: i % 3 === 0 ? benAsActor : ada, action: "user.update", subjectType: i % 2 ? "user" : "customer", subjectId: i <= 6 ? 12 : 13 });
    }
    // user 12: entries 1, 3, 5; customer 12: 2, 4, 6 (the same id, another kind of record)
    expect((await listAudit(t.db, { filters: { subjectType: "user", subjectId: "12" } })).rows.map((r) => r.id)).toEqual([5, 3, 1]);
    const first = await listAudit(t.db, { pageSize: 2, filters: { subjectType: "customer", subjectId: "12" } });
    expect(first.rows.map((r) => r.id)).toEqual([6, 4]);
    expect((await listAudit(t.db, { pageSize: 2, before: first.olderBefore!, filters: { subjectType: "customer", subjectId: "12" } })).rows.map((r) => r.id)).toEqual([2]);
    // every record of a kind
    expect((await listAudit(t.db, { filters: { subjectType: "customer" } })).rows.map((r) => r.id)).toEqual([8, 6, 4, 2]);
    // who acted, by their e-mail in any case; someone who did nothing, or no account, has no entries
    expect((await listAudit(t.db, { filters: { actorEmail: "Ben@Demo.test" } })).rows.map((r) => r.id)).toEqual([9, 6, 3]);
    expect((await listAudit(t.db, { filters: { actorEmail: "ben@demo.test", subjectType: "customer" } })).rows.map((r) => r.id)).toEqual([6]);
    expect((await listAudit(t.db, { filters: { actorEmail: "nobody@demo.test" } })).rows).toEqual([]);
    // a record's history is read from its own entries, not by walking the whole log
    const plan = await t.client.execute("explain query plan select * from audit_log where subject_type = 'user' and subject_id = '12' order by id desc limit 51");
    expect(plan.rows.map((r) => String(r.detail)).join("; ")).toContain("audit_log_subject_idx");
  });

  it("keeps an edit's changed fields with the values they replaced, never a secret, and lists them", async () => {
    const before = { name: "Kim", phone: "", roles: ["ROLE_BUYER"], passwordHash: "old-hash", totpSecret: "AAAA", updatedAt: new Date(1) };
    const after = { name: "Kim Lee", phone: "", roles: ["ROLE_SELLER", "ROLE_AGENT"], passwordHash: "new-hash", totpSecret: "BBBB", updatedAt: new Date(2) };
    const changes = changedFields(before, after, ["name", "phone", "roles", "passwordHash", "totpSecret"]);
    // only what changed, lists as their items, secrets left out even when asked for
    expect(changes).toEqual([
      { field: "name", from: "Kim", to: "Kim Lee" },
      { field: "roles", from: "ROLE_BUYER", to: "ROLE_SELLER, ROLE_AGENT" },
    ]);
    // a field of the new values only (a record made, a partial edit) starts from nothing; a null is nothing
    expect(changedFields<{ rate: number | null; note?: string }>({ rate: null }, { rate: 4.5 })).toEqual([{ field: "rate", from: "", to: "4.5" }]);
    await recordAudit(t.db, {
      actor: ada,
      action: "user.update",
      subjectType: "user",
      subjectId: 7,
      // a caller's own list is filtered too: a token never reaches the log
      changes: [...changes, { field: "apiToken", from: "secret-1", to: "secret-2" }, { field: "comments", from: "x".repeat(5000), to: "" }],
    });
    await append(t.db, 8);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, 1));
    expect(row!.changes).not.toContain("secret-1");
    expect(row!.changes).not.toContain("hash");
    const { rows } = await listAudit(t.db);
    expect(rows.map((r) => [r.id, r.changes])).toEqual([
      [2, []],
      [1, [...changes, { field: "comments", from: "x".repeat(4000), to: "" }]],
    ]);
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true, rows: 2 });
    // the changes are in the hash: a changed "before" breaks the chain
    await t.db.update(auditLog).set({ changes: row!.changes.replace("Kim", "Tim") }).where(eq(auditLog.id, 1));
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: false, brokenAt: 1 });
  });

  it("reads the entries written before edits kept their changes: same hash, no changes", async () => {
    await appendMany(2);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, 1));
    // an entry without changes hashes exactly the columns it always had
    const { changes, ...old } = row!;
    expect(changes).toBe("");
    expect(canonicalContent(row!)).toBe(JSON.stringify([old.id, old.at.getTime(), old.actorId, old.actorName, old.actorEmail, old.action, old.subjectType, old.subjectId, old.detail, old.address]));
    const { rows } = await listAudit(t.db);
    expect(rows.map((r) => r.changes)).toEqual([[], []]);
    // something unreadable in the column lists as no changes rather than failing the page
    expect(readChanges("[{not json")).toEqual([]);
    expect(readChanges('{"field":"x"}')).toEqual([]);
  });
});
