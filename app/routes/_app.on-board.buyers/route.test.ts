import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The on-boarding chat's company question, as its action answers a member's form. */
const app = await bootApp("route-on-board");
const { action, loader } = await import("./route");
const { customers, users } = await import("~/.server/db/schema");
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
  it("refuses the name of another customer (any case), as naming a new company does, and keeps the name", async () => {
    const [other] = await services.db.insert(customers).values({ name: "Harbor Point Lending", customerType: "seller" }).returning();
    const { seller, cookie, company } = await sellerWithOwnCompany("Quiet Creek Loans");
    const answer = await post(cookie, { intent: "answer", step: "company", customerName: "harbor point LENDING", website: "" });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(await answer.json())).toContain("Another company on the marketplace has this name.");
    expect(await companyOf(seller.id)).toMatchObject({ id: company.id, name: "Quiet Creek Loans" });
    expect((await services.db.query.users.findFirst({ where: eq(users.id, seller.id) }))!.company).toBe("Quiet Creek Loans");
    expect((await page(cookie)).step.key).toBe("company");
    expect((await services.db.query.customers.findFirst({ where: eq(customers.id, other!.id) }))!.name).toBe("Harbor Point Lending");
    // its own name in another case, or a new name nobody has, is still the member's to write
    expect((await post(cookie, { intent: "answer", step: "company", customerName: "Quiet Creek LOANS", website: "" })).status).toBe(302);
    expect((await companyOf(seller.id)).name).toBe("Quiet Creek LOANS");
    await post(cookie, { intent: "back", step: "businessType" });
    expect((await post(cookie, { intent: "answer", step: "company", customerName: "Quiet Creek Credit", website: "" })).status).toBe(302);
    expect((await companyOf(seller.id)).name).toBe("Quiet Creek Credit");
  });

  it("gives a name two members rename their companies to at once to one of them, the other answered 409 as a name taken", async () => {
    const members = [await sellerWithOwnCompany("Twin Rename One"), await sellerWithOwnCompany("Twin Rename Two")];
    const answers = await Promise.all(members.map(({ cookie }) => post(cookie, { intent: "answer", step: "company", customerName: "Twin Rename Landing", website: "" })));
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(JSON.stringify(await answers.find((a) => a.status === 409)!.json())).toContain("Another company on the marketplace has this name.");
    expect(await services.db.select().from(customers).where(eq(customers.name, "Twin Rename Landing"))).toHaveLength(1);
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
