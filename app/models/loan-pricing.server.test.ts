import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { projects, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { seedPricingDataIfEmpty } from "~/seed/pricing-data";
import { priceOneLoan, pricePool, sellerPools } from "./loan-pricing.server";
import { replaceLoanTape } from "./loan-tapes.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let seller: User;
let other: User;
let pool: number;

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  other = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  const [row] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "draft", projectName: "Tape" }).returning();
  pool = row!.id;
  await replaceLoanTape(t.db, pool, [
    { line: 2, loanNumber: "A", balance: 300_000, interestRate: 6, maturityDate: "2036-11-23", propertyType: "Office", state: "IL", status: "Performing", ltv: 65 },
    { line: 3, loanNumber: "B", balance: 100_000, interestRate: 9, maturityDate: "2031-11-23", propertyType: "", state: "OH", status: "Non-Performing", ltv: null },
  ]);
});
afterAll(() => t.cleanup());

const NONE = { cpr: 0, cdr: 0, severity: 0 };

describe("pricing from the stored curve and coefficients", () => {
  it("needs a curve or a yield", async () => {
    const loan = { balance: 100_000, noteRate: 6, termMonths: 360, amortization: "level" as const, loanStatus: "Performing", propertyType: null, ...NONE };
    expect(await priceOneLoan(t.db, loan)).toBeNull();
    expect((await priceOneLoan(t.db, { ...loan, yield: 5 }))!.pricing.price).toBe(111.69);
    await seedPricingDataIfEmpty(t.db);
    const priced = (await priceOneLoan(t.db, loan))!;
    expect(priced.asOf).toBe("2026-11-02");
    // unsecured performing: 225 + 200 bp over the curve
    expect(priced.pricing.discount).toMatchObject({ given: false, spreadBps: 425 });
    expect(priced.demand).toEqual({ projects: 0, buyers: 0, medianResponsiveness: null });
  });

  it("prices every loan of the seller's own pool and weights the totals by balance", async () => {
    const result = await pricePool(t.db, { sellerId: seller.id, values: { projectId: pool, yield: 7, ...NONE }, today: "2026-11-23" });
    if (!result || result === "no-curve" || result === "no-tape") throw new Error("not priced");
    expect(result.loans.map((l) => [l.loanNumber, l.termMonths])).toEqual([
      ["A", 120],
      ["B", 60],
    ]);
    const [a, b] = result.loans.map((l) => l.pricing.price);
    expect(result.totals.price).toBeCloseTo((3 * a! + b!) / 4, 2);
    expect(result.totals.balance).toBe(400_000);
    expect(await pricePool(t.db, { sellerId: other.id, values: { projectId: pool } })).toBeNull();
    expect(await sellerPools(t.db, { sellerId: seller.id })).toEqual([{ id: pool, name: "Tape", status: "draft", loans: 2 }]);
    expect(await sellerPools(t.db, { sellerId: other.id })).toEqual([]);
  });

  it("reads a tape's amortization, term and DSCR where the wider tape gives them", async () => {
    const [row] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "draft", projectName: "Wide" }).returning();
    const base = { balance: 100_000, interestRate: 6, maturityDate: "2031-11-23", propertyType: "Office", state: "IL", status: "Performing", ltv: 65 };
    await replaceLoanTape(t.db, row!.id, [
      { ...base, line: 2, loanNumber: "LEVEL" },
      { ...base, line: 3, loanNumber: "IO", amortizationType: "Interest-only" },
      { ...base, line: 4, loanNumber: "BALLOON", amortizationType: "Balloon", remainingTermMonths: 300, dscr: 1.4 },
    ]);
    const result = await pricePool(t.db, { sellerId: seller.id, values: { projectId: row!.id, yield: 7, ...NONE }, today: "2026-11-23" });
    if (!result || result === "no-curve" || result === "no-tape") throw new Error("not priced");
    const [level, io, balloon] = result.loans;
    expect(level!.termMonths).toBe(60);
    expect(balloon!.termMonths).toBe(300);
    // the same 6 % note at a 7 % yield: interest-only and balloon return principal later, so they price lower than level
    expect(io!.pricing.price).toBeLessThan(level!.pricing.price);
    expect(balloon!.pricing.price).toBeLessThan(level!.pricing.price);
    expect(io!.pricing.price).toBe(95.79);
  });
});
