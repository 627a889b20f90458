import { describe, expect, it } from "vitest";
import { annualDebtService, defaultInputs, valueProperty, type ValuationInputs } from "./real-estate-valuation";

const inputs: ValuationInputs = { rent: 1_000_000, vacancy: 10, expenses: 300_000, capRate: 6, spread: 50, loan: 4_000_000, rate: 6, amortization: 0 };

describe("valueProperty", () => {
  it("takes vacancy off the rent and expenses off what is left", () => {
    const v = valueProperty(inputs);
    expect(v.effectiveGrossIncome).toBe(900_000);
    expect(v.noi).toBe(600_000);
  });

  it("capitalises NOI at the cap rate, its range at the rate ± the spread", () => {
    const v = valueProperty(inputs);
    expect(v.value).toEqual({ low: Math.round(600_000 / 0.065), mid: 10_000_000, high: Math.round(600_000 / 0.055) });
  });

  it("gives LTV on the mid value and DSCR on the debt service", () => {
    const v = valueProperty(inputs);
    expect(v.debtService).toBe(240_000);
    expect(v.ltv).toBeCloseTo(40);
    expect(v.dscr).toBeCloseTo(2.5);
  });

  it("has no value, LTV or DSCR without income or debt", () => {
    const v = valueProperty({ ...inputs, rent: 100, loan: 0 });
    expect(v.value.mid).toBe(0);
    expect(v.ltv).toBeNull();
    expect(v.dscr).toBeNull();
  });

  it("never divides by a zero cap rate at the high end", () => {
    expect(Number.isFinite(valueProperty({ ...inputs, capRate: 0.3, spread: 100 }).value.high)).toBe(true);
  });
});

describe("annualDebtService", () => {
  it("pays a level monthly amount that retires the loan", () => {
    // $1m at 6% over 30 years: $5,995.51 a month
    expect(annualDebtService(1_000_000, 6, 30)).toBeCloseTo(5995.51 * 12, 0);
  });
  it("pays interest only over 0 years and principal only at 0%", () => {
    expect(annualDebtService(1_000_000, 5, 0)).toBe(50_000);
    expect(annualDebtService(1_200_000, 0, 10)).toBe(120_000);
  });
});

describe("defaultInputs", () => {
  it("backs rent and expenses out of the stored NOI, so the defaults give the seller's NOI", () => {
    const d = defaultInputs({ noi: 500_000, occupancy: 92, loanAmount: 3_000_000, waInterest: 5.5 }, { capRate: 6.5, vacancy: 5, expenseRatio: 40 });
    expect(d.vacancy).toBe(8);
    expect(d.capRate).toBe(6.5);
    expect(d.loan).toBe(3_000_000);
    expect(Math.abs(valueProperty(d).noi - 500_000)).toBeLessThanOrEqual(1);
  });

  it("takes vacancy from the market when the listing has no occupancy, and a fallback without a market row", () => {
    expect(defaultInputs({ noi: 100 }, { capRate: 6, vacancy: 12, expenseRatio: 30 }).vacancy).toBe(12);
    expect(defaultInputs({}, null)).toMatchObject({ rent: 0, capRate: 7, loan: 0 });
    // a stated loss stays a loss: its NOI, and a DSCR below zero, not $0
    const losing = defaultInputs({ noi: -1_000, loanAmount: 100_000, waInterest: 6 }, null);
    expect(valueProperty(losing).noi).toBe(-1_000);
    expect(valueProperty(losing).dscr).toBeLessThan(0);
    expect(valueProperty(losing).value.mid).toBe(0);
  });
});
