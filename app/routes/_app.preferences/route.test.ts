import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** /preferences as its loader and action answer a browser: the saved searches' forms. */
const app = await bootApp("route-preferences");
const { loader, action } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { saveSearch, listSavedSearches } = await import("~/models/saved-searches.server");
const { context, services } = app;
afterAll(() => app.cleanup());

const post = (cookie: string, fields: Record<string, string>) => responseOf(action({ request: postRequest("/preferences", cookie, fields), context, params: {} }));
/** The page's own forms for one search: what its hidden fields send (the id and the page's proof that it listed it to this member). */
const formOf = async (cookie: string, searchId: number) => {
  const page = await (await sent(loader({ request: getRequest("/preferences", cookie), context, params: {} }))).json();
  const row = page.searches.find((s) => s.id === searchId)!;
  return { searchId: String(row.id), shown: row.shown };
};

describe("saved searches on /preferences", () => {
  it("lists the member's searches in words with the link that runs them; alerts switch off, delete removes; another's search and a missing one are not found alike", async () => {
    const broker = await makeUser(services.db, { roles: ["ROLE_BROKER"] });
    const other = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(broker);
    const saved = await saveSearch(services.db, { userId: broker.id, name: "Western energy", query: "q=solar&industry=Energy&region=West&transactionSize=1-5m" });
    if (!saved.saved) throw new Error("not saved");
    const page = await (await sent(loader({ request: getRequest("/preferences", cookie), context, params: {} }))).json();
    expect(page.searches).toEqual([
      {
        id: saved.id,
        name: "Western energy",
        alerts: true,
        description: "“solar”, industry Energy, region West, size $1.0M to $5.0M",
        href: "/brokers/search?q=solar&industry=Energy&region=West&transactionSize=1-5m",
        shown: expect.any(String),
      },
    ]);

    const off = await post(cookie, { intent: "search-alerts", searchId: String(saved.id), alerts: "off" });
    expect(off.status).toBe(302);
    expect((await listSavedSearches(services.db, { userId: broker.id }))[0]!.alerts).toBe(false);

    // another member's search answers as one that does not exist: walking ids tells nothing
    const theirs = await app.cookieFor(other);
    const page2 = await formOf(cookie, saved.id);
    for (const searchId of [String(saved.id), "999999999"]) {
      expect((await post(theirs, { intent: "delete-search", searchId })).status, searchId).toBe(404);
      expect((await post(theirs, { intent: "search-alerts", searchId, alerts: "on" })).status, searchId).toBe(404);
      // nor does a proof the page gave someone else
      expect((await post(theirs, { intent: "delete-search", searchId, shown: page2.shown })).status, searchId).toBe(404);
    }
    expect(await listSavedSearches(services.db, { userId: broker.id })).toHaveLength(1);
    expect(await post(cookie, { intent: "delete-search", searchId: "x" }).then((r) => r.status)).toBe(400);

    expect((await post(cookie, { intent: "delete-search", searchId: String(saved.id) })).status).toBe(302);
    expect(await listSavedSearches(services.db, { userId: broker.id })).toEqual([]);
  });

  it("says why no alert e-mail comes to a member whose address is on the suppression list, whatever the switches say", async () => {
    const { suppress } = await import("~/models/suppressions.server");
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(buyer);
    await saveSearch(services.db, { userId: buyer.id, name: "Anything", query: "" });
    const read = async () => (await (await sent(loader({ request: getRequest("/preferences", cookie), context, params: {} }))).json()).mailStopped;
    expect(await read()).toBeNull();
    await suppress(services.db, { channel: "email", address: buyer.email.toUpperCase(), reason: "unsubscribed", now: Date.parse("2026-11-30T10:00:00Z") });
    expect(await read()).toEqual({ address: buyer.email, reason: "unsubscribed", at: "2026-11-30T10:00:00.000Z" });
  });

  it("lets a member who unsubscribed subscribe again; a bounced address stays stopped", async () => {
    const { isSuppressed, suppress } = await import("~/models/suppressions.server");
    const { auditLog } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(buyer);
    await suppress(services.db, { channel: "email", address: buyer.email, reason: "unsubscribed" });
    expect((await post(cookie, { intent: "resubscribe" })).status).toBe(302);
    expect(await isSuppressed(services.db, { channel: "email", address: buyer.email })).toBeNull();
    const proof = await services.db.select().from(auditLog).where(eq(auditLog.subjectId, buyer.email.toLowerCase()));
    expect(proof).toMatchObject([{ action: "email.resubscribe", actorId: buyer.id, detail: expect.stringContaining("/preferences") }]);

    const bounced = await makeUser(services.db, { roles: ["ROLE_BROKER"] });
    await suppress(services.db, { channel: "email", address: bounced.email, reason: "bounced" });
    const refused = await post(await app.cookieFor(bounced), { intent: "resubscribe" });
    expect(refused.status).toBe(409);
    expect((await isSuppressed(services.db, { channel: "email", address: bounced.email }))?.reason).toBe("bounced");
  });

  it("lands a second Delete of the same search (a double click) back on the page as the first did; another's search stays not found", async () => {
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const other = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(buyer);
    const mine = await saveSearch(services.db, { userId: buyer.id, name: "Twice deleted", query: "q=solar" });
    const theirs = await saveSearch(services.db, { userId: other.id, name: "Not yours", query: "" });
    if (!mine.saved || !theirs.saved) throw new Error("not saved");
    const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");

    const form = await formOf(cookie, mine.id);
    const [first, second] = [await post(cookie, { intent: "delete-search", ...form }), await post(cookie, { intent: "delete-search", ...form })];
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/preferences");
      expect(await notice(response)).toEqual({ message: "The saved search is deleted.", type: "success" });
    }
    // without the page's proof that it was this member's, a missing search is not found, as another's is
    expect((await post(cookie, { intent: "delete-search", searchId: String(mine.id) })).status).toBe(404);
    expect((await post(cookie, { intent: "delete-search", searchId: String(mine.id), shown: "forged" })).status).toBe(404);
    expect((await post(cookie, { intent: "delete-search", searchId: String(theirs.id) })).status).toBe(404);
    expect(await listSavedSearches(services.db, { userId: other.id })).toHaveLength(1);
  });

  it("lands alerts switched on a search deleted meanwhile (another tab) back on the page, saying the search is gone; another's search stays not found", async () => {
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const other = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(buyer);
    const gone = await saveSearch(services.db, { userId: buyer.id, name: "Deleted in another tab", query: "q=solar" });
    const kept = await saveSearch(services.db, { userId: buyer.id, name: "Still here", query: "q=wind" });
    const theirs = await saveSearch(services.db, { userId: other.id, name: "Not yours", query: "" });
    if (!gone.saved || !kept.saved || !theirs.saved) throw new Error("not saved");
    const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");

    const form = await formOf(cookie, gone.id);
    expect((await post(cookie, { intent: "delete-search", ...form })).status).toBe(302);
    expect((await post(cookie, { intent: "search-alerts", searchId: form.searchId, alerts: "on" })).status).toBe(404);
    for (const alerts of ["off", "on"]) {
      const response = await post(cookie, { intent: "search-alerts", ...form, alerts });
      expect(response.status, alerts).toBe(302);
      expect(response.headers.get("Location")).toBe("/preferences");
      expect(await notice(response), alerts).toEqual({ message: "This saved search was deleted: it sends no e-mail alerts.", type: "warning" });
    }
    // nothing else changed: the member's other search and the other member's keep their alerts
    expect((await listSavedSearches(services.db, { userId: buyer.id })).map((s) => [s.id, s.alerts])).toEqual([[kept.id, true]]);
    expect((await post(cookie, { intent: "search-alerts", searchId: String(theirs.id), alerts: "off" })).status).toBe(404);
    expect((await listSavedSearches(services.db, { userId: other.id }))[0]!.alerts).toBe(true);
  });
});

