import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, ORIGIN, postRequest, responseOf } from "../../../tests/support/app";

/** The listing wizard's loan tape step, as its action answers a seller's upload. */
const app = await bootApp("route-create-tape");
const { action, loader } = await import("./route");
const { projects } = await import("~/.server/db/schema");
const { and, count, eq } = await import("drizzle-orm");
const { loanTape } = await import("~/models/loan-tapes.server");
const { context, services } = app;
const seller = await app.member("seller@demo.test");
const [draft] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "loan_pool", status: "draft", draftStep: 2, projectName: "Tape draft" }).returning();
afterAll(() => app.cleanup());

const upload = (csv: string | Uint8Array<ArrayBuffer>, name = "tape.csv") => {
  const form = new FormData();
  form.append("intent", "tape");
  form.append("draft", String(draft!.id));
  form.append("tape", new File([csv], name, { type: name ? "text/csv" : "application/octet-stream" }));
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

  it("says how many bad lines are left unnamed past the 200 it lists, as the other imports do", async () => {
    const lines = Array.from({ length: 250 }, (_, i) => `L-${i},not a number,5,2030-01-01,Retail,IL,Performing,50`);
    const response = await upload(`loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv\n${lines.join("\n")}\n`);
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error[""]).toEqual(["250 problems; nothing was imported."]);
    expect(result.error.tape).toHaveLength(201);
    expect(result.error.tape![199]).toMatch(/^Line 201: balance: /);
    expect(result.error.tape![200]).toBe("… and 50 more lines with problems.");
  });
});

describe("a loan tape file chosen but empty", () => {
  const problems = async (response: Response) => ((await response.json()) as { result: { error: { tape: string[] } } }).result.error.tape;

  it("says the chosen file is empty, by its name, where it said to choose a file; with none chosen it still says to choose one", async () => {
    const empty = await upload("", "portfolio-tape.csv");
    expect(empty.status).toBe(400);
    expect(await problems(empty)).toEqual(["portfolio-tape.csv is empty (0 bytes): choose the file with the loans in it."]);
    // an input left empty: the browser sends a file of no name and no bytes
    expect(await problems(await upload("", ""))).toEqual(["Choose a CSV or XLSX file."]);
    expect(await loanTape(services.db, draft!.id)).toEqual([]);
  });
});

