import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, getRequest, ORIGIN, postRequest, responseOf } from "../../../tests/support/app";

/**
 * The wizard posted from a tab opened before the listing was submitted for review (or a reload of
 * it): refused with the step's own page (409), what the seller typed still in its fields, nothing
 * written; a plain page load of it still goes to the project's page.
 */
const app = await bootApp("route-create-late");
const { default: CreateProjectPage, action, loader, shouldRevalidate } = await import("./route");
const { projects } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { loanTape } = await import("~/models/loan-tapes.server");
const { services } = app;
const seller = await app.member("seller@demo.test");
afterAll(() => app.cleanup());

const STALE = "This listing was submitted for review; it can no longer be edited here.";
type Kind = "loan_pool" | "real_estate" | "insurance_loan" | "limited_company";
type Answer = { result: { initialValue: Record<string, unknown>; error: Record<string, string[]> }; projectPage?: string };

const submitted = async (kind: Kind, projectName: string) => {
  const [row] = await services.db
    .insert(projects)
    .values({ sellerId: seller.user.id, kind, status: "submitted", draftStep: 3, projectName, submittedAt: new Date(2026, 0, 1) })
    .returning();
  return row!;
};
const rowOf = (id: number) => services.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, id) });
const noticeOf = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");

/** One request's load context: Remix hands an action and the loaders drawn after it the same one, and each request its own. */
const post = (url: string, fields: Record<string, string>, context: Record<string, unknown> = {}) =>
  responseOf(action({ request: postRequest(url, seller.cookie, fields), context, params: {} }));

const LONG = "A pool of first-lien loans on Midwest retail, seasoned three years. ".repeat(20).trim();
const TYPED: Record<1 | 2, Record<string, string>> = {
  1: { projectName: "Typed in the old tab", industry: "Real Estate", saleType: "Whole loan sale", location: "Midwest", state: "IL", fullDetails: LONG },
  2: { loanAmount: "12,500,000", size: "12,000,000", waInterest: "6,25", maturityDate: "2031-06-30", term: "Performing", secured: "Yes", borrower: "Lakeshore LLC" },
};
const DETAILS: Record<Kind, Record<string, string>> = {
  loan_pool: { loanPool: "Midwest CRE pool 2026-A", overallSummary: LONG, termSummary: "Five to seven years." },
  real_estate: { propertyType: "Retail", address: "233 S Wacker Dr", zip: "60606", city: "Chicago", state: "IL", location: "Midwest", units: "12", occupancy: "94", noi: "1,250,000" },
  insurance_loan: { carrier: "MetLife", policyType: "Whole life", faceAmount: "1000000", cashSurrenderValue: "100000", insuredAge: "70" },
  limited_company: { overview: LONG, sicCode: "6162", revenue: "48,000,000", ebitda: "6,000,000", totalDebt: "20,000,000", employees: "140" },
};