describe("the criteria of a company two of its members edit at once", () => {
  it("keep what the other saved meanwhile: a page opened before writes only what its member changed, and a criterion both changed is refused (409)", async () => {
    const { customers, users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { criteriaOf } = await import("~/models/buyer-criteria.server");
    const [company] = await services.db.insert(customers).values({ name: "Two Desks Credit", preferences: { industryPreferences: ["Energy"] } }).returning();
    const [first, second] = [await makeUser(services.db, { roles: ["ROLE_BUYER"] }), await makeUser(services.db, { roles: ["ROLE_BUYER"] })];
    for (const member of [first, second]) await services.db.update(users).set({ customerId: company!.id }).where(eq(users.id, member.id));
    const cookies = [await app.cookieFor(first), await app.cookieFor(second)] as const;
    // both open /preferences on the criteria as they are
    const pageOf = async (cookie: string) => (await (await sent(loader({ request: getRequest("/preferences", cookie), context, params: {} }))).json()).form!;
    const [page1, page2] = [await pageOf(cookies[0]), await pageOf(cookies[1])];
    const save = (cookie: string, page: typeof page1, changes: Record<string, string | string[]>) => {
      const body = new URLSearchParams({ intent: "criteria", opened: page.opened });
      for (const [key, value] of Object.entries({ ...page.defaultValue, ...changes })) for (const v of [value].flat()) body.append(key, String(v));
      return responseOf(action({ request: postRequest("/preferences", cookie, body), context, params: {} }));
    };
    // the first adds Healthcare; the second, from the page opened before, sets the loan status
    expect((await save(cookies[0], page1, { industryPreferences: ["Energy", "Healthcare"] })).status).toBe(302);
    expect((await save(cookies[1], page2, { performingLoanPreference: "Performing" })).status).toBe(302);
    expect((await criteriaOf(services.db, { customerId: company!.id }))!.criteria).toMatchObject({ industryPreferences: ["Energy", "Healthcare"], performingLoanPreference: "Performing" });
    // the second also changes the industries, to others: refused with why, on that list, nothing written
    const refused = await save(cookies[1], page2, { industryPreferences: ["Energy", "Aviation"] });
    expect(refused.status).toBe(409);
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
    expect(result.error.industryPreferences).toEqual([
      "Someone changed this to “Energy, Healthcare” since you opened the page; the page now shows their other changes too. Save again to put yours in its place.",
    ]);
    expect((await criteriaOf(services.db, { customerId: company!.id }))!.criteria).toMatchObject({ industryPreferences: ["Energy", "Healthcare"], performingLoanPreference: "Performing" });
    // the page shows the criteria as they are now (the first's loan status), this member's industries as sent,
    // and is opened on the criteria as stored: saving it again writes the industries and keeps the rest
    expect([result.initialValue.industryPreferences, result.initialValue.performingLoanPreference]).toEqual([["Energy", "Aviation"], "Performing"]);
    const { intent: _, opened, ...shown } = result.initialValue as Record<string, string | string[]>;
    const again = await save(cookies[1], { ...page2, opened: String(opened) }, shown);
    expect(again.status).toBe(302);
    expect((await criteriaOf(services.db, { customerId: company!.id }))!.criteria).toMatchObject({ industryPreferences: ["Energy", "Aviation"], performingLoanPreference: "Performing" });
  });
});
