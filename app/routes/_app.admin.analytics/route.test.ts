import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";
import { serverPage } from "../../../tests/support/server-page";

/** The admin's page sessions, filtered by what an address may say. */
const app = await bootApp("route-admin-analytics");
const route = await import("./route");
const { loader } = route;
const { pageSessions, users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = (query: string) => sent(loader({ request: getRequest(`/admin/analytics?${query}`, admin.cookie), context, params: {} }));

describe("the page sessions' date filters", () => {
  it("ignore a day that is no day of the calendar (a 13th month, a 31st of February) rather than failing with a 500", async () => {
    const all = await (await open("")).json();
    for (const query of ["from=2026-13-01", "to=2026-00-10", "from=2026-02-31", "to=2026-04-31&from=2026-99-99"]) {
      const response = await open(query);
      expect(response.status, query).toBe(200);
      const page = await response.json();
      expect(page.filters, query).toEqual({});
      expect(page.totals, query).toEqual(all.totals);
    }
    const day = await (await open("from=2026-02-28&to=2026-02-28")).json();
    expect(day.filters).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(day.daysProblem).toBeNull();
    expect(day.dayProblems).toEqual({ from: null, to: null });
  });

  it("say a To day before the From day matches nothing, rather than showing 0 sessions unexplained", async () => {
    const page = await (await open("from=2026-12-10&to=2026-12-01")).json();
    expect(page.daysProblem).toBe("The To day is before the From day: no session falls between them.");
    expect(page.totals.sessions).toBe(0);
    const html = await serverPage(route.default, "/admin/analytics?from=2026-12-10&to=2026-12-01", { loaderData: page });
    expect(html).toContain('aria-describedby="to-error"');
  });

  it("say under the field that a day which is none was not used, naming what was typed, rather than dropping it silently", async () => {
    const page = await (await open("from=2026-13-45&to=abc")).json();
    expect(page.filters).toEqual({});
    expect(page.dayProblems).toEqual({
      from: { typed: "2026-13-45", message: "Enter a date as YYYY-MM-DD." },
      to: { typed: "abc", message: "Enter a date as YYYY-MM-DD." },
    });
    const html = await serverPage(route.default, "/admin/analytics?from=2026-13-45&to=abc", { loaderData: page });
    expect(html).toContain('aria-describedby="from-error"');
    expect(html.replace(/<!-- -->/g, "")).toContain("Enter a date as YYYY-MM-DD. “2026-13-45” is no date: showing sessions with no start date.");
    expect(html.replace(/<!-- -->/g, "")).toContain("“abc” is no date: showing sessions with no end date.");
    // an empty field is no problem
    expect((await (await open("from=&to=")).json()).dayProblems).toEqual({ from: null, to: null });
  });
});

describe("the page sessions' project filter", () => {
  it("says a project id that is no number is no filter, keeping what was typed, rather than passing off every session as the project's", async () => {
    for (const typed of ["abc", "0", "-3", "1.5"]) {
      const page = await (await open(`project=${encodeURIComponent(typed)}`)).json();
      expect(page.filters.projectId, typed).toBeUndefined();
      expect(page.projectProblem, typed).toEqual({ typed, message: "Value must be an number." });
    }
    for (const query of ["", "project=", "project=7"]) expect((await (await open(query)).json()).projectProblem, query).toBeNull();
  });
});

describe("the page sessions' pages", () => {
  it("past the last (a stale or made-up ?page=) show the last, not \"No page sessions match.\" over a count of them", async () => {
    const first = await (await open("")).json();
    expect(first.totals.sessions).toBeGreaterThan(first.pageSize);
    const last = Math.ceil(first.totals.sessions / first.pageSize);
    const lastPage = await (await open(`page=${last}`)).json();
    const [looker] = await app.services.db.select({ email: users.email }).from(pageSessions).innerJoin(users, eq(users.id, pageSessions.userId)).limit(1);
    for (const query of [`page=${last + 1}`, "page=1000000000", "pageType=homepage&page=1000000000", `email=${encodeURIComponent(looker!.email)}&page=1000000000`]) {
      const past = await (await open(query)).json();
      expect(past.body.html, query).toContain('data-testid="session-row"');
      expect(past.body.html, query).not.toContain("No page sessions match.");
      expect(past.page, query).toBe(Math.max(1, Math.ceil(past.totals.sessions / past.pageSize)));
    }
    expect((await (await open("page=1000000000")).json()).body.html).toBe(lastPage.body.html);
  });
});
