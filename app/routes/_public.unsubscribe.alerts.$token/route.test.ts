import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** A digest's stop links, signed out: one search's alerts, or (the one-click header) all of a member's. */
const app = await bootApp("route-stop-alerts");
const { default: StopAlertsPage, loader, action } = await import("./route");
const oneClick = await import("../unsubscribe.alerts.$token.one-click");
const { makeUser } = await import("~/seed/factories");
const { deleteSavedSearch, listSavedSearches, saveSearch } = await import("~/models/saved-searches.server");
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

  it("sends a mail client that opens the header's link in a browser to the page, and stops nothing", async () => {
    const member = await makeUser(services.db);
    await saveSearch(services.db, { userId: member.id, name: "Apples", query: "q=apple" });
    const token = await alertsUnsubscribeToken(secret, { userId: member.id });
    const open = (t: string) =>
      responseOf(Promise.resolve().then(() => oneClick.loader({ request: getRequest(`/unsubscribe/alerts/${t}/one-click`), context, params: { token: t } })));
    const response = await open(token);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/unsubscribe/alerts/${token}`);
    expect(await alertsOn(member.id)).toEqual([["Apples", true]]);
    expect((await open(`${token.split(".")[0]}.forged`)).status).toBe(404);
  });
});

/** The page as the member reads it: the real component, rendered by Remix's test stub with what the loader answered. */
async function pageText(token: string) {
  const url = `/unsubscribe/alerts/${token}`;
  const data = await (await sent(loader({ request: getRequest(url), context, params: { token } }))).json();
  const RemixStub = createRemixStub([{ id: "stop", path: "/unsubscribe/alerts/:token", Component: StopAlertsPage }]);
  // the router's useLayoutEffect warns when rendered to a string
  const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return renderToString(createElement(RemixStub, { initialEntries: [url], hydrationData: { loaderData: { stop: data } } }))
      .replace(/<[^>]+>/g, "")
      .replace(/&quot;/g, '"');
  } finally {
    quiet.mockRestore();
  }
}

describe("the stop-alerts page", () => {
  it("does not tell a member whose search is gone that all their alerts are off: the others still send", async () => {
    const member = await makeUser(services.db);
    const gone = await saveSearch(services.db, { userId: member.id, name: "Apples", query: "q=apple" });
    await saveSearch(services.db, { userId: member.id, name: "Pears", query: "q=pear" });
    if (!gone.saved) throw new Error("not saved");
    const token = await alertsUnsubscribeToken(secret, { searchId: gone.id });
    expect(await pageText(token)).toContain("Stop the daily e-mail for the saved search “Apples”?");
    await deleteSavedSearch(services.db, { userId: member.id, searchId: gone.id });
    const text = await pageText(token);
    expect(text).not.toContain("all your saved searches");
    expect(text).toContain("E-mail alerts for this saved search are off.");
    expect(await alertsOn(member.id)).toEqual([["Pears", true]]);
  });
});
