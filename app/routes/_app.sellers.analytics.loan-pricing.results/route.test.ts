import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf, sent } from "../../../tests/support/app";

/** A loan-pricing results link and its CSV, as a seller's browser opens them. */
const app = await bootApp("route-loan-pricing-results");
const { loader } = await import("./route");
const csv = await import("../sellers.analytics.loan-pricing.results[.]csv");
const { projects } = await import("~/.server/db/schema");
const { context, services } = app;
const seller = await app.member("seller@demo.test");
afterAll(() => app.cleanup());

const LOAN = "noteRate=6&termMonths=360&amortization=level&loanStatus=Performing";
const open = (query: string) => sent(loader({ request: getRequest(`/sellers/analytics/loan-pricing/results?${query}`, seller.cookie), context, params: {} }));
const exported = (query: string) =>
  responseOf(csv.loader({ request: getRequest(`/sellers/analytics/loan-pricing/results.csv?${query}`, seller.cookie), context, params: {} }));

describe("a loan's balance", () => {
  it("past any listing's amount is refused with the form's message (400), where a balance near the largest number failed with a 500", async () => {
    const huge = `balance=${"9".repeat(308)}&${LOAN}`;
    const page = await open(huge);
    expect(page.status).toBe(400);
    const body = await page.json();
    expect(!body.ok && body.reply.error).toMatchObject({ balance: ["Exceeds maximum value of 1000000000000."] });
    expect((await exported(huge)).status).toBe(400);
    expect((await open(`balance=1,000,000&${LOAN}`)).status).toBe(200);
  });
});

describe("a pool without a loan tape", () => {
  it("is not priced at 0% of par (a link from before its tape was removed, or a pool typed in): the form says why, 400, and so does the CSV", async () => {
    const [pool] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "loan_pool", status: "draft", projectName: "No tape yet" }).returning();
    const page = await open(`projectId=${pool!.id}`);
    expect(page.status).toBe(400);
    const body = await page.json();
    expect(!body.ok && body.form).toBe("pool");
    expect(!body.ok && body.reply.error).toMatchObject({ "": ["This pool has no loan tape to price: upload one on the project first."] });
    const file = await exported(`projectId=${pool!.id}`);
    expect(file.status).toBe(400);
    expect(await file.text()).not.toContain("price,0");
  });
});
