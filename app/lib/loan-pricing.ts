/**
 * Loan pricing (issue #15): a monthly cash-flow engine, the benchmark curve and the
 * spread from the coefficients. Conventions (docs/decisions/018): every rate is an
 * annual rate compounded monthly (30/360: twelve equal months), CPR and CDR are
 * annual rates turned into monthly ones, defaults are taken at the start of a month
 * and recovered in the same month at (1 − severity).
 */

export const AMORTIZATIONS = ["level", "interestOnly", "balloon"] as const;
export type Amortization = (typeof AMORTIZATIONS)[number];
export const AMORTIZATION_LABELS: Record<Amortization, string> = {
  level: "Level payment",
  interestOnly: "Interest only",
  balloon: "Balloon",
};

export const LOAN_STATUSES = ["Performing", "Non-Performing"] as const;

/** The longest loan the engine prices (the curve's last tenor). */
export const MAX_TERM_MONTHS = 360;

export type Loan = {
  balance: number;
  /** Percent a year. */
  noteRate: number;
  termMonths: number;
  amortization: Amortization;
  /** With balloon: the month the remaining balance falls due (the schedule amortizes over termMonths). */
  balloonMonths?: number | null;
};

/** Percent a year (CPR, CDR) and percent of the defaulted balance (severity). */
export type Assumptions = { cpr: number; cdr: number; severity: number };

export type CashFlowMonth = {
  month: number;
  balance: number;
  interest: number;
  scheduledPrincipal: number;
  prepayment: number;
  defaulted: number;
  recovery: number;
  loss: number;
  cashFlow: number;
};

/** An annual rate (a fraction) as the monthly rate that compounds to it: 1 − (1 − annual)^(1/12). */
export const monthlyRate = (annual: number) => (annual >= 1 ? 1 : 1 - Math.pow(1 - Math.max(0, annual), 1 / 12));

/**
 * The level payment per unit of balance that pays it off in k months at the monthly
 * rate `r`, for k = 0..months (index k): worked out once a loan, not once a month.
 */
function paymentFactors(r: number, months: number) {
  const factors = new Float64Array(months + 1);
  factors[0] = 1;
  let discount = 1;
  for (let k = 1; k <= months; k++) {
    discount /= 1 + r;
    factors[k] = r === 0 ? 1 / k : r / (1 - discount);
  }
  return factors;
}

/** The loan's monthly cash flows under the assumptions, until the balance is paid or falls due. */
export function cashFlows(loan: Loan, assumptions: Assumptions): CashFlowMonth[] {
  const r = loan.noteRate / 100 / 12;
  const smm = monthlyRate(assumptions.cpr / 100);
  const mdr = monthlyRate(assumptions.cdr / 100);
  const severity = Math.min(Math.max(assumptions.severity / 100, 0), 1);
  const maturity = loan.amortization === "balloon" && loan.balloonMonths ? Math.min(loan.balloonMonths, loan.termMonths) : loan.termMonths;
  const factors = paymentFactors(r, loan.termMonths);
  const months: CashFlowMonth[] = [];
  let balance = loan.balance;
  for (let month = 1; month <= maturity && balance > 1e-9; month++) {
    const defaulted = balance * mdr;
    const recovery = defaulted * (1 - severity);
    const performing = balance - defaulted;
    const interest = performing * r;
    let scheduled =
      loan.amortization === "interestOnly" ? 0 : Math.min(performing, performing * factors[Math.max(0, loan.termMonths - month + 1)]! - interest);
    if (month === maturity) scheduled = performing;
    const prepayment = (performing - scheduled) * smm;
    balance = performing - scheduled - prepayment;
    months.push({
      month,
      balance,
      interest,
      scheduledPrincipal: scheduled,
      prepayment,
      defaulted,
      recovery,
      loss: defaulted - recovery,
      cashFlow: interest + scheduled + prepayment + recovery,
    });
  }
  return months;
}

const round = (n: number, places: number) => {
  const f = 10 ** places;
  // nudged so that 111.685 computed as 111.68499999 still rounds as written
  return Math.round((n + Math.sign(n) * 1e-9) * f) / f;
};

/** Present value of the flows at `yieldPct` (annual percent, compounded monthly). */
function presentValue(flows: readonly CashFlowMonth[], yieldPct: number) {
  const v = 1 / (1 + yieldPct / 100 / 12);
  let pv = 0;
  let timed = 0;
  let discount = 1;
  for (const f of flows) {
    discount *= v;
    pv += f.cashFlow * discount;
    timed += (f.month / 12) * f.cashFlow * discount;
  }
  return { pv, timed };
}

