import { describe, expect, it } from "vitest";
import {
  cashFlows,
  curveRate,
  defaultAssumptions,
  dscrBand,
  ltvBand,
  monthlyRate,
  monthsBetween,
  poolTotals,
  priceLoan,
  spreadFor,
  valueLoan,
  weightedAverageLife,
  type Coefficient,
  type Loan,
} from "./loan-pricing";

const NONE = { cpr: 0, cdr: 0, severity: 0 };
const level30: Loan = { balance: 100_000, noteRate: 6, termMonths: 360, amortization: "level" };
const io60: Loan = { balance: 100_000, noteRate: 6, termMonths: 60, amortization: "interestOnly" };

describe("known answers", () => {
  it("prices a 30-year level 6 % loan at 100.00, 90.12 and 111.69 at 6, 7 and 5 %", () => {
    expect(valueLoan(level30, NONE, 6).price).toBe(100);
    expect(valueLoan(level30, NONE, 7).price).toBe(90.12);
    expect(valueLoan(level30, NONE, 5).price).toBe(111.69);
  });

  it("prices a 60-month interest-only 6 % loan at 95.79 at 7 %", () => {
    expect(valueLoan(io60, NONE, 7).price).toBe(95.79);
  });

  it("prices any loan at par when it is discounted at its own note rate", () => {
    const balloon: Loan = { balance: 250_000, noteRate: 7.5, termMonths: 360, amortization: "balloon", balloonMonths: 120 };
    expect(valueLoan(balloon, NONE, 7.5).price).toBe(100);
    expect(valueLoan(io60, { cpr: 10, cdr: 0, severity: 0 }, 6).price).toBe(100);
  });
});

describe("cash flows", () => {
  it("pays an interest-only loan's balance at maturity and a balloon's at the balloon month", () => {
    const io = cashFlows(io60, NONE);
    expect(io).toHaveLength(60);
    expect(io[59]!.scheduledPrincipal).toBeCloseTo(100_000, 6);
    const balloon = cashFlows({ ...level30, amortization: "balloon", balloonMonths: 84 }, NONE);
    expect(balloon).toHaveLength(84);
    expect(balloon[83]!.balance).toBe(0);
    expect(balloon[83]!.scheduledPrincipal).toBeGreaterThan(80_000);
  });

  it("turns an annual CPR into the monthly rate that compounds to it", () => {
    expect(monthlyRate(0.1)).toBeCloseTo(1 - Math.pow(0.9, 1 / 12), 12);
    expect(1 - Math.pow(1 - monthlyRate(0.06), 12)).toBeCloseTo(0.06, 12);
    const flows = cashFlows(io60, { cpr: 12, cdr: 0, severity: 0 });
    expect(flows[0]!.prepayment).toBeCloseTo(100_000 * monthlyRate(0.12), 6);
    // a year of prepayment at 12 % CPR leaves 88 % of an interest-only balance
    expect(flows[11]!.balance).toBeCloseTo(88_000, 6);
  });

  it("loses the severity of what defaults and recovers the rest in the same month", () => {
    const flows = cashFlows(io60, { cpr: 0, cdr: 24, severity: 40 });
    const first = flows[0]!;
    expect(first.defaulted).toBeCloseTo(100_000 * monthlyRate(0.24), 6);
    expect(first.loss).toBeCloseTo(first.defaulted * 0.4, 6);
    expect(first.recovery).toBeCloseTo(first.defaulted * 0.6, 6);
    expect(first.interest).toBeCloseTo((100_000 - first.defaulted) * 0.005, 6);
    expect(flows[11]!.balance).toBeCloseTo(76_000, 6);
  });

  it("prepayment shortens the life and defaults cost money", () => {
    const slow = weightedAverageLife(cashFlows(level30, NONE));
    const fast = weightedAverageLife(cashFlows(level30, { cpr: 10, cdr: 0, severity: 0 }));
    expect(fast).toBeLessThan(slow);
    expect(valueLoan(level30, { cpr: 0, cdr: 5, severity: 40 }, 6).price).toBeLessThan(100);
    expect(valueLoan(io60, NONE, 6).wal).toBe(5);
  });

  it("duration of a bullet is about its life, less for an amortizing loan", () => {
    const bullet = valueLoan(io60, NONE, 6);
    expect(bullet.modifiedDuration).toBeGreaterThan(4);
    expect(bullet.modifiedDuration).toBeLessThan(5);
    expect(valueLoan(level30, NONE, 6).modifiedDuration).toBeLessThan(12);
  });
});

describe("the curve", () => {
  const curve = [
    { tenorMonths: 12, rate: 4 },
    { tenorMonths: 1, rate: 5 },
    { tenorMonths: 120, rate: 4.6 },
  ];
  it("interpolates linearly between tenors, whatever order the points come in", () => {
    expect(curveRate(curve, 12)).toBe(4);
    expect(curveRate(curve, 66)).toBeCloseTo(4.3, 12);
    expect(curveRate(curve, 6.5)).toBeCloseTo(4.5, 12);
  });
  it("is flat beyond its ends, and has no rate without points", () => {
    expect(curveRate(curve, 0)).toBe(5);
    expect(curveRate(curve, 360)).toBe(4.6);
    expect(curveRate([], 12)).toBeNull();
  });
});

