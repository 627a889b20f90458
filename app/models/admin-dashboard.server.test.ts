import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { contracts, inboundItems, offers, outbox, projects, users } from "~/.server/db/schema";
import { insertMany } from "~/.server/db/bulk";
import { makeUser } from "~/seed/factories";
import { adminAttention, weekActivity } from "./admin-dashboard.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-23T15:00:00Z");
let envelopes = 0;

async function project(sellerId: number, status: "draft" | "submitted" | "published", name: string = status) {
  const [row] = await t.db.insert(projects).values({ sellerId, kind: "loan_pool", status, projectName: name }).returning();
  return row!.id;
}
function nda(projectId: number, buyerId: number, ndaStatus: "Requested" | "Signed" | "NDA Approved", requestedAt: Date, signedAt: Date | null = null) {
  return { projectId, buyerId, ndaStatus, envelopeId: `env-${++envelopes}`, documentKey: "k", documentSha256: "s", requestedAt, signedAt };
}

describe("the admin's dashboard", () => {
  it("counts what waits for an admin: new inbound items by kind, submissions, signed NDAs, failed e-mails", async () => {
    expect(await adminAttention(t.db)).toEqual({
      inbound: { demo: 0, inquiry: 0, affiliate: 0, contact: 0 },
      review: 0,
      ndas: 0,
      outboxFailed: 0,
      ndaProjects: [],
    });
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [a, b, c] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    const item = { name: "N", email: "n@example.test", message: "m" };
    await t.db.insert(inboundItems).values([
      { kind: "demo", ...item },
      { kind: "demo", ...item },
      { kind: "demo", status: "contacted", ...item },
      { kind: "contact", ...item },
      { kind: "affiliate", status: "dismissed", ...item },
    ]);
    await project(seller.id, "draft");
    await project(seller.id, "submitted");
    const first = await project(seller.id, "published", "First pool");
    const second = await project(seller.id, "published", "Second pool");
    await t.db.insert(contracts).values([
      nda(first, a.id, "Signed", new Date(now.getTime() - 3 * DAY), new Date(now.getTime() - 2 * DAY)),
      nda(second, a.id, "Signed", new Date(now.getTime() - 3 * DAY), new Date(now.getTime() - 3 * DAY)),
      nda(second, b.id, "Signed", new Date(now.getTime() - 3 * DAY), new Date(now.getTime() - DAY)),
      nda(first, b.id, "Requested", now),
      nda(first, c.id, "NDA Approved", now, now),
    ]);
    const mail = { channel: "email" as const, recipient: "x@example.test", body: "b", nextAttemptAt: now };
    await t.db.insert(outbox).values([{ ...mail, status: "failed" }, { ...mail, status: "sent" }, mail]);

    expect(await adminAttention(t.db)).toEqual({
      inbound: { demo: 2, inquiry: 0, affiliate: 0, contact: 1 },
      review: 1,
      ndas: 3,
      outboxFailed: 1,
      // the project whose NDA has waited longest comes first
      ndaProjects: [
        { id: second, projectName: "Second pool", waiting: 2 },
        { id: first, projectName: "First pool", waiting: 1 },
      ],
    });
  });

  it("names the five projects whose waiting NDAs were signed first, a tie going to the older project", async () => {
    const fresh = await createTestDatabase();
    try {
      const db = fresh.db;
      const seller = await makeUser(db, { roles: ["ROLE_SELLER"] });
      const [a, b] = [await makeUser(db), await makeUser(db)];
      const ids: number[] = [];
      for (let i = 0; i < 7; i++) ids.push((await db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: `P${i}` }).returning())[0]!.id);
      const at = (days: number) => new Date(now.getTime() - days * DAY);
      await db.insert(contracts).values([
        nda(ids[0]!, a.id, "Signed", at(9), at(1)),
        nda(ids[1]!, a.id, "Signed", at(9), at(4)),
        nda(ids[1]!, b.id, "Signed", at(9), at(2)),
        nda(ids[2]!, a.id, "Signed", at(9), at(4)),
        nda(ids[3]!, a.id, "Signed", at(9), at(6)),
        nda(ids[4]!, a.id, "NDA Approved", at(9), at(8)),
        nda(ids[4]!, b.id, "Signed", at(9), at(3)),
        nda(ids[5]!, a.id, "Signed", at(9), at(2)),
        nda(ids[6]!, a.id, "Requested", at(9)),
      ]);
      expect((await adminAttention(db)).ndaProjects).toEqual([
        { id: ids[3], projectName: "P3", waiting: 1 },
        { id: ids[1], projectName: "P1", waiting: 2 },
        { id: ids[2], projectName: "P2", waiting: 1 },
        { id: ids[4], projectName: "P4", waiting: 1 },
        { id: ids[5], projectName: "P5", waiting: 1 },
      ]);
    } finally {
      fresh.cleanup();
    }
  });

  it("counts sign-ups, NDAs requested and signed, and offers on each of the last 7 UTC days", async () => {
    const fresh = await createTestDatabase();
    try {
      const db = fresh.db;
      expect(await weekActivity(db, { now })).toEqual({
        days: ["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"],
        signups: [0, 0, 0, 0, 0, 0, 0],
        ndasRequested: [0, 0, 0, 0, 0, 0, 0],
        ndasSigned: [0, 0, 0, 0, 0, 0, 0],
        offers: [0, 0, 0, 0, 0, 0, 0],
      });
      const at = (iso: string) => new Date(iso);
      const seller = await makeUser(db, { roles: ["ROLE_SELLER"] });
      const buyers = [await makeUser(db), await makeUser(db), await makeUser(db)];
      // sign-up dates: one too old to count, one on the first day at midnight, two today
      const dates = ["2026-11-16T23:59:59Z", "2026-11-17T00:00:00Z", "2026-11-23T01:00:00Z", "2026-11-23T14:00:00Z"];
      for (const [i, u] of [seller, ...buyers].entries()) await db.update(users).set({ createdAt: at(dates[i]!) }).where(eq(users.id, u.id));
      const [p] = await db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "P" }).returning();
      await db.insert(contracts).values([
        nda(p!.id, buyers[0]!.id, "Signed", at("2026-11-20T10:00:00Z"), at("2026-11-21T10:00:00Z")),
        nda(p!.id, buyers[1]!.id, "Requested", at("2026-11-20T12:00:00Z")),
        nda(p!.id, buyers[2]!.id, "NDA Approved", at("2026-11-10T12:00:00Z"), at("2026-11-22T09:00:00Z")),
      ]);
      const offer = { projectId: p!.id, status: "submitted" as const, price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "s" };
      await db.insert(offers).values([
        { ...offer, buyerId: buyers[0]!.id, createdAt: at("2026-11-23T09:00:00Z") },
        { ...offer, buyerId: buyers[2]!.id, createdAt: at("2026-11-01T09:00:00Z") },
      ]);
      expect(await weekActivity(db, { now })).toMatchObject({
        signups: [1, 0, 0, 0, 0, 0, 2],
        ndasRequested: [0, 0, 0, 2, 0, 0, 0],
        ndasSigned: [0, 0, 0, 0, 1, 1, 0],
        offers: [0, 0, 0, 0, 0, 0, 1],
      });
    } finally {
      fresh.cleanup();
    }
  });
});