/** Weighted average life in years: the time the balance is repaid (paid, prepaid or defaulted), weighted by the amount. */
export function weightedAverageLife(flows: readonly CashFlowMonth[]) {
  let total = 0;
  let timed = 0;
  for (const f of flows) {
    const principal = f.scheduledPrincipal + f.prepayment + f.defaulted;
    total += principal;
    timed += (f.month / 12) * principal;
  }
  return total > 0 ? timed / total : 0;
}

export type Valuation = {
  /** Percent of par, two decimals. */
  price: number;
  /** The discount rate, annual percent compounded monthly. */
  yield: number;
  /** Years. */
  wal: number;
  /** Years: Macaulay duration over (1 + y/12). */
  modifiedDuration: number;
  flows: CashFlowMonth[];
};

/** Price, WAL and duration of a loan discounted at `yieldPct`. */
export function valueLoan(loan: Loan, assumptions: Assumptions, yieldPct: number): Valuation {
  return valueFlows(loan.balance, cashFlows(loan, assumptions), yieldPct);
}

/** The same for flows already worked out (a yield shock needs no new flows). */
function valueFlows(balance: number, flows: CashFlowMonth[], yieldPct: number): Valuation {
  const { pv, timed } = presentValue(flows, yieldPct);
  const macaulay = pv > 0 ? timed / pv : 0;
  return {
    price: balance > 0 ? round((100 * pv) / balance, 2) : 0,
    yield: yieldPct,
    wal: round(weightedAverageLife(flows), 2),
    modifiedDuration: round(macaulay / (1 + yieldPct / 100 / 12), 2),
    flows,
  };
}

/** "3 months", "10 years": tenors as a desk names them. */
export const tenorLabel = (months: number) => (months % 12 === 0 ? `${months / 12} year${months === 12 ? "" : "s"}` : `${months} month${months === 1 ? "" : "s"}`);

/** One point of the benchmark curve: tenor in months, rate in percent. */
export type CurvePoint = { tenorMonths: number; rate: number };

/** The curve's rate at a tenor: linear between points, flat beyond the first and last. Null for an empty curve. */
export function curveRate(curve: readonly CurvePoint[], tenorMonths: number): number | null {
  if (curve.length === 0) return null;
  const points = [...curve].sort((a, b) => a.tenorMonths - b.tenorMonths);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (tenorMonths <= first.tenorMonths) return first.rate;
  if (tenorMonths >= last.tenorMonths) return last.rate;
  for (let i = 1; i < points.length; i++) {
    const hi = points[i]!;
    if (tenorMonths <= hi.tenorMonths) {
      const lo = points[i - 1]!;
      const t = (tenorMonths - lo.tenorMonths) / (hi.tenorMonths - lo.tenorMonths);
      return lo.rate + t * (hi.rate - lo.rate);
    }
  }
  return last.rate;
}

/** What a loan is, for the spread: each dimension's band. */
export const SPREAD_DIMENSIONS = ["loanStatus", "propertyType", "collateral", "ltvBand", "dscrBand", "seasoning"] as const;
export type SpreadDimension = (typeof SPREAD_DIMENSIONS)[number];
/** The default assumptions, by loan status (percent). */
export const DEFAULT_DIMENSIONS = ["cpr", "cdr", "severity"] as const;
export type DefaultDimension = (typeof DEFAULT_DIMENSIONS)[number];
export const COEFFICIENT_DIMENSIONS = [...SPREAD_DIMENSIONS, ...DEFAULT_DIMENSIONS] as const;
export type CoefficientDimension = (typeof COEFFICIENT_DIMENSIONS)[number];
export const DIMENSION_LABELS: Record<CoefficientDimension, string> = {
  loanStatus: "Spread by loan status (bp)",
  propertyType: "Spread by property type (bp)",
  collateral: "Spread by collateral (bp)",
  ltvBand: "Spread by LTV band (bp)",
  dscrBand: "Spread by DSCR band (bp)",
  seasoning: "Spread by seasoning (bp)",
  cpr: "Default CPR by loan status (%)",
  cdr: "Default CDR by loan status (%)",
  severity: "Default loss severity by loan status (%)",
};

