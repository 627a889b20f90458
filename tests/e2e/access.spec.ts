import { expect, test, type APIRequestContext } from "@playwright/test";
import { builtRoutes } from "./built-routes";
import { apiClient, apiLogin, baseUrlOf, DEMO } from "./support";

/**
 * Enumerates every route module of the built app and asserts what a visitor and
 * each role get for the document request and for the data request Remix makes
 * with JavaScript on (?_data=<route id>). A route added without an entry here fails.
 */
type Who = "visitor" | "buyer" | "seller" | "broker" | "admin" | "agent" | "multi";
const MEMBERS: Who[] = ["buyer", "seller", "broker", "admin", "agent", "multi"];
type Outcome = 200 | 204 | 401 | 404 | 405 | 410 | { redirect: string };

const everyone = (outcome: Outcome) => Object.fromEntries([...MEMBERS, "visitor"].map((w) => [w, outcome])) as Record<Who, Outcome>;
const guestOnly = (visitor: Outcome): Record<Who, Outcome> => ({ ...everyone({ redirect: "/home" }), visitor });
const membersOnly = (path: string, allowed: Who[], allowedOutcome: Outcome = 200): Record<Who, Outcome> => ({
  ...(Object.fromEntries(MEMBERS.map((w) => [w, allowed.includes(w) ? allowedOutcome : 404])) as Record<Who, Outcome>),
  visitor: { redirect: `/signin?redirect=${encodeURIComponent(path)}` },
});

const notFoundForAll = (path: string) => membersOnly(path, [], 404);

const LOAN_QUERY = "balance=1000000&noteRate=6&termMonths=120&amortization=level&loanStatus=Performing";
const PRICED_LOAN = `/sellers/analytics/loan-pricing/results?${LOAN_QUERY}`;
const PRICED_LOAN_CSV = `/sellers/analytics/loan-pricing/results.csv?${LOAN_QUERY}`;

