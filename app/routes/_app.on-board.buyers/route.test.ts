import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The on-boarding chat's company question, as its action answers a member's form. */
const app = await bootApp("route-on-board");
const { action, loader } = await import("./route");
const { customers, leads, users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { makeUser } = await import("~/seed/factories");
const { context, services } = app;
afterAll(() => app.cleanup());

const PATH = "/on-board/sellers";
const post = (cookie: string, fields: Record<string, string>) => responseOf(action({ request: postRequest(PATH, cookie, fields), context, params: {} }));
const page = async (cookie: string) => (await (await sent(loader({ request: getRequest(PATH, cookie), context, params: {} }))).json());
const companyOf = async (userId: number) => {
  const member = await services.db.query.users.findFirst({ where: eq(users.id, userId) });
  return (await services.db.query.customers.findFirst({ where: eq(customers.id, member!.customerId ?? -1) }))!;
};

/** A fresh seller who named a new company on the chat's first question, and is back on it. */
async function sellerWithOwnCompany(name: string) {
  const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
  const cookie = await app.cookieFor(seller);
  expect((await post(cookie, { intent: "answer", step: "company", customerName: name, website: "" })).status).toBe(302);
  expect((await post(cookie, { intent: "back", step: "businessType" })).status).toBe(302);
  expect((await page(cookie)).step.key).toBe("company");
  return { seller, cookie, company: await companyOf(seller.id) };
}

describe("renaming the company a member's chat made", () => {
  it("answers a rename to another customer's name (any case) or website as any rename, so a member cannot test which companies are customers; the company keeps its own and admins are told", async () => {
    const [other] = await services.db.insert(customers).values({ name: "Harbor Point Lending", customerType: "seller", website: "https://harbor-point.test", websiteDomain: "harbor-point.test" }).returning();
    for (const [i, change] of [{ customerName: "harbor point LENDING", website: "" }, { customerName: "Quiet Creek Credit", website: "https://www.harbor-point.test/about" }].entries()) {
      const { seller, cookie, company } = await sellerWithOwnCompany(`Quiet Creek Loans ${i}`);
      // the same answer as a free name's: on to the next question
      const answer = await post(cookie, { intent: "answer", step: "company", ...change });
      expect(answer.status).toBe(302);
      expect((await page(cookie)).step.key).toBe("businessType");
      expect(await companyOf(seller.id)).toMatchObject({ id: company.id, name: `Quiet Creek Loans ${i}`, websiteDomain: null });
      expect((await services.db.query.users.findFirst({ where: eq(users.id, seller.id) }))!.company).toBe(`Quiet Creek Loans ${i}`);
      const lead = await services.db.query.leads.findFirst({ where: eq(leads.email, seller.email) });
      expect(lead).toMatchObject({ source: "onboarding", status: "open", company: change.customerName });
      expect(lead!.notes).toContain(`Harbor Point Lending (customer ${other!.id})`);
      // from then on our team changes the name: a next try is no second question to the table
      await post(cookie, { intent: "back", step: "businessType" });
      const again = await post(cookie, { intent: "answer", step: "company", customerName: "Quiet Creek Other", website: "" });
      expect(again.status).toBe(409);
      expect(JSON.stringify(await again.json())).toContain("Our team is checking your company's name and website.");
      expect((await companyOf(seller.id)).name).toBe(`Quiet Creek Loans ${i}`);
    }
    expect((await services.db.query.customers.findFirst({ where: eq(customers.id, other!.id) }))!.name).toBe("Harbor Point Lending");
  });

  it("still lets the member rename their company to its own name in another case or a name nobody has", async () => {
    const { seller, cookie } = await sellerWithOwnCompany("Still Creek Loans");
    expect((await post(cookie, { intent: "answer", step: "company", customerName: "Still Creek LOANS", website: "" })).status).toBe(302);
    expect((await companyOf(seller.id)).name).toBe("Still Creek LOANS");
    await post(cookie, { intent: "back", step: "businessType" });
    expect((await post(cookie, { intent: "answer", step: "company", customerName: "Still Creek Credit", website: "" })).status).toBe(302);
    expect((await companyOf(seller.id)).name).toBe("Still Creek Credit");
  });

  it("gives a name two members rename their companies to at once to one of them; the other moves on too, keeping its name", async () => {
    const members = [await sellerWithOwnCompany("Twin Rename One"), await sellerWithOwnCompany("Twin Rename Two")];
    const answers = await Promise.all(members.map(({ cookie }) => post(cookie, { intent: "answer", step: "company", customerName: "Twin Rename Landing", website: "" })));
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(await services.db.select().from(customers).where(eq(customers.name, "Twin Rename Landing"))).toHaveLength(1);
    const names = await Promise.all(members.map(async ({ seller }) => (await companyOf(seller.id)).name));
    expect(names.filter((name) => name === "Twin Rename Landing")).toHaveLength(1);
    expect(names.find((name) => name !== "Twin Rename Landing")).toMatch(/^Twin Rename (One|Two)$/);
  });

  it("keeps the name and website of a company an admin verified: the member is told to contact us, and may go on with them as they are", async () => {
    for (const status of ["verified", "active"] as const) {
      const { seller, cookie, company } = await sellerWithOwnCompany(`Checked Fund ${status}`);
      await services.db.update(customers).set({ onboardingStatus: status }).where(eq(customers.id, company.id));
      expect((await page(cookie)).companyKept).toBe(`Checked Fund ${status}`);
      for (const change of [{ customerName: `Renamed Fund ${status}`, website: "" }, { customerName: `Checked Fund ${status}`, website: `https://renamed-${status}.test` }]) {
        const answer = await post(cookie, { intent: "answer", step: "company", ...change });
        expect(answer.status).toBe(409);
        expect(JSON.stringify(await answer.json())).toContain(`Your company is verified as Checked Fund ${status}`);
        expect(await companyOf(seller.id)).toMatchObject({ name: `Checked Fund ${status}`, website: "", websiteDomain: null });
      }
      // the same answer moves on
      expect((await post(cookie, { intent: "answer", step: "company", customerName: `Checked Fund ${status}`, website: "" })).status).toBe(302);
      expect((await page(cookie)).step.key).toBe("businessType");
    }
  });
});

describe("an empty answer to an optional question", () => {
  const BUYERS = "/on-board/buyers";
  const postAs = (cookie: string, fields: Record<string, string>) => responseOf(action({ request: postRequest(BUYERS, cookie, fields), context, params: {} }));
  const pageAs = async (cookie: string) => await (await sent(loader({ request: getRequest(BUYERS, cookie), context, params: {} }))).json();

  it("moves on as Skip does, on every optional step (choices and the last step's text), to the end of the chat", async () => {
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(buyer);
    expect((await postAs(cookie, { intent: "answer", step: "company", customerName: "Empty Next Capital", website: "" })).status).toBe(302);
    let page = await pageAs(cookie);
    const skipped: string[] = [];
    while (!page.completed) {
      const { key } = page.step;
      const answer = await postAs(cookie, { intent: "answer", step: key, [key]: key === "investmentCriteria" ? "   " : "" });
      expect([key, answer.status]).toEqual([key, 302]);
      skipped.push(key);
      page = await pageAs(cookie);
    }
    expect(skipped).toEqual(["businessType", "buyerType", "investmentPref", "transactionPref", "industryPreferences", "borrowerLocationPreferences", "statePreferences", "transactionScalePreferences", "performingLoanPreference", "investmentCriteria"]);
    expect(page.conversation.slice(1).map((t: { step: string; answer: string; skipped?: boolean }) => [t.step, t.answer, t.skipped])).toEqual(skipped.map((key) => [key, "Skipped", true]));
  });

  it("is still refused on the company question, which cannot be skipped", async () => {
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(buyer);
    const answer = await postAs(cookie, { intent: "answer", step: "company", customerName: "", website: "" });
    expect(answer.status).toBe(400);
    expect((await pageAs(cookie)).step.key).toBe("company");
  });
});
