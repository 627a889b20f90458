import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The admin's customer table, as an address asks for it. */
const app = await bootApp("route-admin-customers");
const { action, loader } = await import("./route");
const { loader: usersLoader, action: usersAction } = await import("../_app.admin.users/route");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query: string) => (await sent(loader({ request: getRequest(`/admin/customers?${query}`, admin.cookie), context, params: {} }))).json();

describe("the customer table's pages", () => {
  it("past the last (a stale or made-up ?page=) show the last, not \"No customers match.\" over a count of them", async () => {
    for (const filters of ["pageSize=10", "pageSize=10&customerType=buyer", "pageSize=10&q=a", "pageSize=10&views=1"]) {
      const first = await open(filters);
      expect(first.total, filters).toBeGreaterThan(0);
      const last = Math.max(1, Math.ceil(first.total / first.pageSize));
      const lastPage = await open(`${filters}&page=${last}`);
      for (const page of [last + 1, 10_000]) {
        const past = await open(`${filters}&page=${page}`);
        expect(past.body.html, `${filters}&page=${page}`).not.toContain("No customers match.");
        expect(past.page, `${filters}&page=${page}`).toBe(last);
        expect(past.body.html).toBe(lastPage.body.html);
      }
    }
  });
});

describe("the customer table's links to a customer", () => {
  it("name the table as the admin has it (?back=), the way back from the customer's pages; the bare table names nothing", async () => {
    const bare = await open("");
    expect(bare.body.html).toMatch(/href="\/admin\/customers\/\d+"/);
    expect(bare.body.html).not.toContain("back=");
    // the same rows under two addresses: each page's links name its own
    for (const query of ["sort=customerName&desc=1", "sort=customerName&desc=1&enabled=Any"]) {
      const { body } = await open(query);
      const back = `back=${encodeURIComponent(`/admin/customers?${query}`)}`.replaceAll("&", "&amp;");
      expect(body.html, query).toMatch(new RegExp(`href="/admin/customers/\\d+\\?${back.replaceAll("%", "\\%")}"`));
      expect(body.html, query).toMatch(new RegExp(`href="/admin/customers/edit/\\d+\\?${back.replaceAll("%", "\\%")}"`));
    }
  });
});

describe("an admin's saved sort and filters", () => {
  // a context of its own: a page's request looks its member (and their preferences) up once
  const ask = (path: string, run: typeof loader) => responseOf(run({ request: getRequest(path, admin.cookie), context: { ...context }, params: {} }));

  it("are written into the address of a page asked for without them: a link to it shows another admin the same rows", async () => {
    const saved = await responseOf(action({ request: postRequest("/admin/customers?type=Bank&sort=ndas&desc=0", admin.cookie, { intent: "save-view", table: "customers" }), context, params: {} }));
    expect(saved.status).toBe(302);
    try {
      for (const [asked, shown] of [
        ["/admin/customers", "/admin/customers?sort=ndas&desc=0&type=Bank"],
        ["/admin/customers?page=2", "/admin/customers?page=2&sort=ndas&desc=0&type=Bank"],
        // a data request (a click with JavaScript) is sent to the page's own address
        ["/admin/customers?sort=customerName&_data=routes%2F_app.admin.customers._index", "/admin/customers?sort=customerName&desc=0&type=Bank"],
      ] as const) {
        const answer = await ask(asked, loader);
        expect(answer.status, asked).toBe(302);
        expect(answer.headers.get("Location"), asked).toBe(shown);
      }
      // an address that says every one (the filters' form sends them all) is the page itself, its type as it says
      const stated = await ask("/admin/customers?type=Any&sort=customerName&desc=0", loader);
      expect(stated.status).toBe(200);
      expect(((await stated.json()) as { filters: { type: string } }).filters.type).toBe("Any");
    } finally {
      await responseOf(action({ request: postRequest("/admin/customers", admin.cookie, { intent: "reset", table: "customers" }), context, params: {} }));
    }
    expect((await ask("/admin/customers", loader)).status).toBe(200);
  });

  it("on the users table too", async () => {
    await responseOf(usersAction({ request: postRequest("/admin/users?role=ROLE_SELLER", admin.cookie, { intent: "save-view", table: "users" }), context, params: {} }));
    try {
      const answer = await ask("/admin/users?q=a", usersLoader as unknown as typeof loader);
      expect(answer.headers.get("Location")).toBe("/admin/users?q=a&role=ROLE_SELLER");
    } finally {
      await responseOf(usersAction({ request: postRequest("/admin/users", admin.cookie, { intent: "reset", table: "users" }), context, params: {} }));
    }
  });
});