describe("spread and defaults from the coefficients", () => {
  const coefficients: Coefficient[] = [
    { dimension: "loanStatus", band: "Performing", value: 200 },
    { dimension: "loanStatus", band: "Non-Performing", value: 800 },
    { dimension: "propertyType", band: "Office", value: 75 },
    { dimension: "collateral", band: "Unsecured", value: 150 },
    { dimension: "collateral", band: "Secured", value: 0 },
    { dimension: "ltvBand", band: "70-80", value: 40 },
    { dimension: "dscrBand", band: "1.00-1.25", value: 30 },
    { dimension: "cpr", band: "Performing", value: 8 },
    { dimension: "cdr", band: "Performing", value: 1 },
    { dimension: "severity", band: "Performing", value: 35 },
  ];
  it("adds one coefficient per dimension that applies", () => {
    expect(spreadFor({ loanStatus: "Performing", propertyType: "Office", secured: true, ltv: 75, dscr: 1.2 }, coefficients).bps).toBe(345);
    expect(spreadFor({ loanStatus: "Non-Performing", secured: false }, coefficients).bps).toBe(950);
  });
  it("puts values on a band's bound in the lower band", () => {
    expect(ltvBand(60)).toBe("Up to 60");
    expect(ltvBand(80)).toBe("70-80");
    expect(ltvBand(95)).toBe("Above 90");
    expect(dscrBand(0.9)).toBe("Below 1.00");
    expect(dscrBand(1.25)).toBe("1.00-1.25");
    expect(dscrBand(2)).toBe("Above 1.50");
  });
  it("reads the default CPR, CDR and severity of a loan status", () => {
    expect(defaultAssumptions("Performing", coefficients)).toEqual({ cpr: 8, cdr: 1, severity: 35 });
    expect(defaultAssumptions("Non-Performing", coefficients)).toEqual({ cpr: 0, cdr: 0, severity: 0 });
  });
  it("discounts at the curve at the loan's WAL plus the spread, unless a yield is given", () => {
    const curve = [
      { tenorMonths: 1, rate: 4 },
      { tenorMonths: 360, rate: 4 },
    ];
    const input = { ...io60, loanStatus: "Performing", propertyType: "Office", secured: true, ltv: 75, dscr: 1.2, cpr: 0, cdr: 0, severity: 0 };
    const priced = priceLoan(input, curve, coefficients)!;
    expect(priced.yield).toBeCloseTo(7.45, 10);
    expect(priced.discount).toMatchObject({ given: false, tenorMonths: 60, spreadBps: 345 });
    const given = priceLoan({ ...input, yield: 7 }, [], coefficients)!;
    expect(given.price).toBe(95.79);
    expect(priceLoan(input, [], coefficients)).toBeNull();
  });
  it("fills CPR, CDR and severity left out from the loan status's defaults", () => {
    const priced = priceLoan({ ...level30, loanStatus: "Performing", secured: true, yield: 6 }, [], coefficients)!;
    expect(priced.assumptions).toEqual({ cpr: 8, cdr: 1, severity: 35 });
  });
  it("moves the price the right way in the sensitivity table", () => {
    const priced = priceLoan({ ...level30, loanStatus: "Performing", secured: true, yield: 6, cpr: 0, cdr: 0, severity: 0 }, [], coefficients)!;
    const [down, up, cprDown, cprUp, cdrDown, cdrUp] = priced.sensitivity;
    expect(down!.price).toBeGreaterThan(100);
    expect(up!.price).toBeLessThan(100);
    expect(cprDown!.assumptions.cpr).toBe(0);
    expect(cprUp!.price).toBe(100);
    expect(cdrDown!.price).toBe(100);
    expect(cdrUp!.price).toBeLessThan(100);
  });
});

describe("pools", () => {
  it("weights the totals by balance", () => {
    const totals = poolTotals([
      { balance: 300, pricing: { price: 100, yield: 6, wal: 2, modifiedDuration: 1.5 } },
      { balance: 100, pricing: { price: 80, yield: 10, wal: 6, modifiedDuration: 4 } },
    ]);
    expect(totals).toEqual({ balance: 400, price: 95, yield: 7, wal: 3, modifiedDuration: 2.13 });
  });
  it("counts the months left to a tape's maturity", () => {
    expect(monthsBetween("2026-11-23", "2031-11-23")).toBe(60);
    expect(monthsBetween("2026-11-23", "2031-11-22")).toBe(59);
    expect(monthsBetween("2026-11-23", "2020-01-01")).toBe(1);
  });
});
