import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp } from "../../../tests/support/app";

let app: Awaited<ReturnType<typeof bootApp>>;
let deskData: typeof import("./desk.server").deskData;
let sellerOfProject: typeof import("~/models/projects.server").sellerOfProject;
let projectViewers: typeof import("~/models/engagement.server").projectViewers;
let visits: (projectId: number, userIds: number[]) => Promise<void>;

beforeAll(async () => {
  app = await bootApp("desk");
  ({ deskData } = await import("./desk.server"));
  ({ sellerOfProject } = await import("~/models/projects.server"));
  ({ projectViewers } = await import("~/models/engagement.server"));
  const { storePageSessions, toRow } = await import("~/models/page-sessions.server");
  const { pageSessionSchema } = await import("~/lib/analytics/page-session");
  // a minute on the teaser each, as the beacon records it
  visits = (projectId, userIds) => {
    const end = Date.now();
    return storePageSessions(
      app.services.db,
      userIds.map((userId) =>
        toRow(
          pageSessionSchema.parse({
            sessionId: `desk${userId}x${projectId}x${end}`, userId, route: `/projects/more-details/${projectId}`, params: { id: String(projectId) }, query: {},
            sessionStart: end - 60_000, sessionEnd: end, totalDuration: 60_000, activeTime: 30_000, lastActiveTime: end - 1000, isPageActive: false,
            userInteractions: { clicks: 1, keystrokes: 0, scrollEvents: 2, mouseMovements: 3, mouseLeaves: 0 }, scrollDepthMax: 50, interactionTimepoints: [],
            pageType: "company-before-nda", companyId: projectId, userAgent: "test", screenWidth: 1, screenHeight: 1, language: "en",
          }),
          userId,
        ),
      ),
    );
  };
});
afterAll(() => app.cleanup());

describe("the project desk", () => {
  it("reads the same with its seller named by a query as by the seller's id, for the seller and for an admin", async () => {
    const seller = await app.member("seller@demo.test");
    const admin = await app.member("admin@demo.test");
    const listed = await app.publishedProjects(seller.user.id);
    let seen = 0;
    for (const project of listed.slice(0, 4)) {
      for (const [viewer, role] of [[seller.user, "seller"], [admin.user, "admin"]] as const) {
        const byId = await deskData(app.services, { id: project.id, sellerId: project.sellerId }, viewer, role);
        const byQuery = await deskData(app.services, { id: project.id, sellerId: sellerOfProject(project.id) }, viewer, role);
        expect(byQuery).toEqual(byId);
        seen += byId.contracts.length + byId.offers.length;
      }
    }
    // the demo market's deals are on these projects: the comparison was not of empty desks
    expect(seen).toBeGreaterThan(0);
  });

  it("leaves the seller's own visits out of who looked at the project", async () => {
    const seller = await app.member("seller@demo.test");
    const buyer = await app.member("buyer@demo.test");
    const [project] = await app.publishedProjects(seller.user.id);
    await visits(project!.id, [seller.user.id, buyer.user.id]);
    const viewers = await projectViewers(app.services.db, project!.id);
    expect(viewers.rows.map((v) => v.userId)).toContain(buyer.user.id);
    expect(viewers.rows.map((v) => v.userId)).not.toContain(seller.user.id);
    expect(viewers.total).toBe(viewers.rows.length);
  });

  it("pages a sought-after project's pipeline and viewers, latest first, without leaving anyone out or counting an admin", async () => {
    const { makeUser } = await import("~/seed/factories");
    const { recentlyViewed } = await import("~/.server/db/schema");
    const seller = await app.member("seller@demo.test");
    const admin = await app.member("admin@demo.test");
    const [project] = (await app.publishedProjects(seller.user.id)).slice(-1);
    const start = Date.now() - 3_600_000;
    const lookers = [];
    for (let i = 0; i < 60; i++) lookers.push(await makeUser(app.services.db, { name: `Looker ${String(i).padStart(2, "0")}` }));
    // each looks a minute after the one before; the admin's look is not interest
    await app.services.db.insert(recentlyViewed).values([
      ...lookers.map((u, i) => ({ userId: u.id, projectId: project!.id, viewedAt: new Date(start + i * 60_000) })),
      { userId: admin.user.id, projectId: project!.id, viewedAt: new Date() },
    ]).onConflictDoNothing();
    await visits(project!.id, lookers.map((u) => u.id));
    const at = (query: string) => new URL(`http://app.test/sellers/myprojects/${project!.id}${query}`);
    const first = await deskData(app.services, { id: project!.id, sellerId: project!.sellerId }, admin.user, "admin", at(""));
    const second = await deskData(app.services, { id: project!.id, sellerId: project!.sellerId }, admin.user, "admin", at("?pipeline=2&viewers=2"));
    const lookersIn = (markup: unknown) => JSON.stringify(markup).match(/Looker \d\d/g) ?? [];
    const firstPage = lookersIn(first.records.pipeline);
    const secondPage = lookersIn(second.records.pipeline);
    expect(firstPage.slice(0, 3)).toEqual(["Looker 59", "Looker 58", "Looker 57"]);
    expect(new Set([...firstPage, ...secondPage]).size).toBe(60);
    expect(JSON.stringify(first.records.pipeline)).not.toContain(admin.user.name);
    // the pager keeps the page's other parameters and names its own
    expect(JSON.stringify(first.records.pipeline)).toContain("pipeline=2");
    expect(new Set([...lookersIn(first.records.viewers), ...lookersIn(second.records.viewers)]).size).toBe(60);
    expect(lookersIn(second.records.viewers).length).toBeLessThan(60);
  });
});