/** Sample URL per route path, and what each kind of user gets. */
const EXPECTED: Record<string, { url: string; outcome: Record<Who, Outcome> }> = {
  "/": { url: "/", outcome: everyone(200) },
  "/home": { url: "/home", outcome: everyone(200) },
  "/terms": { url: "/terms", outcome: everyone(200) },
  "/privacy": { url: "/privacy", outcome: everyone(200) },
  "/jobs": { url: "/jobs", outcome: everyone(200) },
  "/jobs/:slug": { url: "/jobs/credit-analyst", outcome: everyone(200) },
  "/buyers/terms/referral-program": {
    url: "/buyers/terms/referral-program",
    outcome: membersOnly("/buyers/terms/referral-program", ["buyer", "broker", "multi"]),
  },
  "/broker-affiliate": { url: "/broker-affiliate", outcome: everyone(200) },
  "/contact-us": { url: "/contact-us", outcome: everyone(200) },
  "/signin": { url: "/signin", outcome: guestOnly(200) },
  "/join": { url: "/join", outcome: guestOnly(200) },
  "/uobs/reset": { url: "/uobs/reset", outcome: guestOnly(200) },
  "/uobs/reset/:id": { url: "/uobs/reset/not-a-real-token", outcome: guestOnly(410) },
  "/uobs/invite/:id": { url: "/uobs/invite/not-a-real-token", outcome: guestOnly(410) },
  // the code step exists only half-way through a sign-in
  "/signin/code": { url: "/signin/code", outcome: guestOnly({ redirect: "/signin" }) },
  // the unlock link from the e-mail works whether or not its reader is signed in
  "/uobs/unlock/:id": { url: "/uobs/unlock/not-a-real-token", outcome: everyone(410) },
  "/auth/signed-in": {
    url: "/auth/signed-in",
    outcome: { ...everyone({ redirect: "/home" }), visitor: { redirect: "/signin?redirect=%2Fauth%2Fsigned-in" } },
  },
  "/signout": { url: "/signout", outcome: everyone({ redirect: "/home" }) },
  // resource routes: the API answers with tokens, not sessions
  "/api/1.0/me": { url: "/api/1.0/me", outcome: everyone(401) },
  "/api/auth/login": { url: "/api/auth/login", outcome: everyone(405) },
  "/api/auth/logout": { url: "/api/auth/logout", outcome: everyone(405) },
  // the providers' signed webhooks take posts only
  "/api/1.0/webhooks/mail": { url: "/api/1.0/webhooks/mail", outcome: everyone(405) },
  "/api/1.0/webhooks/sms": { url: "/api/1.0/webhooks/sms", outcome: everyone(405) },
  // campaigns are sent with POST; there is no list of them to GET
  "/api/1.0/campaigns": { url: "/api/1.0/campaigns", outcome: everyone(405) },
  // matches: the project's seller or an admin; a buyer its own (session or Bearer token)
  "/api/1.0/projects/:id/matches": { url: "/api/1.0/projects/7/matches", outcome: { ...everyone(404), seller: 200, admin: 200, visitor: 401 } },
  "/api/1.0/matches": { url: "/api/1.0/matches", outcome: { ...everyone(404), buyer: 200, multi: 200, visitor: 401 } },
  "/healthz": { url: "/healthz", outcome: everyone(200) },
  "/robots.txt": { url: "/robots.txt", outcome: everyone(200) },
  "/sitemap.xml": { url: "/sitemap.xml", outcome: everyone(200) },
  "/api/cms/webhook": { url: "/api/cms/webhook", outcome: everyone(405) },
  // draft preview: admins (or the studio's link with the secret) only
  "/api/cms/preview": { url: "/api/cms/preview", outcome: { ...everyone(404), admin: { redirect: "/" } } },
  "/profile": { url: "/profile", outcome: membersOnly("/profile", MEMBERS) },
  "/admin/users": { url: "/admin/users", outcome: membersOnly("/admin/users", ["admin"]) },
  "/admin/customers": { url: "/admin/customers", outcome: membersOnly("/admin/customers", ["admin"]) },
  "/admin/customers.csv": { url: "/admin/customers.csv", outcome: membersOnly("/admin/customers.csv", ["admin"]) },
  "/admin/contact-us-messages": {
    url: "/admin/contact-us-messages",
    outcome: membersOnly("/admin/contact-us-messages", ["admin"]),
  },
  "/admin/demorequests": { url: "/admin/demorequests", outcome: membersOnly("/admin/demorequests", ["admin"]) },
  "/admin/userinquiries": { url: "/admin/userinquiries", outcome: membersOnly("/admin/userinquiries", ["admin"]) },
  "/admin/affilate-inquiries": { url: "/admin/affilate-inquiries", outcome: membersOnly("/admin/affilate-inquiries", ["admin"]) },
  "/admin/potential-customers": { url: "/admin/potential-customers", outcome: membersOnly("/admin/potential-customers", ["admin"]) },
  "/admin/log": { url: "/admin/log", outcome: membersOnly("/admin/log", ["admin"]) },
  "/admin/onboard-chats": { url: "/admin/onboard-chats", outcome: membersOnly("/admin/onboard-chats", ["admin"]) },
  // the on-boarding chat: buyers and brokers tell what they buy, sellers what they sell
  "/on-board/buyers": { url: "/on-board/buyers", outcome: membersOnly("/on-board/buyers", ["buyer", "broker", "multi"]) },
  "/on-board/sellers": { url: "/on-board/sellers", outcome: membersOnly("/on-board/sellers", ["seller", "agent", "multi"]) },
  "/admin/users/create": { url: "/admin/users/create", outcome: membersOnly("/admin/users/create", ["admin"]) },
  "/admin/users/edit/:id": { url: "/admin/users/edit/1", outcome: membersOnly("/admin/users/edit/1", ["admin"]) },
  "/admin/customers/create": { url: "/admin/customers/create", outcome: membersOnly("/admin/customers/create", ["admin"]) },
  "/admin/customers/:id": { url: "/admin/customers/1", outcome: membersOnly("/admin/customers/1", ["admin"]) },
  "/admin/customers/edit/:id": { url: "/admin/customers/edit/1", outcome: membersOnly("/admin/customers/edit/1", ["admin"]) },
  "/admin/customers/on-board/:id": { url: "/admin/customers/on-board/1", outcome: membersOnly("/admin/customers/on-board/1", ["admin"]) },
  "/admin/customers/evidence/:id": { url: "/admin/customers/evidence/1", outcome: notFoundForAll("/admin/customers/evidence/1") },
  "/admin/customer/buyer/add": { url: "/admin/customer/buyer/add", outcome: membersOnly("/admin/customer/buyer/add", ["admin"]) },
  "/admin/outbox": { url: "/admin/outbox", outcome: membersOnly("/admin/outbox", ["admin"]) },
  "/admin/marketing/lists": { url: "/admin/marketing/lists", outcome: membersOnly("/admin/marketing/lists", ["admin"]) },
  "/admin/marketing/lists/new": { url: "/admin/marketing/lists/new", outcome: membersOnly("/admin/marketing/lists/new", ["admin"]) },
  "/admin/marketing/lists/:id": { url: "/admin/marketing/lists/999999", outcome: membersOnly("/admin/marketing/lists/999999", ["admin"], 404) },
  "/admin/marketing/bulk-email": { url: "/admin/marketing/bulk-email", outcome: membersOnly("/admin/marketing/bulk-email", ["admin"]) },
  "/admin/marketing/bulk-email/:id": {
    url: "/admin/marketing/bulk-email/999999",
    outcome: membersOnly("/admin/marketing/bulk-email/999999", ["admin"], 404),
  },
  "/admin/marketing/bulk-sms": { url: "/admin/marketing/bulk-sms", outcome: membersOnly("/admin/marketing/bulk-sms", ["admin"]) },
  "/admin/marketing/bulk-sms/:id": {
    url: "/admin/marketing/bulk-sms/999999",
    outcome: membersOnly("/admin/marketing/bulk-sms/999999", ["admin"], 404),
  },
  "/admin/marketing/affiliates": { url: "/admin/marketing/affiliates", outcome: membersOnly("/admin/marketing/affiliates", ["admin"]) },
  "/admin/marketing/affiliates/:id": {
    url: "/admin/marketing/affiliates/999999",
    outcome: membersOnly("/admin/marketing/affiliates/999999", ["admin"], 404),
  },
  "/admin/marketing/affiliates.csv": { url: "/admin/marketing/affiliates.csv", outcome: membersOnly("/admin/marketing/affiliates.csv", ["admin"]) },
  "/admin/marketing/campaigns/:id/recipients.csv": {
    url: "/admin/marketing/campaigns/999999/recipients.csv",
    outcome: membersOnly("/admin/marketing/campaigns/999999/recipients.csv", ["admin"], 404),
  },
  // the campaigns API: admins only (by token or session), 404 for anyone else
  "/api/1.0/campaigns/:id": { url: "/api/1.0/campaigns/999999", outcome: everyone(404) },
  // the link in a campaign e-mail works signed out and signed in; a forged token names nobody
  "/unsubscribe/:token": { url: "/unsubscribe/Ym9iQGV4YW1wbGUuY29t.forged", outcome: everyone(404) },
  // a saved-search digest's stop link, likewise
  "/unsubscribe/alerts/:token": { url: "/unsubscribe/alerts/c2VhcmNoOjE.forged", outcome: everyone(404) },
  // the List-Unsubscribe targets: a GET (a mail client without one-click) is sent to the page; a forged token names nobody
  "/unsubscribe/:token/one-click": { url: "/unsubscribe/Ym9iQGV4YW1wbGUuY29t.forged/one-click", outcome: everyone(404) },
  "/unsubscribe/alerts/:token/one-click": { url: "/unsubscribe/alerts/c2VhcmNoOjE.forged/one-click", outcome: everyone(404) },
  // listings; seed project 7 is seller@demo.test's published insurance loan, 14 agent@demo.test's real estate
  "/projects/create": { url: "/projects/create", outcome: membersOnly("/projects/create", ["seller", "agent", "multi"]) },
  "/projects/create/template.csv": {
    url: "/projects/create/template.csv",
    outcome: membersOnly("/projects/create/template.csv", ["seller", "agent", "multi"]),
  },
  "/sellers/myprojects": { url: "/sellers/myprojects", outcome: membersOnly("/sellers/myprojects", ["seller", "agent", "multi"]) },
  "/sellers/myprojects/drafts": {
    url: "/sellers/myprojects/drafts",
    outcome: membersOnly("/sellers/myprojects/drafts", ["seller", "agent", "multi"]),
  },
  "/sellers/myprojects/:id": {
    url: "/sellers/myprojects/7",
    outcome: {
      seller: 200,
      agent: 404,
      buyer: { redirect: "/projects/more-details/7" },
      // a seller page opens as the seller a member also is (another company's project: not found)
      multi: 404,
      broker: { redirect: "/projects/more-details/7" },
      admin: { redirect: "/admin/projects/7" },
      visitor: { redirect: "/home?redirect=%2Fsellers%2Fmyprojects%2F7&login=true" },
    },
  },
  // seller teams: 5 is agent@demo.test, Sam Seller's colleague at First Prairie Bank; Sam is its first member
  "/sellers/permissions": { url: "/sellers/permissions", outcome: membersOnly("/sellers/permissions", ["seller", "agent", "multi"]) },
  "/sellers/permissions/:id": { url: "/sellers/permissions/5", outcome: membersOnly("/sellers/permissions/5", ["seller"]) },
  "/sellers/permissions/:id/profile": { url: "/sellers/permissions/5/profile", outcome: membersOnly("/sellers/permissions/5/profile", ["seller"]) },
  // a buyer company opens to a seller only after it signed an NDA on one of their projects (none in the seed)
  "/sellers/customers/:id": { url: "/sellers/customers/1", outcome: notFoundForAll("/sellers/customers/1") },
  "/buyers/myprojects/:id": {
    url: "/buyers/myprojects/7",
    outcome: {
      ...everyone({ redirect: "/projects/more-details/7" }),
      admin: { redirect: "/admin/projects/7" },
      visitor: { redirect: "/home?redirect=%2Fbuyers%2Fmyprojects%2F7&login=true" },
    },
  },
  "/admin/projects": { url: "/admin/projects", outcome: membersOnly("/admin/projects", ["admin"]) },
  "/admin/projects/:id": {
    url: "/admin/projects/7",
    outcome: {
      ...everyone({ redirect: "/projects/more-details/7" }),
      admin: 200,
      visitor: { redirect: "/home?redirect=%2Fadmin%2Fprojects%2F7&login=true" },
    },
  },
  "/buyers/search": { url: "/buyers/search", outcome: membersOnly("/buyers/search", ["buyer", "multi"]) },
  "/buyers/assistant": { url: "/buyers/assistant", outcome: membersOnly("/buyers/assistant", ["buyer", "multi"]) },
  "/preferences": { url: "/preferences", outcome: membersOnly("/preferences", ["buyer", "broker", "multi"]) },
  "/admin/system/matchmaking-bot": { url: "/admin/system/matchmaking-bot", outcome: membersOnly("/admin/system/matchmaking-bot", ["admin"]) },
  "/admin/system/properties": { url: "/admin/system/properties", outcome: membersOnly("/admin/system/properties", ["admin"]) },
  "/admin/system/properties.csv": { url: "/admin/system/properties.csv", outcome: membersOnly("/admin/system/properties.csv", ["admin"]) },
  "/admin/system/sic-data-sets": { url: "/admin/system/sic-data-sets", outcome: membersOnly("/admin/system/sic-data-sets", ["admin"]) },
  "/admin/system/sic-data-sets.csv": { url: "/admin/system/sic-data-sets.csv", outcome: membersOnly("/admin/system/sic-data-sets.csv", ["admin"]) },
  // bulk uploads and contract templates (issue #15 item 7); an upload kind that is none of the two is 404
  "/admin/uploads/:kind": { url: "/admin/uploads/individual-listings", outcome: membersOnly("/admin/uploads/individual-listings", ["admin"]) },
  "/admin/uploads/:kind/template.csv": {
    url: "/admin/uploads/real-estates/template.csv",
    outcome: membersOnly("/admin/uploads/real-estates/template.csv", ["admin"]),
  },
  "/admin/uploads/contract-templates": {
    url: "/admin/uploads/contract-templates",
    outcome: membersOnly("/admin/uploads/contract-templates", ["admin"]),
  },
  // real-estate analytics: a seller's own real-estate projects and their team's; 14 is agent@demo.test's,
  // whose bank seller@demo.test leads (its first member reaches every colleague's project, decision 027)
  "/sellers/analytics/real-estate": { url: "/sellers/analytics/real-estate", outcome: membersOnly("/sellers/analytics/real-estate", ["seller", "agent", "multi"]) },
  "/sellers/analytics/real-estate/:id": {
    url: "/sellers/analytics/real-estate/14",
    outcome: membersOnly("/sellers/analytics/real-estate/14", ["seller", "agent"]),
  },
  "/admin/system/interest-rates": { url: "/admin/system/interest-rates", outcome: membersOnly("/admin/system/interest-rates", ["admin"]) },
  "/admin/system/interest-rates.csv": { url: "/admin/system/interest-rates.csv", outcome: membersOnly("/admin/system/interest-rates.csv", ["admin"]) },
  "/admin/system/coefficients": { url: "/admin/system/coefficients", outcome: membersOnly("/admin/system/coefficients", ["admin"]) },
  "/admin/system/coefficients.csv": { url: "/admin/system/coefficients.csv", outcome: membersOnly("/admin/system/coefficients.csv", ["admin"]) },
  "/sellers/analytics/loan-pricing": { url: "/sellers/analytics/loan-pricing", outcome: membersOnly("/sellers/analytics/loan-pricing", ["seller", "agent", "multi"]) },
  "/sellers/analytics/loan-pricing/results": { url: PRICED_LOAN, outcome: membersOnly(PRICED_LOAN, ["seller", "agent", "multi"]) },
  "/sellers/analytics/loan-pricing/results.csv": { url: PRICED_LOAN_CSV, outcome: membersOnly(PRICED_LOAN_CSV, ["seller", "agent", "multi"]) },
  "/buyers/profile": { url: "/buyers/profile", outcome: membersOnly("/buyers/profile", ["buyer", "multi"]) },
  "/brokers/search": { url: "/brokers/search", outcome: membersOnly("/brokers/search", ["broker"]) },
  "/projects/more-details/:id": {
    url: "/projects/more-details/7",
    outcome: { ...everyone(200), visitor: { redirect: "/home?redirect=%2Fprojects%2Fmore-details%2F7&login=true" } },
  },
  "/realestate/:id": { url: "/realestate/14", outcome: { ...membersOnly("/realestate/14", MEMBERS), broker: 404 } },
  "/projects/company/:id": { url: "/projects/company/7", outcome: membersOnly("/projects/company/7", ["seller", "admin"]) },
  "/api/buyer/projects/limited/:id": { url: "/api/buyer/projects/limited/7", outcome: everyone(401) },
  "/brokers/myprojects/:id": {
    url: "/brokers/myprojects/7",
    outcome: {
      ...everyone({ redirect: "/projects/more-details/7" }),
      admin: { redirect: "/admin/projects/7" },
      visitor: { redirect: "/home?redirect=%2Fbrokers%2Fmyprojects%2F7&login=true" },
    },
  },
  // an envelope that is not the member's own does not exist for them
  "/buyers/myprojects/:id/:envelopeId": { url: "/buyers/myprojects/7/AbCdEfGhIjKlMnOpQrStUv", outcome: notFoundForAll("/buyers/myprojects/7/AbCdEfGhIjKlMnOpQrStUv") },
  "/brokers/myprojects/:id/:envelopeId": { url: "/brokers/myprojects/7/AbCdEfGhIjKlMnOpQrStUv", outcome: notFoundForAll("/brokers/myprojects/7/AbCdEfGhIjKlMnOpQrStUv") },
  "/buyers/myprojects/index_new": {
    url: "/buyers/myprojects/index_new",
    outcome: membersOnly("/buyers/myprojects/index_new", ["buyer", "multi", "seller", "agent"]),
  },
  "/brokers/myprojects/index_new": { url: "/brokers/myprojects/index_new", outcome: membersOnly("/brokers/myprojects/index_new", ["broker"]) },
  "/messages": { url: "/messages", outcome: membersOnly("/messages", MEMBERS) },
  // a thread exists only for the buyer with an approved NDA, the seller and admins
  "/messages/:projectId/:buyerId": { url: "/messages/7/1", outcome: notFoundForAll("/messages/7/1") },
  "/nda-feedback/:id": { url: "/nda-feedback/Ny4xLjk5OTk5OTk5OTk.forged", outcome: everyone(404) },
  "/projects/more-details/:id/documents/:documentId": {
    url: "/projects/more-details/7/documents/999999",
    outcome: notFoundForAll("/projects/more-details/7/documents/999999"),
  },
  "/projects/more-details/:id/nda/:envelopeId": {
    url: "/projects/more-details/7/nda/AbCdEfGhIjKlMnOpQrStUv",
    outcome: notFoundForAll("/projects/more-details/7/nda/AbCdEfGhIjKlMnOpQrStUv"),
  },
  "/admin/analytics": { url: "/admin/analytics", outcome: membersOnly("/admin/analytics", ["admin"]) },
  "/api/analytics/session": { url: "/api/analytics/session", outcome: everyone(405) },
  "/api/analytics/ping": { url: "/api/analytics/ping", outcome: everyone(204) },
  "/api/*": { url: "/api/1.0/no-such-endpoint", outcome: everyone(404) },
  "/admin/projects/permission/:id": { url: "/admin/projects/permission/7", outcome: membersOnly("/admin/projects/permission/7", ["admin"]) },
  "/projects/more-details/:id/offers/:offerId": {
    url: "/projects/more-details/7/offers/999999",
    outcome: notFoundForAll("/projects/more-details/7/offers/999999"),
  },
};