export const COLLATERAL_BANDS = ["Secured", "Unsecured"] as const;
/** Bands by their upper bound (a value on a bound falls in the lower band). */
export const LTV_BANDS = [
  { band: "Up to 60", max: 60 },
  { band: "60-70", max: 70 },
  { band: "70-80", max: 80 },
  { band: "80-90", max: 90 },
  { band: "Above 90", max: Infinity },
] as const;
export const DSCR_BANDS = [
  { band: "Below 1.00", max: 1 },
  { band: "1.00-1.25", max: 1.25 },
  { band: "1.25-1.50", max: 1.5 },
  { band: "Above 1.50", max: Infinity },
] as const;
/** Months since origination. */
export const SEASONING_BANDS = [
  { band: "Up to 12 months", max: 12 },
  { band: "12-36 months", max: 36 },
  { band: "Above 36 months", max: Infinity },
] as const;

const bandOf = (bands: ReadonlyArray<{ band: string; max: number }>, value: number) => bands.find((b) => value <= b.max)!.band;
export const ltvBand = (ltv: number) => bandOf(LTV_BANDS, ltv);
export const dscrBand = (dscr: number) => (dscr < 1 ? DSCR_BANDS[0].band : bandOf(DSCR_BANDS.slice(1), dscr));
export const seasoningBand = (months: number) => bandOf(SEASONING_BANDS, months);

/** The bands a dimension's coefficients may name (property types come from the content lists). */
export function bandsOf(dimension: CoefficientDimension, propertyTypes: readonly string[]): readonly string[] {
  switch (dimension) {
    case "propertyType":
      return propertyTypes;
    case "collateral":
      return COLLATERAL_BANDS;
    case "ltvBand":
      return LTV_BANDS.map((b) => b.band);
    case "dscrBand":
      return DSCR_BANDS.map((b) => b.band);
    case "seasoning":
      return SEASONING_BANDS.map((b) => b.band);
    default:
      return LOAN_STATUSES;
  }
}

export type Coefficient = { dimension: CoefficientDimension; band: string; value: number };

/** What the spread is read from; an unknown value (no DSCR, no seasoning) adds nothing. */
export type LoanProfile = {
  loanStatus: string;
  propertyType?: string | null;
  secured: boolean;
  ltv?: number | null;
  dscr?: number | null;
  seasoningMonths?: number | null;
};

/** The spread in basis points, one coefficient per dimension that applies, and which ones did. */
export function spreadFor(profile: LoanProfile, coefficients: readonly Coefficient[]) {
  const bands: Partial<Record<SpreadDimension, string>> = {
    loanStatus: profile.loanStatus,
    propertyType: profile.propertyType || undefined,
    collateral: profile.secured ? "Secured" : "Unsecured",
    ltvBand: profile.ltv == null ? undefined : ltvBand(profile.ltv),
    dscrBand: profile.dscr == null ? undefined : dscrBand(profile.dscr),
    seasoning: profile.seasoningMonths == null ? undefined : seasoningBand(profile.seasoningMonths),
  };
  const parts: Coefficient[] = [];
  for (const dimension of SPREAD_DIMENSIONS) {
    const band = bands[dimension];
    const found = band === undefined ? undefined : coefficients.find((c) => c.dimension === dimension && c.band === band);
    if (found) parts.push(found);
  }
  return { bps: parts.reduce((sum, c) => sum + c.value, 0), parts };
}

/** The default CPR, CDR and severity for a loan status (0 where no coefficient says otherwise). */
export function defaultAssumptions(loanStatus: string, coefficients: readonly Coefficient[]): Assumptions {
  const of = (dimension: DefaultDimension) => coefficients.find((c) => c.dimension === dimension && c.band === loanStatus)?.value ?? 0;
  return { cpr: of("cpr"), cdr: of("cdr"), severity: of("severity") };
}

export type PricingInput = Loan & LoanProfile & Partial<Assumptions> & { yield?: number | null };

export type Scenario = { label: string; yield: number; assumptions: Assumptions; price: number; change: number };

export type Pricing = Valuation & {
  assumptions: Assumptions;
  /** How the discount rate was found: the given yield, or the curve at the WAL plus the spread. */
  discount: { given: true } | { given: false; tenorMonths: number; curveRate: number; spreadBps: number; parts: Coefficient[] };
  sensitivity: Scenario[];
};

const SHOCK_BP = 100;
const CPR_SHOCK = 5;
const CDR_SHOCK = 2;

/**
 * Prices one loan: at the given yield, or at the benchmark curve read at the loan's
 * WAL (which does not depend on the discount rate) plus the spread from the
 * coefficients. Returns null when neither a yield nor a curve is there.
 */