describe("a loan tape that is not comma-separated UTF-8", () => {
  const HEADER = ["loan_number", "balance", "interest_rate", "maturity_date", "property_type", "state", "status", "ltv", "city"];
  const problems = async (response: Response) => ((await response.json()) as { result: { error: { tape: string[] } } }).result.error.tape;

  it("says a tape separated by semicolons or tabs, or a workbook renamed .csv, is so, not that its columns are missing", async () => {
    const semicolons = await upload(`${HEADER.join(";")}\nA;100;5;2030-01-01;Retail;IL;Performing;50;Chicago\n`);
    expect(semicolons.status).toBe(400);
    expect(await problems(semicolons)).toEqual(["Line 1: The file's columns are separated by semicolons: save it as CSV with commas."]);
    expect(await problems(await upload(`${HEADER.join("\t")}\nA\t100\t5\t2030-01-01\tRetail\tIL\tPerforming\t50\tChicago\n`))).toEqual([
      "Line 1: The file's columns are separated by tabs: save it as CSV with commas.",
    ]);
    const workbook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0xe9, 0x00]);
    expect(await problems(await upload(workbook))).toEqual(["This is not a CSV file: save it as CSV (comma-separated) and upload it again."]);
    expect(await loanTape(services.db, draft!.id)).toEqual([]);
  });

  it("reads a tape saved in Windows-1252 with its accented letters as written", async () => {
    const csv = `${HEADER.join(",")}\nA-1,100,5,2030-01-01,Retail,IL,Performing,50,Sainte-G\u00e9n\u00e9vi\u00e8ve\n`;
    const response = await upload(new Uint8Array([...csv].map((c) => c.charCodeAt(0))));
    expect(response.status).toBeLessThan(400);
    expect(await loanTape(services.db, draft!.id)).toMatchObject([{ loanNumber: "A-1", city: "Sainte-G\u00e9n\u00e9vi\u00e8ve" }]);
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

describe("starting a listing twice from one page (a double click on Start, or back and Start again)", () => {
  const drafts = async () => (await services.db.select({ n: count() }).from(projects).where(and(eq(projects.sellerId, seller.user.id), eq(projects.status, "draft"))))[0]!.n;
  const start = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/projects/create", seller.cookie, { intent: "start", ...fields }), context, params: {} }));
  const keyOfPage = async () => ((await (await responseOf(loader({ request: getRequest("/projects/create", seller.cookie), context, params: {} }))).json()) as { submissionKey: string }).submissionKey;

  it("gives each showing of the Start page its own key", async () => {
    const [one, two] = [await keyOfPage(), await keyOfPage()];
    expect(one).toMatch(/^\S{16,}$/);
    expect(two).not.toBe(one);
  });

  it("lands the second post of the same key on the draft the first made, and makes no second draft", async () => {
    const key = await keyOfPage();
    const before = await drafts();
    const first = await start({ kind: "insurance_loan", key });
    const second = await start({ kind: "insurance_loan", key });
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(first.headers.get("Location")).toMatch(/^\/projects\/create\?draft=\d+&step=1$/);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await drafts()).toBe(before + 1);
  });

  it("lands a repeat that chose another kind (back, another kind, Start) on the same draft, told so; one already submitted on its page", async () => {
    const key = await keyOfPage();
    const before = await drafts();
    const first = await start({ kind: "insurance_loan", key });
    const other = await start({ kind: "loan_pool", key });
    expect(other.headers.get("Location")).toBe(first.headers.get("Location"));
    const notice = (await services.sessionStorage.getSession(other.headers.get("Set-Cookie"))).get("notification");
    expect(notice).toEqual({ message: "This page started a draft already (Insurance-backed loan): here it is. To list something else, open List a project again.", type: "warning" });
    expect(await drafts()).toBe(before + 1);
    const id = Number(new URL(first.headers.get("Location")!, ORIGIN).searchParams.get("draft"));
    await services.db.update(projects).set({ status: "submitted" }).where(eq(projects.id, id));
    const late = await start({ kind: "insurance_loan", key });
    expect(late.headers.get("Location")).toBe(`/sellers/myprojects/${id}`);
    expect(await drafts()).toBe(before);
  });

  it("still starts a draft from a post without a key (an old page, an API client), one a post", async () => {
    const before = await drafts();
    const [first, second] = [await start({ kind: "real_estate" }), await start({ kind: "real_estate" })];
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(second.headers.get("Location")).not.toBe(first.headers.get("Location"));
    expect(await drafts()).toBe(before + 2);
  });
});

// a step, tape or look-up posted after the listing was submitted: late-post.test.tsx

describe("the review step", () => {
  it("shows everything the seller typed: the description, the terms and the kind's details, drawn on the server", async () => {
    const [typed] = await services.db
      .insert(projects)
      .values({
        sellerId: seller.user.id,
        kind: "insurance_loan",
        status: "draft",
        draftStep: 3,
        projectName: "Reviewed policy loans",
        fullDetails: "A seasoned book of policy loans\non whole-life policies.",
        sector: "Life insurance",
        state: "TX",
        details: { carrier: "MetLife", policyType: "Whole life", faceAmount: 1_000_000, cashSurrenderValue: 100_000, insuredAge: 70 },
      })
      .returning();
    const response = await responseOf(loader({ request: getRequest(`/projects/create?draft=${typed!.id}&step=4`, seller.cookie), context, params: {} }));
    const data = (await response.json()) as { step: number; review: { html: string } };
    expect(data.step).toBe(4);
    const pairs = [...data.review.html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ["Kind", "Insurance-backed loan"],
        ["Sector", "Life insurance"],
        ["Description for buyers", "A seasoned book of policy loans\non whole-life policies."],
        ["Insurance carrier", "MetLife"],
        ["Policy type", "Whole life"],
        // as the steps show them, not as stored ("TX", "1000000")
        ["State", "Texas"],
        ["Face amount (USD)", "1,000,000"],
        ["Cash surrender value (USD)", "100,000"],
        ["Age of the insured", "70"],
      ]),
    );
  });
});

