import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { contracts, inboundItems, offers, outbox, projects, users } from "~/.server/db/schema";
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