describe("a step saved from a tab opened before the listing was submitted for review", () => {
  for (const kind of ["loan_pool", "real_estate", "insurance_loan", "limited_company"] as const) {
    for (const step of [1, 2, 3] as const) {
      for (const then of ["continue", "exit"] as const) {
        it(`answers ${kind}'s step ${step} (Save and ${then}) with 409, the notice as the form's error, the typed values back, nothing written`, async () => {
          const project = await submitted(kind, `Submitted ${kind} ${step} ${then}`);
          const typed = step === 3 ? DETAILS[kind] : TYPED[step];
          const fields = { intent: "save", draft: String(project.id), step: String(step), ...typed, ...(then === "exit" ? { then } : {}) };
          const response = await post(`/projects/create?draft=${project.id}&step=${step}`, fields);
          expect(response.status).toBe(409);
          const answered = (await response.json()) as Answer;
          expect(answered.result.error[""]).toEqual([STALE]);
          expect(answered.result.initialValue).toMatchObject(typed);
          expect(answered.projectPage).toBe(`/sellers/myprojects/${project.id}`);
          expect(response.headers.get("Set-Cookie")).toBeNull();
          expect(await rowOf(project.id)).toEqual(project);
        });
      }
    }
  }

  it("answers a step with invalid values the same way (the listing's state comes first), keeping them as typed", async () => {
    const project = await submitted("insurance_loan", "Invalid and late");
    const response = await post("/projects/create", { intent: "save", draft: String(project.id), step: "3", insuredAge: "seventy", faceAmount: "a lot" });
    expect(response.status).toBe(409);
    const answered = (await response.json()) as Answer;
    expect(answered.result.error[""]).toEqual([STALE]);
    expect(answered.result.initialValue).toMatchObject({ insuredAge: "seventy", faceAmount: "a lot" });
    expect(await rowOf(project.id)).toEqual(project);
  });

  it("names the status of a listing further on (published)", async () => {
    const project = await submitted("insurance_loan", "Published since");
    await services.db.update(projects).set({ status: "published" }).where(eq(projects.id, project.id));
    const response = await post("/projects/create", { intent: "save", draft: String(project.id), step: "2", ...TYPED[2] });
    expect(response.status).toBe(409);
    const answered = (await response.json()) as Answer;
    expect(answered.result.error[""]).toEqual(["This listing is no longer a draft (Published); it can no longer be edited here."]);
    expect(answered.result.initialValue).toMatchObject(TYPED[2]);
  });

  it("answers a real-estate listing's Look up address the same way, the typed address kept, nothing looked up or written", async () => {
    const project = await submitted("real_estate", "Looked up late");
    const response = await post(`/projects/create?draft=${project.id}&step=3`, { intent: "lookup", draft: String(project.id), step: "3", ...DETAILS.real_estate });
    expect(response.status).toBe(409);
    const answered = (await response.json()) as Answer & { place: unknown };
    expect(answered.result.error[""]).toEqual([STALE]);
    expect(answered.result.initialValue).toMatchObject(DETAILS.real_estate);
    expect(answered.place).toBeNull();
    expect(await rowOf(project.id)).toEqual(project);
  });

  it("answers the loan tape's upload with 409 and the notice on the tape's form, nothing imported", async () => {
    const project = await submitted("loan_pool", "Tape late");
    const form = new FormData();
    form.append("intent", "tape");
    form.append("draft", String(project.id));
    const csv = "loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv\nA,100000,5,2030-01-01,Retail,IL,Performing,50\n";
    form.append("tape", new File([csv], "tape.csv", { type: "text/csv" }));
    const request = new Request(`${ORIGIN}/projects/create?draft=${project.id}&step=3`, {
      method: "POST",
      headers: { Cookie: seller.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      body: form,
    });
    const response = await responseOf(action({ request, context: {}, params: {} }));
    expect(response.status).toBe(409);
    const answered = (await response.json()) as Answer;
    expect(answered.result.error[""]).toEqual([STALE]);
    expect(answered.result.initialValue.intent).toBe("tape");
    expect(answered.projectPage).toBe(`/sellers/myprojects/${project.id}`);
    expect(await loanTape(services.db, project.id)).toEqual([]);
    expect(await rowOf(project.id)).toEqual(project);
  });

  it("still lands a reload (or Back, or a step's link) of the wizard on the project's page, told why", async () => {
    const project = await submitted("insurance_loan", "Reloaded after submitting");
    const page = await responseOf(loader({ request: getRequest(`/projects/create?draft=${project.id}&step=2`, seller.cookie), context: {}, params: {} }));
    expect([page.status, page.headers.get("Location")]).toEqual([302, `/sellers/myprojects/${project.id}`]);
    expect(await noticeOf(page)).toEqual({ message: STALE, type: "warning" });
  });

  it("still answers 404 for another seller's submitted project, page and step alike", async () => {
    const other = await app.member("lakeshore@demo.test");
    const [theirs] = await services.db.insert(projects).values({ sellerId: other.user.id, kind: "insurance_loan", status: "submitted", projectName: "Not yours" }).returning();
    const context = {};
    const step = await post(`/projects/create?draft=${theirs!.id}&step=1`, { intent: "save", draft: String(theirs!.id), step: "1", ...TYPED[1] }, context);
    const page = await responseOf(loader({ request: getRequest(`/projects/create?draft=${theirs!.id}&step=1`, seller.cookie), context, params: {} }));
    expect([step.status, page.status]).toEqual([404, 404]);
  });
});

/** The page a browser without JavaScript gets back: the loader drawn after the action, in the same request, with its answer. */
async function pageAfterPost(kind: Kind, step: 1 | 2 | 3, typed: Record<string, string>) {
  const project = await submitted(kind, `Drawn ${kind} ${step}`);
  const url = `/projects/create?draft=${project.id}&step=${step}`;
  const context = {};
  const answered = await post(url, { intent: "save", draft: String(project.id), step: String(step), ...typed }, context);
  const page = await responseOf(loader({ request: getRequest(url, seller.cookie), context, params: {} }));
  return { project, url, status: answered.status, actionData: await answered.json(), page };
}

function render(url: string, loaderData: unknown, actionData: unknown) {
  const RemixStub = createRemixStub([{ id: "create", path: "/projects/create", Component: CreateProjectPage }]);
  const quiet = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) process.stderr.write(`${args.join(" ")}\n`);
  });
  try {
    return renderToString(<RemixStub initialEntries={[url]} hydrationData={{ loaderData: { create: loaderData }, actionData: { create: actionData } }} />);
  } finally {
    quiet.mockRestore();
  }
}