describe("a step saved from a tab opened before another tab's save (two tabs, a stale page)", () => {
  type Page = { values: Record<string, string>; options: Record<string, Array<{ value: string }>> };
  const open = async (id: number, step: number) => (await (await responseOf(loader({ request: getRequest(`/projects/create?draft=${id}&step=${step}`, seller.cookie), context, params: {} }))).json()) as Page;
  const post = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/projects/create", seller.cookie, fields), context, params: {} }));
  const stored = async (id: number) => (await services.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, id) }))!;
  const property = { propertyType: "", address: "12 Lake Shore Drive", city: "Chicago", zip: "60601", units: "24", occupancy: "95", noi: "1,200,000" };

  it("keeps the state and region step 1 saved meanwhile when a property's details, opened before, are saved untouched", async () => {
    const [draft] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "real_estate", status: "draft", draftStep: 2, projectName: "Two tabs" }).returning();
    const first = await open(draft!.id, 1);
    const [state, other] = first.options.usStates!.map((o) => o.value);
    const [location, elsewhere] = first.options.locations!.map((o) => o.value);
    await services.db.update(projects).set({ state, location }).where(eq(projects.id, draft!.id));
    // the details opened in one tab, with the state and region as step 1 had them
    const details = await open(draft!.id, 3);
    // step 1 saved in another tab with a new state and region
    const basics = await open(draft!.id, 1);
    const step1 = await post({ intent: "save", draft: String(draft!.id), step: "1", opened: JSON.stringify(basics.values), ...basics.values, industry: first.options.industries![0]!.value, saleType: first.options.saleTypes![0]!.value, fullDetails: "A mid-rise of twenty-four apartments by the lake.", state: other!, location: elsewhere! });
    expect(step1.status).toBe(302);
    const saved = await post({ intent: "save", draft: String(draft!.id), step: "3", opened: JSON.stringify(details.values), ...property, propertyType: first.options.propertyTypes![0]!.value, state: details.values.state!, location: details.values.location! });
    expect(saved.status).toBe(302);
    const after = await stored(draft!.id);
    expect([after.state, after.location]).toEqual([other, elsewhere]);
    expect(after.details).toMatchObject({ address: "12 Lake Shore Drive", noi: 1_200_000 });
  });

  it("keeps the amounts a loan tape's import set meanwhile when the terms, opened before, are saved with other changes", async () => {
    const [pool] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "loan_pool", status: "draft", draftStep: 2, projectName: "Stale terms", loanAmount: 100_000, size: 100_000, waInterest: 5, maturityDate: "2031-01-01", term: "Performing", secured: true, borrower: "Midwest Credit" }).returning();
    const terms = await open(pool!.id, 2);
    // the tape imported in another tab: its amounts replace the typed ones
    await services.db.update(projects).set({ loanAmount: 2_500_000, size: 2_500_000, waInterest: 6.5 }).where(eq(projects.id, pool!.id));
    const saved = await post({ intent: "save", draft: String(pool!.id), step: "2", opened: JSON.stringify(terms.values), ...terms.values, borrower: "Midwest Credit LLC" });
    expect(saved.status).toBe(302);
    const after = await stored(pool!.id);
    expect([after.loanAmount, after.size, after.waInterest, after.borrower]).toEqual([2_500_000, 2_500_000, 6.5, "Midwest Credit LLC"]);
  });

  it("fills a saved step's amounts grouped as the seller typed them, and saves them untouched as they were", async () => {
    const [pool] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "loan_pool", status: "draft", draftStep: 2, projectName: "Grouped terms", loanAmount: 45_000_000, size: 45_000_000.5, waInterest: 6.25, maturityDate: "2031-01-01", term: "Performing", secured: true, borrower: "Midwest Credit" }).returning();
    const terms = await open(pool!.id, 2);
    expect([terms.values.loanAmount, terms.values.size, terms.values.waInterest]).toEqual(["45,000,000", "45,000,000.5", "6.25"]);
    const saved = await post({ intent: "save", draft: String(pool!.id), step: "2", opened: JSON.stringify(terms.values), ...terms.values, borrower: "Midwest Credit LLC" });
    expect(saved.status).toBe(302);
    const after = await stored(pool!.id);
    expect([after.loanAmount, after.size, after.borrower]).toEqual([45_000_000, 45_000_000.5, "Midwest Credit LLC"]);
  });

  it("names a dropdown's choice changed meanwhile by its label, as the page shows it, not by its code", async () => {
    const [draft] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "real_estate", status: "draft", draftStep: 2, projectName: "Two states" }).returning();
    const basics = await open(draft!.id, 1);
    const [first, theirs, mine] = basics.options.usStates! as Array<{ value: string; label: string }>;
    const listed = (key: string) => basics.options[key]![0]!.value;
    await services.db
      .update(projects)
      .set({ state: first!.value, industry: listed("industries"), saleType: listed("saleTypes"), location: listed("locations"), fullDetails: "A mid-rise of twenty-four apartments by the lake." })
      .where(eq(projects.id, draft!.id));
    const page = await open(draft!.id, 1);
    await services.db.update(projects).set({ state: theirs!.value }).where(eq(projects.id, draft!.id));
    const refused = await post({ intent: "save", draft: String(draft!.id), step: "1", opened: JSON.stringify(page.values), ...page.values, state: mine!.value });
    expect(refused.status).toBe(409);
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(theirs!.label).not.toBe(theirs!.value);
    expect(result.error.state).toEqual([`Someone changed this to “${theirs!.label}” since you opened the page; the page now shows their other changes too. Save again to put yours in its place.`]);
  });

  it("answers a field changed both there and meanwhile with 409, the other's value said and shown, and nothing written; saved again, it is the seller's", async () => {
    const [pool] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "loan_pool", status: "draft", draftStep: 2, projectName: "Both changed", loanAmount: 100_000, size: 100_000, waInterest: 5, maturityDate: "2031-01-01", term: "Performing", secured: true, borrower: "Midwest Credit" }).returning();
    const terms = await open(pool!.id, 2);
    await services.db.update(projects).set({ loanAmount: 2_500_000, size: 2_600_000 }).where(eq(projects.id, pool!.id));
    const refused = await post({ intent: "save", draft: String(pool!.id), step: "2", opened: JSON.stringify(terms.values), ...terms.values, loanAmount: "300,000", borrower: "Midwest Credit LLC" });
    expect(refused.status).toBe(409);
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    // the amount as the page writes amounts, not as stored ("2500000")
    expect(result.error.loanAmount).toEqual(["Someone changed this to “2,500,000” since you opened the page; the page now shows their other changes too. Save again to put yours in its place."]);
    // what the seller changed as typed, the rest as it is now
    expect([result.initialValue.loanAmount, result.initialValue.size, result.initialValue.borrower]).toEqual(["300,000", "2,600,000", "Midwest Credit LLC"]);
    expect([(await stored(pool!.id)).loanAmount, (await stored(pool!.id)).borrower]).toEqual([2_500_000, "Midwest Credit"]);
    const again = await post({ ...result.initialValue, intent: "save", draft: String(pool!.id), step: "2" });
    expect(again.status).toBe(302);
    const after = await stored(pool!.id);
    expect([after.loanAmount, after.size, after.borrower]).toEqual([300_000, 2_600_000, "Midwest Credit LLC"]);
  });
});
