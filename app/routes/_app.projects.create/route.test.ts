import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, postRequest, responseOf } from "../../../tests/support/app";

/** The listing wizard's loan tape step, as its action answers a seller's upload. */
const app = await bootApp("route-create-tape");
const { action } = await import("./route");
const { projects } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { loanTape } = await import("~/models/loan-tapes.server");
const { context, services } = app;
const seller = await app.member("seller@demo.test");
const [draft] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "loan_pool", status: "draft", draftStep: 2, projectName: "Tape draft" }).returning();
afterAll(() => app.cleanup());

const upload = (csv: string) => {
  const form = new FormData();
  form.append("intent", "tape");
  form.append("draft", String(draft!.id));
  form.append("tape", new File([csv], "tape.csv", { type: "text/csv" }));
  const request = new Request(`${ORIGIN}/projects/create`, { method: "POST", headers: { Cookie: seller.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: form });
  return responseOf(action({ request, context, params: {} }));
};

describe("the loan tape step", () => {
  it("answers a balance too large to add up with 400 and the line's problem, never a 500, and imports nothing", async () => {
    const huge = `1${"0".repeat(308)}`;
    const response = await upload(`loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv\nA,${huge},5,2030-01-01,Retail,IL,Performing,50\n`);
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: { tape: string[] } } };
    expect(result.error.tape.join(" ")).toMatch(/^Line 2: balance: /);
    expect(await loanTape(services.db, draft!.id)).toEqual([]);
  });
});

describe("the loan tape, while the project is under review", () => {
  it("writes nothing on a project submitted after the wizard checked it (the batch itself tests the status)", async () => {
    const { replaceLoanTape } = await import("~/models/loan-tapes.server");
    const { EDITABLE } = await import("~/models/projects.server");
    const [submitted] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "loan_pool", status: "submitted", projectName: "Under review" }).returning();
    const loan = { loanNumber: "A", balance: 100, interestRate: 5, maturityDate: "2030-01-01", propertyType: "Retail", state: "IL", status: "Performing", ltv: 50, line: 2 };
    expect(await replaceLoanTape(services.db, submitted!.id, [loan] as never, { onlyWhile: EDITABLE })).toBe(false);
    expect(await loanTape(services.db, submitted!.id)).toEqual([]);
    const after = await services.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, submitted!.id) });
    expect([after!.tapeLoans, after!.size]).toEqual([0, submitted!.size]);
    // on the draft it is written
    expect(await replaceLoanTape(services.db, draft!.id, [loan] as never, { onlyWhile: EDITABLE })).toBe(true);
    expect((await loanTape(services.db, draft!.id)).length).toBe(1);
  });
});

describe("the wizard's steps, in order", () => {
  const post = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/projects/create", seller.cookie, fields), context, params: {} }));
  const stepThree = { carrier: "MetLife", policyType: "Whole life", faceAmount: "1000000", cashSurrenderValue: "100000", insuredAge: "70" };

  it("refuses a later step posted by hand on a draft whose earlier steps were never saved (409, the step to do first), and saves nothing", async () => {
    const [fresh] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "insurance_loan", status: "draft", draftStep: 0 }).returning();
    const response = await post({ intent: "save", draft: String(fresh!.id), step: "3", ...stepThree });
    expect(response.status).toBe(409);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error[""]).toEqual(["Basics is not complete."]);
    const after = await services.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, fresh!.id) });
    expect([after!.draftStep, after!.details]).toEqual([0, fresh!.details]);
  });
});

describe("submitting for review twice (a double click, a second tab)", () => {
  it("lands the second post on the project's page with a notice that it is submitted already, not on a 404; one submission", async () => {
    const [ready] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "insurance_loan", status: "draft", draftStep: 3, projectName: "Submitted twice" }).returning();
    // the first post submitted it (the wizard's own checks are tested above)
    await services.db.update(projects).set({ status: "submitted", submittedAt: new Date(2026, 0, 1) }).where(eq(projects.id, ready!.id));
    const response = await responseOf(action({ request: postRequest("/projects/create", seller.cookie, { intent: "submit", draft: String(ready!.id) }), context, params: {} }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/sellers/myprojects/${ready!.id}`);
    const notice = (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
    expect(notice).toEqual({ message: "This project is submitted for review already. We will let you know when it is published.", type: "info" });
    const after = await services.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, ready!.id) });
    expect([after!.status, after!.submittedAt]).toEqual(["submitted", new Date(2026, 0, 1)]);
  });

  it("still answers 404 for another seller's project, submitted or not", async () => {
    const other = await app.member("lakeshore@demo.test");
    const [theirs] = await services.db.insert(projects).values({ sellerId: other.user.id, kind: "insurance_loan", status: "submitted", projectName: "Theirs" }).returning();
    const response = await responseOf(action({ request: postRequest("/projects/create", seller.cookie, { intent: "submit", draft: String(theirs!.id) }), context, params: {} }));
    expect(response.status).toBe(404);
  });
});

describe("a loan tape field holding text", () => {
  it("is answered 400 with the step's own \"Choose a CSV or XLSX file.\", not the parser's wording", async () => {
    const response = await responseOf(action({ request: postRequest("/projects/create", seller.cookie, { intent: "tape", draft: String(draft!.id), tape: "tape.csv" }), context, params: {} }));
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error.tape).toEqual(["Choose a CSV or XLSX file."]);
  });
});