describe("the admin's home's query plans", () => {
  // at the survey's scale (45,000 NDAs and 22,000 sign-ups in one week, 6,900 NDAs waiting) the
  // week's counts took 22 ms worked out row by row, and the waiting NDAs' projects 3.3 ms read row by row
  let p: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    p = await createTestDatabase();
    const seller = await makeUser(p.db, { roles: ["ROLE_SELLER"] });
    await insertMany(p.db, projects, Array.from({ length: 300 }, (_, i) => ({ sellerId: seller.id, kind: "loan_pool" as const, status: "published" as const, projectName: `Pool ${i}` })));
    await insertMany(
      p.db,
      users,
      Array.from({ length: 400 }, (_, i) => ({ email: `plan${i}@accounts.example`, name: `B${i}`, passwordHash: "x", roles: ["ROLE_BUYER"], createdAt: new Date(now.getTime() - (i % 20) * DAY) })),
    );
    const [first] = await p.db.select({ id: users.id }).from(users).where(eq(users.email, "plan0@accounts.example"));
    const statuses = ["Requested", "Signed", "NDA Approved"] as const;
    await insertMany(
      p.db,
      contracts,
      Array.from({ length: 3000 }, (_, i) => {
        const status = statuses[i % 3]!;
        return nda(1 + (i % 300), first!.id + Math.floor(i / 300), status, new Date(now.getTime() - (i % 20) * DAY), status === "Requested" ? null : new Date(now.getTime() - (i % 10) * DAY));
      }),
    );
    await p.client.execute("ANALYZE");
  });
  afterAll(() => p.cleanup());

  async function plansOf(read: () => Promise<unknown>) {
    const sent = await statementsSentBy(p.client, read);
    const execute = p.client.execute.bind(p.client);
    return Promise.all(
      sent.map(async (s) => ({
        sql: s.sql,
        plan: (await execute({ sql: `EXPLAIN QUERY PLAN ${s.sql}`, args: s.args as never })).rows.map((row) => String(row.detail)).join(" ; "),
      })),
    );
  }

  it("groups the waiting NDAs by project in the (status, project) index alone, reading only the five projects shown", async () => {
    const plans = await plansOf(() => adminAttention(p.db));
    const projectsOf = plans.find((s) => /group by "contracts"."project_id"/.test(s.sql))!.plan;
    expect(projectsOf, projectsOf).toMatch(/SEARCH contracts USING COVERING INDEX contracts_status_project_idx \(nda_status=\?\)/);
    expect(projectsOf, projectsOf).toMatch(/SEARCH projects USING INTEGER PRIMARY KEY/);
    expect(projectsOf, projectsOf).not.toMatch(/TEMP B-TREE FOR GROUP BY|SCAN contracts/);
    const counts = plans.find((s) => /union all/.test(s.sql))!.plan;
    expect(counts, counts).toMatch(/SEARCH contracts USING COVERING INDEX contracts_status_project_idx \(nda_status=\?\)/);
  });

  it("counts each day of the week as a range of an index, never working out a day for each row", async () => {
    const [week] = await plansOf(() => weekActivity(p.db, { now }));
    const steps = week!.plan.split(" ; ").filter((step) => /^(SEARCH|SCAN) (users|contracts|offers)\b/.test(step));
    expect(steps, week!.plan).toHaveLength(28);
    for (const index of ["users_created_idx (created_at", "contracts_requested_idx (requested_at", "contracts_signed_idx (signed_at", "offers_created_idx (created_at"]) {
      const [name, column] = index.split(" (");
      expect(steps.filter((step) => step === `SEARCH ${name!.split("_")[0]} USING COVERING INDEX ${name} (${column}>? AND ${column}<?)`), week!.plan).toHaveLength(7);
    }
    expect(week!.plan).not.toMatch(/TEMP B-TREE/);
  });
});
