import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, explained } from "../../tests/support/db";
import { schema, type Database } from "~/.server/db";
import { contracts, documentEvents, documents, messages, offerEvents, offers, projects, users } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { DESK_NDAS_PAGE_SIZE, projectContractsPage } from "./contracts.server";
import { AUDIT_PAGE_SIZE, DESK_DOCUMENTS_PAGE_SIZE, documentAudit, projectDocumentsPage } from "./data-room.server";
import { DESK_THREADS_PAGE_SIZE, markThreadRead, projectThreads } from "./negotiations.server";
import { DESK_OFFERS_PAGE_SIZE, projectOffersPage } from "./offers.server";
import { pipeline, projectPipelinePage } from "./pipeline.server";
import { projectViewers, VIEWERS_PAGE_SIZE } from "./engagement.server";
import { DESK_TABLE_PAGE_SIZE } from "~/lib/deal";

/**
 * The long lists of a project's desk, a page at a time: a busy project's NDAs, data-room files and
 * audit log, negotiation threads and offers. Every row on exactly one page, the count of all with
 * each page, a page past the last answered with the last, and each page read from indexes.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
let projectId: number;
let sellerId: number;
let buyerIds: number[];
const NDAS = 2 * DESK_NDAS_PAGE_SIZE + 12; // three pages, the last of 12
const DOCUMENTS = DESK_DOCUMENTS_PAGE_SIZE + 10;
const EVENTS = AUDIT_PAGE_SIZE + 20;
const THREADS = DESK_THREADS_PAGE_SIZE + 10;
const OFFERS = DESK_OFFERS_PAGE_SIZE + 5;
const VIEWERS = VIEWERS_PAGE_SIZE + 10;
const PIPELINE = DESK_TABLE_PAGE_SIZE;
const START = Date.UTC(2026, 0, 5, 9);

beforeAll(async () => {
  t = await createTestDatabase();
  sellerId = (await makeUser(t.db, { roles: ["ROLE_SELLER"] })).id;
  const [project] = await t.db.insert(projects).values({ sellerId, kind: "insurance_loan", status: "published", projectName: "Busy pool" }).returning();
  projectId = project!.id;
  // buyers written at once (makeUser hashes a password for each)
  const rows = await t.db
    .insert(users)
    .values(Array.from({ length: NDAS }, (_, i) => ({ email: `desk-buyer-${i}@example.test`, name: `Desk buyer ${String(i).padStart(3, "0")}`, passwordHash: "-", roles: ["ROLE_BUYER"] })))
    .returning({ id: users.id });
  buyerIds = rows.map((r) => r.id);
  // two NDAs asked for in each millisecond: the id settles the order
  await t.db.insert(contracts).values(
    buyerIds.map((buyerId, i) => ({
      projectId,
      buyerId,
      envelopeId: `desk-envelope-${i}`,
      documentKey: "nda.pdf",
      documentSha256: "-",
      requestedAt: new Date(START + Math.floor(i / 2) * 1000),
      ...(i % 2 ? {} : { ndaStatus: "Signed" as const, signedAt: new Date(START + i * 1000 + 500), signerName: "Signer" }),
    })),
  );
  // files named out of the order they were added in
  await t.db.insert(documents).values(
    Array.from({ length: DOCUMENTS }, (_, i) => ({ projectId, name: `File ${String((i * 37) % DOCUMENTS).padStart(2, "0")}.pdf`, type: "pdf" as const, size: 1000, storageKey: `k${i}`, sha256: "-" })),
  );
  await t.db.insert(documentEvents).values(
    Array.from({ length: EVENTS }, (_, i) => ({ projectId, documentName: `File ${i}`, userId: buyerIds[i % 10]!, action: "download" as const, createdAt: new Date(START + Math.floor(i / 3) * 1000) })),
  );
  // each thread a buyer's question and the seller's answer, the threads a second apart
  await t.db.insert(messages).values(
    buyerIds.slice(0, THREADS).flatMap((buyerId, i) => [
      { projectId, buyerId, senderId: buyerId, body: "Question", createdAt: new Date(START + i * 1000) },
      { projectId, buyerId, senderId: sellerId, body: "Answer", createdAt: new Date(START + i * 1000 + 1) },
    ]),
  );
  const made = await t.db
    .insert(offers)
    .values(
      Array.from({ length: OFFERS }, (_, i) => ({ projectId, buyerId: buyerIds[i]!, status: "submitted" as const, price: 1_000_000 + i, structure: "All cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "loi.pdf", pdfSha256: "-" })),
    )
    .returning({ id: offers.id, buyerId: offers.buyerId });
  await t.db.insert(offerEvents).values(made.flatMap(({ id, buyerId }) => [1, 2].map((revision) => ({ offerId: id, actorId: buyerId, action: "submitted" as const, revision }))));
});
afterAll(() => t.cleanup());

/** Every page of a list, from the first until one comes back short. */
async function allPages<R>(read: (page: number) => Promise<{ rows: R[]; total: number; page: number; pageSize: number }>) {
  const pages = [];
  for (let page = 1; ; page++) {
    const found = await read(page);
    expect(found.page).toBe(page);
    pages.push(found);
    if (found.rows.length < found.pageSize) return pages;
  }
}

