/**
 * Real-estate valuation, pure: net operating income from rent, vacancy and expenses,
 * a value range by direct capitalisation, and the debt's LTV and DSCR. Percentages are
 * given as percent (7.5 means 7.5%), amounts in USD per year.
 */

export type ValuationInputs = {
  /** Gross potential rent, USD a year. */
  rent: number;
  /** Vacancy and credit loss, percent of the rent. */
  vacancy: number;
  /** Operating expenses, USD a year. */
  expenses: number;
  /** Market cap rate, percent. */
  capRate: number;
  /** Either side of the cap rate for the value range, basis points. */
  spread: number;
  /** The debt's balance, USD. */
  loan: number;
  /** The debt's interest rate, percent a year. */
  rate: number;
  /** Years the debt amortises over, monthly payments; 0 for interest only. */
  amortization: number;
};

/** The system data row for the property's type and region (percent). */
export type MarketAssumptions = { capRate: number; vacancy: number; expenseRatio: number };

/** What the listing stores that valuation reads (any may be missing). */
export type StoredProperty = { noi?: number | null; occupancy?: number | null; loanAmount?: number | null; waInterest?: number | null };

export const DEFAULT_SPREAD_BP = 50;
export const DEFAULT_AMORTIZATION_YEARS = 30;
/** Used only when system data has no row for the type: a middle-of-the-market guess. */
export const FALLBACK_MARKET: MarketAssumptions = { capRate: 7, vacancy: 8, expenseRatio: 35 };
/** The lowest cap rate the high end of a range is computed at, so that a wide spread never divides by zero. */
const MIN_CAP_RATE = 0.25;

export type Valuation = {
  effectiveGrossIncome: number;
  noi: number;
  value: { low: number; mid: number; high: number };
  /** Annual principal and interest. */
  debtService: number;
  /** Loan to (mid) value, percent; null without a positive value. */
  ltv: number | null;
  /** NOI over debt service; null without debt service. */
  dscr: number | null;
};

const round = (n: number) => Math.round(n);

/** Annual payment on a loan: level monthly payments over the years, or interest only for 0 years. */
export function annualDebtService(loan: number, ratePercent: number, years: number) {
  if (loan <= 0) return 0;
  const monthly = ratePercent / 100 / 12;
  if (years <= 0) return loan * (ratePercent / 100);
  const n = years * 12;
  if (monthly === 0) return loan / years;
  return ((loan * monthly) / (1 - Math.pow(1 + monthly, -n))) * 12;
}

export function valueProperty(i: ValuationInputs): Valuation {
  const effectiveGrossIncome = i.rent * (1 - i.vacancy / 100);
  // in whole dollars, as it is shown: the value is then the shown NOI over the cap rate
  const noi = round(effectiveGrossIncome - i.expenses);
  const at = (cap: number) => (noi > 0 ? noi / (Math.max(cap, MIN_CAP_RATE) / 100) : 0);
  const spread = i.spread / 100;
  const value = { low: round(at(i.capRate + spread)), mid: round(at(i.capRate)), high: round(at(i.capRate - spread)) };
  const debtService = annualDebtService(i.loan, i.rate, i.amortization);
  return {
    effectiveGrossIncome: round(effectiveGrossIncome),
    noi,
    value,
    debtService: round(debtService),
    ltv: value.mid > 0 && i.loan > 0 ? (i.loan / value.mid) * 100 : null,
    dscr: debtService > 0 ? noi / debtService : null,
  };
}

/**
 * The inputs before anyone edits them. The listing stores its NOI and occupancy but
 * not the rent or expenses, so those are backed out of the stored NOI with the
 * market's expense ratio: the defaults reproduce the seller's NOI exactly.
 */
export function defaultInputs(property: StoredProperty, market: MarketAssumptions | null): ValuationInputs {
  const m = market ?? FALLBACK_MARKET;
  const vacancy = property.occupancy != null && property.occupancy >= 0 && property.occupancy <= 100 ? round2(100 - property.occupancy) : m.vacancy;
  const noi = property.noi != null && property.noi > 0 ? property.noi : 0;
  const kept = (1 - vacancy / 100) * (1 - m.expenseRatio / 100);
  const rent = kept > 0 ? round(noi / kept) : 0;
  // a loss the listing states (expenses past the income) is kept as one, not shown as an NOI of $0
  const loss = property.noi != null && property.noi < 0 ? -property.noi : 0;
  const expenses = round(rent * (1 - vacancy / 100) * (m.expenseRatio / 100)) + loss;
  return {
    rent,
    vacancy,
    expenses,
    capRate: m.capRate,
    spread: DEFAULT_SPREAD_BP,
    loan: property.loanAmount != null && property.loanAmount > 0 ? property.loanAmount : 0,
    rate: property.waInterest ?? 0,
    amortization: DEFAULT_AMORTIZATION_YEARS,
  };
}

function round2(n: number) {
  return Math.round(n * 100) / 100;
}

/** The inputs that differ from the defaults: what a shareable link needs. */
export function changedInputs(inputs: ValuationInputs, defaults: ValuationInputs): Partial<ValuationInputs> {
  return Object.fromEntries(Object.entries(inputs).filter(([k, v]) => defaults[k as keyof ValuationInputs] !== v)) as Partial<ValuationInputs>;
}