export function priceLoan(input: PricingInput, curve: readonly CurvePoint[], coefficients: readonly Coefficient[]): Pricing | null {
  const defaults = defaultAssumptions(input.loanStatus, coefficients);
  const assumptions: Assumptions = {
    cpr: input.cpr ?? defaults.cpr,
    cdr: input.cdr ?? defaults.cdr,
    severity: input.severity ?? defaults.severity,
  };
  const flows = cashFlows(input, assumptions);
  let discount: Pricing["discount"];
  let yieldPct: number;
  if (input.yield != null) {
    yieldPct = input.yield;
    discount = { given: true };
  } else {
    const wal = weightedAverageLife(flows);
    const tenorMonths = Math.max(1, Math.round(wal * 12)) || input.termMonths;
    const base = curveRate(curve, tenorMonths);
    if (base === null) return null;
    const spread = spreadFor(input, coefficients);
    yieldPct = round(base + spread.bps / 100, 4);
    discount = { given: false, tenorMonths, curveRate: round(base, 4), spreadBps: spread.bps, parts: spread.parts };
  }
  const valuation = valueFlows(input.balance, flows, yieldPct);
  const scenario = (label: string, y: number, a: Assumptions): Scenario => {
    const price = (a === assumptions ? valueFlows(input.balance, valuation.flows, y) : valueLoan(input, a, y)).price;
    return { label, yield: y, assumptions: a, price, change: round(price - valuation.price, 2) };
  };
  const sensitivity = [
    scenario(`Yield −${SHOCK_BP} bp`, round(yieldPct - SHOCK_BP / 100, 4), assumptions),
    scenario(`Yield +${SHOCK_BP} bp`, round(yieldPct + SHOCK_BP / 100, 4), assumptions),
    scenario(`CPR −${CPR_SHOCK} pts`, yieldPct, { ...assumptions, cpr: Math.max(0, assumptions.cpr - CPR_SHOCK) }),
    scenario(`CPR +${CPR_SHOCK} pts`, yieldPct, { ...assumptions, cpr: Math.min(100, assumptions.cpr + CPR_SHOCK) }),
    scenario(`CDR −${CDR_SHOCK} pts`, yieldPct, { ...assumptions, cdr: Math.max(0, assumptions.cdr - CDR_SHOCK) }),
    scenario(`CDR +${CDR_SHOCK} pts`, yieldPct, { ...assumptions, cdr: Math.min(100, assumptions.cdr + CDR_SHOCK) }),
  ];
  return { ...valuation, assumptions, discount, sensitivity };
}

/** Balance-weighted totals of a pool's priced loans (price, yield, WAL and duration). */
export function poolTotals(loans: ReadonlyArray<{ balance: number; pricing: Pick<Valuation, "price" | "yield" | "wal" | "modifiedDuration"> }>) {
  const balance = loans.reduce((sum, l) => sum + l.balance, 0);
  const weighted = (pick: (v: Pick<Valuation, "price" | "yield" | "wal" | "modifiedDuration">) => number, places: number) =>
    balance > 0 ? round(loans.reduce((sum, l) => sum + l.balance * pick(l.pricing), 0) / balance, places) : 0;
  return {
    balance,
    price: weighted((v) => v.price, 2),
    yield: weighted((v) => v.yield, 4),
    wal: weighted((v) => v.wal, 2),
    modifiedDuration: weighted((v) => v.modifiedDuration, 2),
  };
}

/** Months from one ISO day to another, whole months (at least 1): a tape's maturity as a remaining term. */
export function monthsBetween(from: string, to: string) {
  const a = new Date(`${from.slice(0, 10)}T00:00:00Z`);
  const b = new Date(`${to.slice(0, 10)}T00:00:00Z`);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth()) + (b.getUTCDate() >= a.getUTCDate() ? 0 : -1);
  return Math.max(1, months);
}

/** The flows a year at a time, for the chart and its table. */
export function yearlyFlows(flows: readonly CashFlowMonth[]) {
  const years: Array<{ year: number; interest: number; principal: number; recovery: number; loss: number }> = [];
  for (const f of flows) {
    const year = Math.ceil(f.month / 12);
    const y = years[year - 1] ?? (years[year - 1] = { year, interest: 0, principal: 0, recovery: 0, loss: 0 });
    y.interest += f.interest;
    y.principal += f.scheduledPrincipal + f.prepayment;
    y.recovery += f.recovery;
    y.loss += f.loss;
  }
  return years.filter(Boolean);
}

/** The query parameters of one loan, in the contract's names, as a results link carries them. */
export const LOAN_PARAMS = [
  "balance",
  "noteRate",
  "termMonths",
  "amortization",
  "balloonMonths",
  "loanStatus",
  "propertyType",
  "ltv",
  "dscr",
  "cpr",
  "cdr",
  "severity",
  "yield",
] as const;