/** The routes with a loader: the ones a GET can open. */
async function routesWithLoader() {
  return (await builtRoutes()).filter((r) => r.loader);
}

async function check(client: APIRequestContext, url: string, dataRouteId: string | null, expected: Outcome) {
  const target = dataRouteId ? `${url}${url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(dataRouteId)}` : url;
  const response = await client.get(target, { maxRedirects: 0 });
  const label = `${dataRouteId ? "data" : "document"} ${url}`;
  if (typeof expected === "number") {
    expect(response.status(), label).toBe(expected);
    if (expected === 404 && !dataRouteId) {
      expect(await response.text(), label).toContain("This page could not be found");
    }
    return;
  }
  if (dataRouteId) {
    // Remix answers a redirect from a data request with 204 and X-Remix-Redirect
    expect(response.status(), label).toBe(204);
    expect(response.headers()["x-remix-redirect"], label).toBe(expected.redirect);
  } else {
    expect(response.status(), label).toBe(302);
    expect(response.headers()["location"], label).toBe(expected.redirect);
  }
}

test.describe("access to every route", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level: once per server");

  test("every route module is covered by the access table", async () => {
    const routes = await routesWithLoader();
    expect(routes.map((r) => r.path).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const who of ["visitor", ...MEMBERS] as Who[]) {
    test(`${who}: documents and data requests`, async ({}, testInfo) => {
      const client = await apiClient(baseUrlOf(testInfo), who === "visitor" ? undefined : DEMO[who]);
      for (const route of await routesWithLoader()) {
        const { url, outcome } = EXPECTED[route.path]!;
        await check(client, url, null, outcome[who]);
        // resource routes have no data requests: the browser fetches them as they are
        if (!route.resource) await check(client, url, route.id, outcome[who]);
      }
      await client.dispose();
    });
  }

  test("a path outside a role's prefixes is 404, and prefixes match at a segment boundary", async ({}, testInfo) => {
    const buyer = await apiClient(baseUrlOf(testInfo), DEMO.buyer);
    for (const path of ["/admin/contact-us-messages", "/admin/users", "/sellersx", "/no-such-page"]) {
      const response = await buyer.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
    }
    await buyer.dispose();
  });

  test("a visitor is sent to sign in with the path and query wanted", async ({}, testInfo) => {
    const visitor = await apiClient(baseUrlOf(testInfo));
    const response = await visitor.get("/profile?tab=security", { maxRedirects: 0 });
    expect(response.headers()["location"]).toBe("/signin?redirect=%2Fprofile%3Ftab%3Dsecurity");
    await visitor.dispose();
  });
});

test.describe("listings that are not for everyone", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level: once per server");

  test("a draft, a withdrawn project and another seller's project answer 404", async ({}, testInfo) => {
    const base = baseUrlOf(testInfo);
    const buyer = await apiClient(base, DEMO.buyer);
    // seed: 6 is a draft, 5 withdrawn, 1 submitted (not yet published)
    for (const id of [6, 5, 1, 999999]) {
      expect((await buyer.get(`/projects/more-details/${id}`, { maxRedirects: 0 })).status(), `teaser ${id}`).toBe(404);
      const data = await buyer.get(`/projects/more-details/${id}?_data=${encodeURIComponent("routes/_app.projects.more-details.$id")}`);
      expect(data.status(), `data ${id}`).toBe(404);
    }
    const agent = await apiClient(base, DEMO.agent);
    expect((await agent.get("/sellers/myprojects/1", { maxRedirects: 0 })).status()).toBe(404);
    expect((await agent.get("/projects/company/1", { maxRedirects: 0 })).status()).toBe(404);
    expect((await agent.post("/sellers/myprojects/1", { form: { intent: "withdraw" }, maxRedirects: 0 })).status()).toBe(404);
    await buyer.dispose();
    await agent.dispose();
  });

  test("the limited project API answers the NDA status, and 404 for what the user may not see", async ({ request }) => {
    const login = await apiLogin(request, { email: DEMO.broker, password: "demo-password" });
    expect(login.status()).toBe(200);
    const { token } = await login.json();
    const headers = { Authorization: `Bearer ${token}` };
    const published = await request.get("/api/buyer/projects/limited/7", { headers });
    expect(published.status()).toBe(200);
    expect(await published.json()).toMatchObject({ id: 7, contract_status: { ndaStatus: null } });
    expect((await request.get("/api/buyer/projects/limited/6", { headers })).status()).toBe(404);
    expect((await request.get("/api/buyer/projects/limited/5", { headers })).status()).toBe(404);
  });
});