describe("the desk's lists, a page at a time", () => {
  it("pages the NDAs in the order they were asked for, none twice, each page with the count of all", async () => {
    const pages = await allPages((page) => projectContractsPage(t.db, { projectId, page }));
    expect(pages.map((p) => p.rows.length)).toEqual([DESK_NDAS_PAGE_SIZE, DESK_NDAS_PAGE_SIZE, NDAS - 2 * DESK_NDAS_PAGE_SIZE]);
    expect(pages.every((p) => p.total === NDAS)).toBe(true);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.contract.buyerId));
    expect(ids).toEqual(buyerIds);
    // what the desk shows of each, and no more: no document keys or hashes
    expect(Object.keys(pages[0]!.rows[0]!.contract).sort()).toEqual(
      ["buyerId", "dataRoomBlocked", "decidedAt", "envelopeId", "id", "ndaStatus", "rejectionReason", "requestedAt", "signedAt", "signerIp", "signerName"].sort(),
    );
  });

  it("answers a page past the last with the last, and an empty list with an empty first page", async () => {
    const last = await projectContractsPage(t.db, { projectId, page: 99_999 });
    expect(last).toMatchObject({ page: 3, total: NDAS });
    expect(last.rows.map((r) => r.contract.buyerId)).toEqual(buyerIds.slice(2 * DESK_NDAS_PAGE_SIZE));
    for (const page of [0, -1, Number.NaN, 1.7]) expect((await projectContractsPage(t.db, { projectId, page })).page).toBe(1);
    expect(await projectContractsPage(t.db, { projectId: projectId + 1000, page: 4 })).toEqual({ rows: [], total: 0, page: 1, pageSize: DESK_NDAS_PAGE_SIZE });
    expect((await projectOffersPage(t.db, { projectId, page: 50 })).page).toBe(2);
    expect((await projectThreads(t.db, { projectId, reader: "seller", page: 50 })).page).toBe(2);
  });

  it("pages the pipeline latest activity first, as the buyers' records rank them, each buyer once", async () => {
    const pages = await allPages(async (page) => {
      const { entries, ...paging } = await projectPipelinePage(t.db, { projectId, page, pageSize: PIPELINE });
      return { rows: entries, ...paging };
    });
    expect(pages.map((p) => [p.rows.length, p.total])).toEqual([[PIPELINE, NDAS], [PIPELINE, NDAS], [NDAS - 2 * PIPELINE, NDAS]]);
    const derived = (await pipeline(t.db, { projectId })).sort((a, b) => b.lastActivity - a.lastActivity || a.buyerId - b.buyerId);
    expect(pages.flatMap((p) => p.rows)).toEqual(derived);
    expect(await projectPipelinePage(t.db, { projectId, page: 99_999, pageSize: PIPELINE })).toMatchObject({ page: 3, total: NDAS, entries: derived.slice(2 * PIPELINE) });
  });

  it("pages the data room's files by name and its audit log newest first", async () => {
    const files = await allPages((page) => projectDocumentsPage(t.db, { projectId, page }));
    expect(files.map((p) => p.rows.length)).toEqual([DESK_DOCUMENTS_PAGE_SIZE, DOCUMENTS - DESK_DOCUMENTS_PAGE_SIZE]);
    expect(files.every((p) => p.total === DOCUMENTS)).toBe(true);
    const names = files.flatMap((p) => p.rows.map((r) => r.name));
    expect(names).toEqual(Array.from({ length: DOCUMENTS }, (_, i) => `File ${String(i).padStart(2, "0")}.pdf`));
    expect(files[0]!.rows[0]!.typeLabel).toBeTruthy();

    const log = await allPages((page) => documentAudit(t.db, projectId, { page }));
    expect(log.map((p) => p.rows.length)).toEqual([AUDIT_PAGE_SIZE, EVENTS - AUDIT_PAGE_SIZE]);
    expect(log.every((p) => p.total === EVENTS)).toBe(true);
    const events = log.flatMap((p) => p.rows);
    expect(new Set(events.map((e) => e.id)).size).toBe(EVENTS);
    // newest first, the later of two at the same time first
    expect(events.map((e) => e.documentName)).toEqual(Array.from({ length: EVENTS }, (_, i) => `File ${EVENTS - 1 - i}`));
  });

  it("pages the negotiation threads, the latest message first, each with its unread count as the reader sees it", async () => {
    const latest = buyerIds[THREADS - 1]!;
    await markThreadRead(t.db, { projectId, buyerId: latest, userId: sellerId, shownUpTo: Number.MAX_SAFE_INTEGER });
    const pages = await allPages((page) => projectThreads(t.db, { projectId, reader: "seller", page }));
    expect(pages.map((p) => p.rows.length)).toEqual([DESK_THREADS_PAGE_SIZE, THREADS - DESK_THREADS_PAGE_SIZE]);
    expect(pages.every((p) => p.total === THREADS)).toBe(true);
    const threads = pages.flatMap((p) => p.rows);
    expect(threads.map((r) => r.buyerId)).toEqual(buyerIds.slice(0, THREADS).reverse());
    expect(threads.map((r) => [r.messages, r.unread])).toEqual(threads.map((r) => [2, r.buyerId === latest ? 0 : 1]));
    // an admin is not a side in them: every buyer's and seller's message is theirs to read
    const admin = (await makeUser(t.db, { roles: ["ROLE_ADMIN"] })).id;
    expect((await projectThreads(t.db, { projectId, reader: admin, page: 2 })).rows.map((r) => r.unread)).toEqual(Array(THREADS - DESK_THREADS_PAGE_SIZE).fill(2));
  });

  it("lists a project's threads as its messages have them, as they are written, removed or moved, the page read from the kept threads' index in order", async () => {
    const { eq, inArray, sql } = await import("drizzle-orm");
    const [other] = await t.db.insert(projects).values({ sellerId, kind: "insurance_loan", status: "published", projectName: "Threads kept" }).returning();
    const id = other!.id;
    const [a, b, c, d] = buyerIds.slice(0, 4) as [number, number, number, number];
    const made = await t.db
      .insert(messages)
      .values([
        // b's and c's latest at the same millisecond (the buyer settles it); d's second message written before its first
        { projectId: id, buyerId: a, senderId: a, body: "1", createdAt: new Date(START + 5000) },
        { projectId: id, buyerId: a, senderId: sellerId, body: "2", createdAt: new Date(START + 9000) },
        { projectId: id, buyerId: b, senderId: b, body: "3", createdAt: new Date(START + 7000) },
        { projectId: id, buyerId: c, senderId: c, body: "4", createdAt: new Date(START + 7000) },
        { projectId: id, buyerId: d, senderId: d, body: "5", createdAt: new Date(START + 8000) },
        { projectId: id, buyerId: d, senderId: sellerId, body: "6", createdAt: new Date(START + 1000) },
      ])
      .returning({ id: messages.id });
    // the threads as the messages have them: each buyer's latest message first, the buyer settling a tie
    const recounted = () =>
      t.db.all<{ buyerId: number; messages: number; lastAt: number }>(
        sql`select buyer_id as buyerId, count(*) as messages, max(created_at) as lastAt from messages where project_id = ${id} group by buyer_id order by max(created_at) desc, buyer_id`,
      );
    const listed = async () => {
      const found = await projectThreads(t.db, { projectId: id, reader: "seller" });
      expect(found.total).toBe(found.rows.length);
      return found.rows.map((r) => ({ buyerId: r.buyerId, messages: r.messages, lastAt: r.lastAt }));
    };
    expect(await listed()).toEqual(await recounted());
    expect((await listed()).map((r) => r.buyerId)).toEqual([a, d, b, c]);

    // a's latest goes (a's thread falls back to its first), c's only message goes (the thread with it), one moves to another buyer
    await t.db.delete(messages).where(inArray(messages.id, [made[1]!.id, made[3]!.id]));
    await t.db.update(messages).set({ buyerId: b, createdAt: new Date(START + 9500) }).where(eq(messages.id, made[5]!.id));
    expect(await listed()).toEqual(await recounted());
    expect((await listed()).map((r) => r.buyerId)).toEqual([b, d, a]);

    // the page is read from the kept threads in their order (only its own rows sorted, once joined): no message read
    const logged: Array<{ sql: string; params: unknown[] }> = [];
    const db = drizzle(t.client, { schema, logger: { logQuery: (sql, params) => void logged.push({ sql, params }) } }) as unknown as Database;
    await projectThreads(db, { projectId, reader: "seller", page: 2 });
    const plan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${logged[0]!.sql}`, args: logged[0]!.params })).rows.map((r) => String(r.detail)).join(" ; ");
    expect(plan).toMatch(/^CO-ROUTINE thread ; SEARCH message_threads USING INDEX message_threads_latest_idx \(project_id=\?\) ; SCAN thread ; /);
    expect(plan).not.toMatch(/messages_thread_idx/);
    expect(plan.match(/TEMP B-TREE/g)).toEqual(["TEMP B-TREE"]);
  });

  it("reads a page of the project's viewers and how many there are in one pass over its sessions", async () => {
    const { pageSessions } = await import("~/.server/db/schema");
    // two visits each by VIEWERS buyers: two pages of viewers
    await t.db.insert(pageSessions).values(
      buyerIds.slice(0, VIEWERS).flatMap((userId, i) =>
        [0, 1].map((k) => ({
          sessionId: `viewer-${i}-${k}`, userId, projectId, route: `/projects/more-details/${projectId}`, pageType: "company-before-nda" as const,
          sessionStart: new Date(START + i * 1000 + k), sessionEnd: new Date(START + i * 1000 + k + 500), totalDuration: 500, activeTime: 250, scrollDepthMax: 50, record: {},
        })),
      ),
    );
    const logged: string[] = [];
    const db = drizzle(t.client, { schema, logger: { logQuery: (sql) => void logged.push(sql) } }) as unknown as Database;
    const [first, second, past] = [await projectViewers(db, projectId), await projectViewers(db, projectId, { page: 2 }), await projectViewers(db, projectId, { page: 9 })];
    expect([first.total, second.total, past.total, past.page]).toEqual([VIEWERS, VIEWERS, VIEWERS, 2]);
    expect([...first.rows, ...second.rows].map((r) => r.userId)).toEqual(buyerIds.slice(0, VIEWERS).reverse());
    expect(past.rows).toEqual(second.rows);
    expect(first.rows.every((r) => r.sessions === 2)).toBe(true);
    // a page and its count: one statement reading the sessions once (a page past the last reads the first's count and the last)
    expect(logged.map((sql) => (sql.match(/from "page_sessions"/g) ?? []).length)).toEqual([1, 1, 1, 1, 1]);
  });

  it("pages the offers newest first, each with its own history read for the page's offers alone", async () => {
    const pages = await allPages((page) => projectOffersPage(t.db, { projectId, page }));
    expect(pages.map((p) => p.rows.length)).toEqual([DESK_OFFERS_PAGE_SIZE, OFFERS - DESK_OFFERS_PAGE_SIZE]);
    expect(pages.every((p) => p.total === OFFERS)).toBe(true);
    const shown = pages.flatMap((p) => p.rows);
    expect(shown.map((r) => r.offer.buyerId)).toEqual(buyerIds.slice(0, OFFERS).reverse());
    for (const row of shown) {
      expect(row.events.map((e) => [e.event.offerId, e.event.revision])).toEqual([[row.offer.id, 1], [row.offer.id, 2]]);
      expect(row.expired).toBe(false);
    }
  });

  it("reads each page and its count from indexes", async () => {
    const logged: Array<{ sql: string; params: unknown[] }> = [];
    const db = drizzle(t.client, { schema, logger: { logQuery: (sql, params) => void logged.push({ sql, params }) } }) as unknown as Database;
    await projectContractsPage(db, { projectId, page: 2 });
    await projectDocumentsPage(db, { projectId, page: 2 });
    await documentAudit(db, projectId, { page: 2 });
    await projectThreads(db, { projectId, reader: "seller", page: 2 });
    await projectOffersPage(db, { projectId, page: 2 });
    expect(logged).toHaveLength(6);
    for (const { sql, params } of logged) {
      const plan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${sql}`, args: params })).rows.map((r) => String(r.detail)).join(" ; ");
      // no table of the market read whole
      expect(plan, sql).not.toMatch(/(^|; )SCAN (contracts|documents|document_events|messages|offers|offer_events|users)\b/);
      // the count of all: an uncorrelated subquery on the project's index alone, or the audit log's
      // as kept on the project (migration 0081)
      if (sql.includes("document_event_count")) expect(plan, sql).toMatch(/SCALAR SUBQUERY \d+ ; SEARCH projects USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      else if (!sql.includes("offer_events")) expect(plan, sql).toMatch(/SCALAR SUBQUERY \d+ ; SEARCH \w+ USING COVERING INDEX (contracts_project_buyer_idx|documents_project_idx|message_threads_latest_idx|offers_project_idx) \(project_id=\?\)/);
      // nothing counted row by row, but for a thread whose reader has no marker (its messages from others, looked up by the thread's key)
      const correlated = plan.match(/CORRELATED SCALAR SUBQUERY \d+ ; SEARCH \w+ USING [A-Z ]*INDEX \w+ \([^)]*\)/g) ?? [];
      expect(correlated, sql).toEqual(sql.includes("others.sender_id") ? [expect.stringMatching(/SEARCH others USING INDEX messages_buyer_idx \(buyer_id=\? AND project_id=\?\)/)] : []);
      expect(plan.match(/CORRELATED/g)?.length ?? 0, sql).toBe(correlated.length);
      // a thread's messages counted as kept (migration 0082), not read
      if (sql.includes("others.sender_id")) expect(plan, sql).toMatch(/CO-ROUTINE thread ; SEARCH message_threads USING INDEX message_threads_latest_idx/);
    }
  });
});
