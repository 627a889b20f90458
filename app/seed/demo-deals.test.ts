import { describe, expect, it } from "vitest";
import { NDA_STATUSES, OFFER_STATUSES } from "~/lib/deal";
import { ACCEPTED_ANOTHER_NOTE } from "~/models/offers.server";
import { SOLD_NOTE } from "~/models/project-sale.server";
import { DEAL_WINDOW_DAYS, planDeals, type DealMember, type DealProject } from "./demo-deals";

const now = Date.UTC(2026, 10, 23, 12);
const projects: DealProject[] = Array.from({ length: 40 }, (_, i) => ({
  id: 13 + i,
  name: `Project ${13 + i}`,
  status: i % 10 === 3 ? "under_offer" : i % 10 === 7 ? "sold" : "published",
  sellerId: 1 + (i % 3),
  sellerName: "Sam Seller",
  sellerEmail: "seller@demo.test",
  sellerCompany: "First Prairie Bank",
  size: 2_000_000,
}));
const members: DealMember[] = Array.from({ length: 120 }, (_, i) => ({ id: 100 + i, name: `Member ${i}`, email: `m${i}@example.test`, company: `Company ${i}` }));
const plan = planDeals({ projects, members, now, focus: [13] });

describe("the demo market's deals", () => {
  it("are the same for the same seed and market", () => {
    expect(planDeals({ projects, members, now, focus: [13] })).toEqual(plan);
  });

  it("hold NDAs in every status and offers at every stage, an open one on the focused project", () => {
    expect(new Set(plan.contracts.map((c) => c.ndaStatus))).toEqual(new Set(NDA_STATUSES));
    expect(new Set(plan.offers.map((o) => o.status))).toEqual(new Set(OFFER_STATUSES));
    expect(plan.offers.filter((o) => o.projectId === 13).map((o) => o.status)).toEqual(expect.arrayContaining(["countered", "submitted"]));
  });

  it("give the first member an offer accepted and one countered, so one account shows every step", () => {
    expect(plan.offers.filter((o) => o.buyerId === members[0]!.id).map((o) => [o.projectId === 13, o.status])).toEqual(
      expect.arrayContaining([[true, "countered"], [false, "accepted"]]),
    );
  });

  it("keep the deal flow's rules: one NDA per buyer and project, offers only after an approved NDA, accepted only where the project is under offer", () => {
    const keys = plan.contracts.map((c) => `${c.projectId}:${c.buyerId}`);
    expect(new Set(keys).size).toBe(keys.length);
    const approved = new Set(plan.contracts.filter((c) => c.ndaStatus === "NDA Approved").map((c) => `${c.projectId}:${c.buyerId}`));
    expect(plan.offers.every((o) => approved.has(`${o.projectId}:${o.buyerId}`))).toBe(true);
    const closed = new Set(projects.filter((p) => p.status !== "published").map((p) => p.id));
    expect(plan.offers.filter((o) => o.status === "accepted").every((o) => closed.has(o.projectId))).toBe(true);
    // unsigned: waiting, or closed by the sale before it was signed
    expect(plan.contracts.every((c) => (c.ndaStatus === "Requested" || c.rejectionReason === SOLD_NOTE) === (c.signedAt === null) || c.signedAt !== null)).toBe(true);
    expect(plan.contracts.every((c) => c.signedAt !== null || c.ndaStatus === "Requested" || c.rejectionReason === SOLD_NOTE)).toBe(true);
    expect(plan.threadReads.every((t) => plan.messages.some((m) => m.projectId === t.projectId && m.buyerId === t.buyerId))).toBe(true);
  });

  it("close what the sale and the acceptance close: no NDA waits on a sold listing, no offer stays open or comes after an accepted one", () => {
    const sold = projects.filter((p) => p.status === "sold").map((p) => p.id);
    const closedNdas = plan.contracts.filter((c) => sold.includes(c.projectId!) && c.rejectionReason === SOLD_NOTE);
    expect(closedNdas.length).toBeGreaterThan(0);
    expect(plan.contracts.filter((c) => sold.includes(c.projectId!) && ["Requested", "Signed"].includes(c.ndaStatus!))).toEqual([]);
    for (const c of closedNdas) {
      expect(c.ndaStatus).toBe("Rejected");
      expect(plan.notifications).toContainEqual(expect.objectContaining({ userId: c.buyerId, kind: "nda_rejected", message: expect.stringContaining("was sold: your NDA request is closed."), link: "/buyers/myprojects/index_new" }));
    }
    for (const p of projects.filter((project) => project.status !== "published")) {
      const offers = plan.offers.filter((o) => o.projectId === p.id);
      const accepted = offers.find((o) => o.status === "accepted");
      if (!accepted) continue;
      const acceptedAt = accepted.steps.at(-1)!.at;
      for (const o of offers.filter((offer) => offer !== accepted)) {
        expect(["rejected", "withdrawn"]).toContain(o.status);
        expect(o.steps[0]!.at).toBeLessThan(acceptedAt);
      }
    }
    const closedOffers = plan.offers.filter((o) => o.steps.some((s) => s.note === ACCEPTED_ANOTHER_NOTE));
    expect(closedOffers.every((o) => o.status === "rejected")).toBe(true);
  });

  it("happen over the last 90 days, each step after the one before", () => {
    const times = [...plan.pageSessions.map((s) => (s.sessionStart as Date).getTime()), ...plan.notifications.map((n) => (n.createdAt as Date).getTime())];
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now - DEAL_WINDOW_DAYS * 86_400_000);
    expect(Math.max(...times)).toBeLessThan(now);
    for (const c of plan.contracts) {
      if (c.signedAt) expect((c.signedAt as Date).getTime()).toBeGreaterThanOrEqual((c.requestedAt as Date).getTime());
      if (c.decidedAt) expect((c.decidedAt as Date).getTime()).toBeGreaterThanOrEqual(((c.signedAt ?? c.requestedAt) as Date).getTime());
    }
    for (const o of plan.offers) expect(o.steps.map((s) => s.at)).toEqual([...o.steps.map((s) => s.at)].sort((a, b) => a - b));
    expect(plan.audit.map((a) => a.at)).toEqual([...plan.audit.map((a) => a.at)].sort((a, b) => a - b));
  });
});