describe("the step's page drawn again after a late save, without JavaScript", () => {
  it("draws the step with the notice at the top of its form, a link to the project's page, and the typed values in their fields", async () => {
    const { project, url, status, actionData, page } = await pageAfterPost("loan_pool", 1, TYPED[1]);
    expect([status, page.status]).toEqual([409, 200]);
    const html = render(url, await page.json(), actionData);
    const alert = html.match(/<div[^>]* role="alert" data-testid="form-error"[^>]*>([\s\S]*?)<\/div>/)?.[1] ?? "";
    expect(alert).toContain("This listing was submitted for review; it can no longer be edited here.");
    expect(alert).toContain(`href="/sellers/myprojects/${project.id}"`);
    expect(html).toContain('value="Typed in the old tab"');
    expect(html).toContain(`>${LONG}</textarea>`);
    expect(await rowOf(project.id)).toEqual(project);
  });

  it("draws a limited company's details the same way", async () => {
    const { project, url, actionData, page } = await pageAfterPost("limited_company", 3, DETAILS.limited_company);
    expect(page.status).toBe(200);
    const html = render(url, await page.json(), actionData);
    expect(html).toContain('role="alert"');
    expect(html).toContain(`href="/sellers/myprojects/${project.id}"`);
    expect(html).toContain('value="48,000,000"');
    expect(html).toContain(`>${LONG}</textarea>`);
  });

  it("draws only the listing the post was refused for: another of the seller's submitted listings in the same request still goes to its page", async () => {
    const { project } = await pageAfterPost("insurance_loan", 2, TYPED[2]);
    const other = await submitted("insurance_loan", "Another submitted one");
    const context = {};
    await post(`/projects/create?draft=${project.id}&step=2`, { intent: "save", draft: String(project.id), step: "2" }, context);
    const page = await responseOf(loader({ request: getRequest(`/projects/create?draft=${other.id}&step=2`, seller.cookie), context, params: {} }));
    expect([page.status, page.headers.get("Location")]).toEqual([302, `/sellers/myprojects/${other.id}`]);
  });
});

describe("with JavaScript", () => {
  const args = (actionResult: unknown) =>
    ({ actionResult, defaultShouldRevalidate: true, currentUrl: new URL(`${ORIGIN}/projects/create?draft=1&step=1`), nextUrl: new URL(`${ORIGIN}/projects/create?draft=1&step=1`), currentParams: {}, nextParams: {}, formMethod: "POST" }) as Parameters<typeof shouldRevalidate>[0];

  it("keeps the page (and the fields as typed) after a late post instead of loading it again, which would go to the project's page", async () => {
    const project = await submitted("real_estate", "Kept in the browser");
    const answered = await (await post("/projects/create", { intent: "save", draft: String(project.id), step: "3", ...DETAILS.real_estate })).json();
    expect(shouldRevalidate(args(answered))).toBe(false);
  });

  it("loads the page again after any other answer", () => {
    expect(shouldRevalidate(args({ result: { status: "error", error: { "": ["Basics is not complete."] } } }))).toBe(true);
    expect(shouldRevalidate(args(undefined))).toBe(true);
  });
});
