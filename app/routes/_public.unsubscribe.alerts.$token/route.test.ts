import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** A digest's stop links, signed out: one search's alerts, or (the one-click header) all of a member's. */
const app = await bootApp("route-stop-alerts");
const { loader, action } = await import("./route");
const oneClick = await import("../unsubscribe.alerts.$token.one-click");
const { makeUser } = await import("~/seed/factories");
const { listSavedSearches, saveSearch } = await import("~/models/saved-searches.server");
const { alertsUnsubscribeToken, unsubscribeToken } = await import("~/.server/unsubscribe-token");
const { context, services } = app;
afterAll(() => app.cleanup());

const secret = services.env.SESSION_SECRET;
const alertsOn = async (userId: number) => (await listSavedSearches(services.db, { userId })).map((s) => [s.name, s.alerts]);

describe("stopping saved-search alerts", () => {
  it("turns one search's alerts off from its page, the member's other searches untouched", async () => {
    const member = await makeUser(services.db);
    const first = await saveSearch(services.db, { userId: member.id, name: "Apples", query: "q=apple" });
    await saveSearch(services.db, { userId: member.id, name: "Pears", query: "q=pear" });
    if (!first.saved) throw new Error("not saved");
    const token = await alertsUnsubscribeToken(secret, { searchId: first.id });
    const page = await (await sent(loader({ request: getRequest(`/unsubscribe/alerts/${token}`), context, params: { token } }))).json();
    expect(page).toEqual({ one: true, names: ["Apples"], on: true });

    const refused = await responseOf(action({ request: postRequest(`/unsubscribe/alerts/${token}`, undefined, {}), context, params: { token } }));
    expect(refused.status).toBe(400);
    const done = await responseOf(action({ request: postRequest(`/unsubscribe/alerts/${token}`, undefined, { "List-Unsubscribe": "One-Click" }), context, params: { token } }));
    expect(done.status).toBe(200);
    expect(await alertsOn(member.id)).toEqual([["Apples", false], ["Pears", true]]);
  });

  it("turns all of a member's alerts off from the one-click header; a forged or marketing token is not found", async () => {
    const member = await makeUser(services.db);
    await saveSearch(services.db, { userId: member.id, name: "Apples", query: "q=apple" });
    await saveSearch(services.db, { userId: member.id, name: "Pears", query: "q=pear" });
    const token = await alertsUnsubscribeToken(secret, { userId: member.id });
    const post = (t: string) => responseOf(oneClick.action({ request: postRequest(`/unsubscribe/alerts/${t}/one-click`, undefined, { "List-Unsubscribe": "One-Click" }), context, params: { token: t } }));
    expect((await post(token)).status).toBe(200);
    expect(await alertsOn(member.id)).toEqual([["Apples", false], ["Pears", false]]);
    expect((await post(await unsubscribeToken(secret, member.email))).status).toBe(404);
    expect((await post(`${token.split(".")[0]}.forged`)).status).toBe(404);
  });
});
