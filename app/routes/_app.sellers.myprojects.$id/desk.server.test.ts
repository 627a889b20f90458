import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp } from "../../../tests/support/app";
import { BUSY_START, busyProject } from "../../../tests/support/busy-project";
import { DESK_TABLE_PAGE_SIZE as PAGE } from "~/lib/deal";

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
  const { pageSessionSchema } = await import("~/lib/analytics/page-session.server");
  // a minute on the teaser each, as the beacon records it
  visits = (projectId, userIds) => {
    const end = Date.now();
    return storePageSessions(
      app.services.db,
      userIds.map((userId) =>
        toRow(
          pageSessionSchema().parse({
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
    const { recentlyViewed, users } = await import("~/.server/db/schema");
    const seller = await app.member("seller@demo.test");
    const admin = await app.member("admin@demo.test");
    const [project] = (await app.publishedProjects(seller.user.id)).slice(-1);
    const start = Date.now() - 3_600_000;
    // buyers who never sign in, two pages of them: written at once, without hashing their passwords (the test's time went there)
    const LOOKERS = PAGE + 10;
    const lookers = await app.services.db
      .insert(users)
      .values(Array.from({ length: LOOKERS }, (_, i) => ({ email: `looker${i}@desk.example`, name: `Looker ${String(i).padStart(2, "0")}`, company: "Looking Capital", passwordHash: "x", roles: ["ROLE_BUYER"] })))
      .returning({ id: users.id });
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
    expect(firstPage.slice(0, 3)).toEqual([1, 2, 3].map((n) => `Looker ${LOOKERS - n}`));
    expect(new Set([...firstPage, ...secondPage]).size).toBe(LOOKERS);
    expect(JSON.stringify(first.records.pipeline)).not.toContain(admin.user.name);
    // the pager keeps the page's other parameters and names its own
    expect(JSON.stringify(first.records.pipeline)).toContain("pipeline=2");
    expect(new Set([...lookersIn(first.records.viewers), ...lookersIn(second.records.viewers)]).size).toBe(LOOKERS);
    expect(lookersIn(second.records.viewers).length).toBeLessThan(LOOKERS);
  });

  it("names a buyer who signed in the pipeline, the viewers and the passes whatever page of the NDAs is open; one who did not stays a pseudonym", async () => {
    const { buyerPseudonym } = await import("~/models/buyer-identity.server");
    const { feedback } = await import("~/.server/db/schema");
    const seller = await app.member("seller@demo.test");
    // a page and five NDAs, none signed but the fourth of the five: it and the fifth are on the second
    // page of NDAs, and theirs is the latest activity, at the top of the pipeline's first page
    const [SIGNER, STRANGER] = [PAGE + 3, PAGE + 4];
    const { project, buyers, contracts } = await busyProject(app.services.db, { sellerId: seller.user.id, ndas: PAGE + 5, signed: (i) => i === SIGNER });
    const [signer, stranger] = [buyers[SIGNER]!, buyers[STRANGER]!];
    await visits(project.id, [signer.id, stranger.id]);
    await app.services.db.insert(feedback).values([signer, stranger].map((b) => ({ projectId: project.id, buyerId: b.id, reasons: ["Pricing"], createdAt: new Date(BUSY_START + 60_000) })));
    const pseudonym = await buyerPseudonym(app.services.env.SESSION_SECRET, { projectId: project.id, buyerId: stranger.id });
    const desk = (query: string) =>
      deskData(app.services, { id: project.id, sellerId: project.sellerId }, seller.user, "seller", new URL(`http://app.test/sellers/myprojects/${project.id}${query}`));

    const first = await desk("");
    expect(first.contracts).toHaveLength(PAGE);
    expect(first.contracts.map((c) => c.id)).not.toContain(contracts[SIGNER]!.id);
    for (const section of ["pipeline", "viewers", "feedback"] as const) {
      const html = first.records[section].html;
      expect(html, section).toContain(signer.name);
      expect(html, section).toContain(pseudonym);
      expect(html, section).not.toContain(stranger.name);
    }
    // no one's e-mail but a signer's on their NDA's row
    expect(JSON.stringify(first)).not.toContain("@example.test");

    const second = await desk("?ndas=2");
    const row = (contractId: number) => second.contracts.find((c) => c.id === contractId)!;
    expect(row(contracts[SIGNER]!.id).buyer).toMatchObject({ name: signer.name, email: signer.email });
    expect(row(contracts[STRANGER]!.id).buyer).toEqual({ buyerId: null, name: pseudonym, company: "", email: null });
    // the same names on the pipeline whichever page of NDAs is open (its links keep `ndas=2`)
    const rowsOf = (html: string) => html.slice(0, html.indexOf("<nav"));
    expect(rowsOf(second.records.pipeline.html) === rowsOf(first.records.pipeline.html)).toBe(true);
  });

  it("pages the NDAs, the data room, its audit log, the threads and the offers each on its own parameter, keeping the others in its links", async () => {
    const { documentEvents, documents, messages, offerEvents, offers } = await import("~/.server/db/schema");
    const seller = await app.member("seller@demo.test");
    const { project, buyers } = await busyProject(app.services.db, { sellerId: seller.user.id, ndas: PAGE + 5, name: "Busy paged desk" });
    const projectId = project.id;
    const when = (i: number) => new Date(BUSY_START + i * 1000);
    await app.services.db.insert(documents).values(buyers.slice(0, PAGE + 1).map((_, i) => ({ projectId, name: `Memo ${String(i).padStart(2, "0")}.pdf`, type: "pdf" as const, size: 10, storageKey: `busy-${projectId}-${i}`, sha256: "-" })));
    await app.services.db.insert(documentEvents).values(buyers.slice(0, PAGE + 1).map((b, i) => ({ projectId, documentName: `Memo ${i}`, userId: b.id, action: "view" as const, createdAt: when(i) })));
    await app.services.db.insert(messages).values(buyers.slice(0, PAGE + 1).map((b, i) => ({ projectId, buyerId: b.id, senderId: b.id, body: "Question", createdAt: when(i) })));
    const made = await app.services.db
      .insert(offers)
      .values(buyers.slice(0, 11).map((b, i) => ({ projectId, buyerId: b.id, status: "submitted" as const, price: 1_000_000 + i, structure: "All cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "loi.pdf", pdfSha256: "-" })))
      .returning({ id: offers.id, buyerId: offers.buyerId });
    await app.services.db.insert(offerEvents).values(made.map((o) => ({ offerId: o.id, actorId: o.buyerId, action: "submitted" as const, revision: 1 })));
    const desk = (query: string) =>
      deskData(app.services, { id: projectId, sellerId: project.sellerId }, seller.user, "seller", new URL(`http://app.test/sellers/myprojects/${projectId}${query}`));
    const threadLinks = (html: string) => html.match(new RegExp(`/messages/${projectId}/\\d+`, "g")) ?? [];
    const auditRows = (html: string) => html.match(/data-testid="audit-row"/g)?.length ?? 0;

    const first = await desk("");
    const second = await desk("?ndas=2&documents=2&audit=2&threads=2&offers=2&pipeline=2");
    expect([first.contracts.length, second.contracts.length]).toEqual([PAGE, 5]);
    expect(new Set([...first.contracts, ...second.contracts].map((c) => c.id)).size).toBe(PAGE + 5);
    expect([first.documents.length, second.documents.length]).toEqual([PAGE, 1]);
    expect(new Set([...first.documents, ...second.documents].map((d) => d.id)).size).toBe(PAGE + 1);
    expect([auditRows(first.records.audit.html), auditRows(second.records.audit.html)]).toEqual([PAGE, 1]);
    expect(new Set([...threadLinks(first.records.negotiations.html), ...threadLinks(second.records.negotiations.html)]).size).toBe(PAGE + 1);
    expect(threadLinks(second.records.negotiations.html)).toHaveLength(1);
    expect([first.offers.length, second.offers.length]).toEqual([10, 1]);
    expect(new Set([...first.offers, ...second.offers].map((o) => o.offer.id)).size).toBe(11);

    // the counts are of all, not of the page; a later page of the audit log opens it
    for (const page of [first, second]) expect(page.records.audit.html).toContain(`Audit log (${PAGE + 1})`);
    expect(second.records.audit.html).toMatch(/<details[^>]* open=""/);
    expect(first.records.audit.html).not.toMatch(/<details[^>]* open/);
    expect(first.records.ndasPager.html).toContain(`of ${PAGE + 5} NDAs`);
    expect(first.records.offersPager.html).toContain("of 11 offers");
    // each pager names its own parameter, keeps the others, and opens at its section
    const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(links(first.records.ndasPager.html)).toEqual([`/sellers/myprojects/${projectId}?ndas=2#ndas`]);
    expect(links(second.records.ndasPager.html)).toEqual([`/sellers/myprojects/${projectId}?documents=2&audit=2&threads=2&offers=2&pipeline=2#ndas`]);
    expect(links(second.records.documentsPager.html)).toEqual([`/sellers/myprojects/${projectId}?ndas=2&audit=2&threads=2&offers=2&pipeline=2#data-room`]);
    expect(links(first.records.offersPager.html)).toEqual([`/sellers/myprojects/${projectId}?offers=2#offers`]);
    expect(links(first.records.negotiations.html).filter((href) => href.includes("threads="))).toEqual([`/sellers/myprojects/${projectId}?threads=2#negotiations`]);
    expect(links(first.records.audit.html).filter((href) => href.includes("audit="))).toEqual([`/sellers/myprojects/${projectId}?audit=2#data-room-audit`]);

    // made-up pages: the first for what is no page, the last for a page past it
    const pagesOf = (d: Awaited<ReturnType<typeof desk>>) => [d.contracts.map((c) => c.id), d.documents.map((x) => x.id), d.offers.map((o) => o.offer.id), threadLinks(d.records.negotiations.html)];
    for (const bad of ["abc", "-1", "0", "", "1e-3"]) {
      expect(pagesOf(await desk(`?ndas=${bad}&documents=${bad}&audit=${bad}&threads=${bad}&offers=${bad}`)), bad).toEqual(pagesOf(first));
    }
    for (const past of ["99999", "3", "1e9"]) {
      expect(pagesOf(await desk(`?ndas=${past}&documents=${past}&audit=${past}&threads=${past}&offers=${past}`)), past).toEqual(pagesOf(second));
    }
  });

  it("shows the data-room audit log's entries as counted, the figure kept as entries are written, removed or moved", async () => {
    const { eq, inArray, sql } = await import("drizzle-orm");
    const { documentEvents, projects } = await import("~/.server/db/schema");
    const { logDocumentEvent } = await import("~/models/data-room.server");
    const db = app.services.db;
    const seller = await app.member("seller@demo.test");
    const { project, buyers } = await busyProject(db, { sellerId: seller.user.id, ndas: 6, name: "Audited desk" });
    const { project: other } = await busyProject(db, { sellerId: seller.user.id, ndas: 1, name: "Other audited desk" });
    const counted = async (projectId: number) => {
      const [row] = await db.all<{ kept: number; entries: number }>(
        sql`select p.document_event_count as kept, (select count(*) from document_events e where e.project_id = p.id) as entries from projects p where p.id = ${projectId}`,
      );
      return row!;
    };
    const shown = async () => (await deskData(app.services, { id: project.id, sellerId: project.sellerId }, seller.user, "seller")).records.audit.html.match(/Audit log \((\d+)\)/)?.[1];

    const made = await db
      .insert(documentEvents)
      .values(buyers.map((b, i) => ({ projectId: project.id, documentName: `Memo ${i}`, userId: b.id, action: "download" as const, createdAt: new Date(BUSY_START + i) })))
      .returning({ id: documentEvents.id });
    await logDocumentEvent(db, { projectId: project.id, userId: buyers[0]!.id, action: "view", documentName: "Data room" });
    expect(await counted(project.id)).toEqual({ kept: 7, entries: 7 });
    expect(await shown()).toBe("7");

    await db.delete(documentEvents).where(inArray(documentEvents.id, made.slice(0, 2).map((e) => e.id)));
    await db.update(documentEvents).set({ projectId: other.id }).where(eq(documentEvents.id, made[2]!.id));
    expect(await counted(project.id)).toEqual({ kept: 4, entries: 4 });
    expect(await counted(other.id)).toEqual({ kept: 1, entries: 1 });
    expect(await shown()).toBe("4");

    // the member's account goes, and with it their entries (a cascade fires the same triggers)
    const { users } = await import("~/.server/db/schema");
    await db.delete(users).where(eq(users.id, buyers[5]!.id));
    expect(await counted(project.id)).toEqual({ kept: 3, entries: 3 });
    expect((await db.select({ n: projects.documentEventCount }).from(projects).where(eq(projects.id, project.id)))[0]!.n).toBe(3);
  });
});
