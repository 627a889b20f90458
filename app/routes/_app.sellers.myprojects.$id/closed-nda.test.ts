import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";
import { busyProject } from "../../../tests/support/busy-project";

/** Deciding on an NDA request the listing's withdrawal or sale closed, from an old tab: the seller's page and the admin's say so. */
const app = await bootApp("route-closed-nda");
const { action: sellerAction } = await import("./route");
const { action: adminAction } = await import("../_app.admin.projects.$id/route");
const { withdrawProject } = await import("~/models/project-withdrawal.server");
const { markProjectSold } = await import("~/models/project-sale.server");
const { eq } = await import("drizzle-orm");
const { auditLog, contracts, projects } = await import("~/.server/db/schema");
const { context, services, deal } = app;
const seller = await app.member("seller@demo.test");
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

describe("approving an NDA request closed by the listing's withdrawal", () => {
  it("is refused with 409, saying the request was closed when the listing was withdrawn, and writes nothing", async () => {
    const { project, contracts: [signed] } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 1, signed: () => true, name: "Withdrawn with a signed NDA" });
    expect(await withdrawProject(deal, { projectId: project.id, actorId: seller.user.id, sellerId: seller.user.id })).toBe(true);
    const rowOf = async () => (await services.db.select().from(contracts).where(eq(contracts.id, signed!.id)))[0];
    const before = await rowOf();
    expect(before).toMatchObject({ ndaStatus: "Rejected", rejectionReason: "Closed: the listing was withdrawn" });
    const audited = async () => (await services.db.select().from(auditLog)).length;
    const entries = await audited();
    for (const [act, path, member] of [
      [sellerAction, `/sellers/myprojects/${project.id}`, seller],
      [adminAction, `/admin/projects/${project.id}`, admin],
    ] as const) {
      const request = postRequest(path, member.cookie, { intent: "approve-nda", contractId: String(signed!.id) });
      const response = await responseOf(act({ request, context, params: { id: String(project.id) } }));
      expect(response.status, path).toBe(409);
      const said = JSON.stringify(await response.json());
      expect(said, path).toContain("This request was closed when the listing was withdrawn.");
      expect(said, path).not.toContain("can only be rejected");
    }
    expect(await rowOf()).toEqual(before);
    expect(await audited()).toBe(entries);
  });

  it("says the same of a rejection, and of a request the listing's sale closed, writing nothing", async () => {
    const { project, contracts: [signed] } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 1, signed: () => true, name: "Sold with a signed NDA" });
    await services.db.update(projects).set({ status: "under_offer" }).where(eq(projects.id, project.id));
    expect(await markProjectSold(deal, { projectId: project.id, actorId: seller.user.id, sellerId: seller.user.id })).toBe(true);
    const rowOf = async () => (await services.db.select().from(contracts).where(eq(contracts.id, signed!.id)))[0];
    const before = await rowOf();
    expect(before).toMatchObject({ ndaStatus: "Rejected", rejectionReason: "Closed: the listing was sold" });
    for (const fields of [{ intent: "approve-nda" }, { intent: "reject-nda", reason: "Not for us after all." }] as Array<Record<string, string>>) {
      const request = postRequest(`/sellers/myprojects/${project.id}`, seller.cookie, { ...fields, contractId: String(signed!.id) });
      const response = await responseOf(sellerAction({ request, context, params: { id: String(project.id) } }));
      expect(response.status, fields.intent).toBe(409);
      expect(JSON.stringify(await response.json()), fields.intent).toContain("This request was closed when the listing was sold.");
    }
    expect(await rowOf()).toEqual(before);
  });
});
