import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { inList } from "~/.server/db/in-list";
import { matches, projectLoans, projects } from "~/.server/db/schema";
import { projectOptions } from "~/.server/project-options";
import type { Services } from "~/.server/services";
import { AMORTIZATION_TYPES } from "~/lib/loan-tape";
import {
  MAX_TERM_MONTHS,
  monthsBetween,
  poolTotals,
  priceLoan,
  yearlyFlows,
  type CashFlowMonth,
  type Pricing,
} from "~/lib/loan-pricing";
import { VISIBLE_TO_BUYERS } from "~/lib/project-kinds";
import { loanPricingSchema, poolPricingSchema, type LoanPricingValues, type PoolPricingValues, type PricingOptions } from "~/lib/schemas/loan-pricing";
import { allCoefficients } from "./coefficients.server";
import { carriedTenorsAside, latestCurve } from "./interest-rates.server";
import { responsivenessByCustomer } from "./matches.server";
import { findTeamProject, sellerReach } from "./seller-permissions.server";
import { notImporting } from "./projects.server";

/** What pricing reads: the latest curve and every coefficient. */
async function marketData(db: Database) {
  const [curve, coefficients] = await Promise.all([latestCurve(db), allCoefficients(db)]);
  return { curve, coefficients };
}

/**
 * The demand signal: how many buyer companies the matches table pairs with these
 * projects, and the median responsiveness of those that have a score (null when
 * none has: the page shows the count alone).
 */
async function demandOf(db: Database, projectIds: number[]) {
  if (!projectIds.length) return { projects: 0, buyers: 0, medianResponsiveness: null };
  const rows = await db.selectDistinct({ customerId: matches.customerId }).from(matches).where(inList(matches.projectId, projectIds));
  const scored = rows.length ? [...(await responsivenessByCustomer(db, rows.map((r) => r.customerId))).values()] : [];
  const scores = scored.filter((s): s is number => s !== null).sort((a, b) => a - b);
  const mid = Math.floor(scores.length / 2);
  const median = scores.length === 0 ? null : scores.length % 2 ? scores[mid]! : Math.round((scores[mid - 1]! + scores[mid]!) / 2);
  return { projects: projectIds.length, buyers: rows.length, medianResponsiveness: median };
}

/** Listed projects like one loan: the same loan status, a size within half to twice its balance. */
async function similarProjects(db: Database, { loanStatus, balance }: { loanStatus: string; balance: number }) {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(inArray(projects.status, [...VISIBLE_TO_BUYERS]), eq(projects.term, loanStatus), between(projects.size, balance / 2, balance * 2)))
    .limit(500);
  return rows.map((r) => r.id);
}

const secured = (propertyType: string | null | undefined) => Boolean(propertyType);

export type LoanResult = { kind: "loan"; asOf: string | null; curveAside: string | null; pricing: Pricing; years: ReturnType<typeof yearlyFlows>; demand: Awaited<ReturnType<typeof demandOf>> };

/** One loan priced; null when there is neither a yield nor a curve. */
export async function priceOneLoan(db: Database, values: LoanPricingValues): Promise<LoanResult | null> {
  const { curve, coefficients } = await marketData(db);
  const pricing = priceLoan({ ...values, secured: secured(values.propertyType) }, curve.points, coefficients);
  if (!pricing) return null;
  const demand = await demandOf(db, await similarProjects(db, values));
  return { kind: "loan", asOf: curve.asOf, curveAside: carriedTenorsAside(curve), pricing, years: yearlyFlows(pricing.flows), demand };
}

type TapeLoan = typeof projectLoans.$inferSelect;

/**
 * A tape loan as the engine reads it. What the tape leaves out is assumed: level
 * payments over the months left to maturity, no DSCR, no seasoning. A balloon loan
 * amortizes over its remaining term and falls due at maturity.
 */
function tapeLoan(loan: TapeLoan, today: string, overrides: Omit<PoolPricingValues, "projectId">, projectSecured: boolean | null) {
  const toMaturity = Math.min(MAX_TERM_MONTHS, monthsBetween(today, loan.maturityDate));
  const amortization = loan.amortizationType ? AMORTIZATION_TYPES[loan.amortizationType as keyof typeof AMORTIZATION_TYPES] ?? "level" : "level";
  const balloon = amortization === "balloon";
  return {
    balance: loan.balance,
    noteRate: loan.interestRate,
    termMonths: balloon ? Math.min(MAX_TERM_MONTHS, loan.remainingTermMonths ?? MAX_TERM_MONTHS) : toMaturity,
    amortization,
    balloonMonths: balloon ? toMaturity : null,
    loanStatus: loan.status,
    propertyType: loan.propertyType || null,
    secured: projectSecured ?? secured(loan.propertyType),
    ltv: loan.ltv,
    dscr: loan.dscr,
    seasoningMonths: loan.originationDate ? Math.max(0, monthsBetween(loan.originationDate, today)) : null,
    ...overrides,
  };
}

function sumFlows(all: readonly CashFlowMonth[][]) {
  const months: CashFlowMonth[] = [];
  for (const flows of all) {
    for (const f of flows) {
      const m = (months[f.month - 1] ??= { month: f.month, balance: 0, interest: 0, scheduledPrincipal: 0, prepayment: 0, defaulted: 0, recovery: 0, loss: 0, cashFlow: 0 });
      for (const key of ["balance", "interest", "scheduledPrincipal", "prepayment", "defaulted", "recovery", "loss", "cashFlow"] as const) m[key] += f[key];
    }
  }
  return months.filter(Boolean);
}

export type PoolResult = {
  kind: "pool";
  asOf: string | null;
  /** The tenors the latest day lacks, priced at earlier days' rates (carriedTenorsAside). */
  curveAside: string | null;
  project: { id: number; name: string };
  loans: Array<{ loanNumber: string; balance: number; noteRate: number; termMonths: number; loanStatus: string; propertyType: string | null; pricing: Omit<Pricing, "flows"> }>;
  totals: ReturnType<typeof poolTotals>;
  sensitivity: Array<{ label: string; price: number; change: number }>;
  flows: CashFlowMonth[];
  years: ReturnType<typeof yearlyFlows>;
  demand: Awaited<ReturnType<typeof demandOf>>;
};

/** Every loan of one of the seller's pools priced; totals weighted by balance. Null: not the seller's loan pool (404). */
export async function pricePool(
  db: Database,
  { sellerId, values, today = new Date().toISOString().slice(0, 10) }: { sellerId: number; values: PoolPricingValues; today?: string },
): Promise<PoolResult | "no-curve" | "no-tape" | null> {
  const { projectId, ...overrides } = values;
  // a colleague's pool too, where the team lets this seller see it
  const project = (await findTeamProject(db, { userId: sellerId, projectId }))?.project;
  if (!project || project.kind !== "loan_pool") return null;
  const [tape, { curve, coefficients }] = await Promise.all([
    db.select().from(projectLoans).where(eq(projectLoans.projectId, project.id)).orderBy(asc(projectLoans.line)),
    marketData(db),
  ]);
  // nothing to price: its totals would read as a price of 0% of par
  if (!tape.length) return "no-tape";
  const priced: Array<{ input: ReturnType<typeof tapeLoan>; loanNumber: string; pricing: Pricing }> = [];
  for (const loan of tape) {
    const input = tapeLoan(loan, today, overrides, project.secured);
    const pricing = priceLoan(input, curve.points, coefficients);
    if (!pricing) return "no-curve";
    priced.push({ input, loanNumber: loan.loanNumber, pricing });
  }
  const weigh = (i: number) =>
    poolTotals(priced.map((p) => ({ balance: p.input.balance, pricing: { price: p.pricing.sensitivity[i]!.price, yield: 0, wal: 0, modifiedDuration: 0 } }))).price;
  const totals = poolTotals(priced.map((p) => ({ balance: p.input.balance, pricing: p.pricing })));
  const flows = sumFlows(priced.map((p) => p.pricing.flows));
  return {
    kind: "pool",
    asOf: curve.asOf,
    curveAside: carriedTenorsAside(curve),
    project: { id: project.id, name: project.projectName || `Project ${project.id}` },
    loans: priced.map(({ input, loanNumber, pricing: { flows: _flows, ...pricing } }) => ({
      loanNumber,
      balance: input.balance,
      noteRate: input.noteRate,
      termMonths: input.termMonths,
      loanStatus: input.loanStatus,
      propertyType: input.propertyType,
      pricing,
    })),
    totals,
    sensitivity: (priced[0]?.pricing.sensitivity ?? []).map((s, i) => ({ label: s.label, price: weigh(i), change: Math.round((weigh(i) - totals.price) * 100) / 100 })),
    flows,
    years: yearlyFlows(flows),
    demand: await demandOf(db, [project.id]),
  };
}

/** The seller's loan pools that have a tape (and their team's they may see), for the form's choice. */
export async function sellerPools(db: Database, { sellerId }: { sellerId: number }) {
  const reach = await sellerReach(db, { userId: sellerId });
  // the pools with a tape, each with its count of loans kept by replaceLoanTape, from their own
  // partial index in name order. Named: SQLite keeps no statistics of an empty index, and without
  // them it walked all of a seller's pools by name reading each for its tape (24,541 pools: 45 ms).
  // From the tapes' rows, every pool's id was listed and looked up among the loans (13 ms)
  const taped = sql`${projects.id} in (select ${projects.id} from ${projects} indexed by projects_taped_pools_idx
    where ${and(reach, sql`${projects.kind} = 'loan_pool' and ${projects.tapeLoans} > 0`, notImporting)} order by ${projects.projectName}, ${projects.id} limit 200)`;
  return db
    .select({ id: projects.id, name: projects.projectName, status: projects.status, loans: projects.tapeLoans })
    .from(projects)
    .where(taped)
    .orderBy(asc(projects.projectName), asc(projects.id));
}

export const NO_CURVE = "There is no benchmark curve yet: enter a yield to discount at.";
export const NO_TAPE = "This pool has no loan tape to price: upload one on the project first.";

/** The lists the pricing form offers, from the content source (spec §9). */
export async function pricingOptions(services: Services): Promise<PricingOptions> {
  const { values } = await projectOptions(services);
  return { loanStatuses: values.loanStatus, propertyTypes: values.propertyTypes };
}

/**
 * Reads a results link: one loan (its inputs as query parameters) or a pool
 * (projectId), checked with the form's schema. Invalid input answers the
 * submission to show again with its errors; someone else's pool is null (404).
 */
export async function pricingFromQuery(services: Services, { sellerId, searchParams }: { sellerId: number; searchParams: URLSearchParams }) {
  const options = await pricingOptions(services);
  if (searchParams.has("projectId")) {
    const submission = parseWithZod(searchParams, { schema: poolPricingSchema() });
    if (submission.status !== "success") return { ok: false as const, form: "pool" as const, submission, options };
    const result = await pricePool(services.db, { sellerId, values: submission.value });
    if (result === "no-curve" || result === "no-tape") return { ok: false as const, form: "pool" as const, submission, options, error: result === "no-tape" ? NO_TAPE : NO_CURVE };
    return result ? { ok: true as const, result, options } : null;
  }
  const submission = parseWithZod(searchParams, { schema: loanPricingSchema(options) });
  if (submission.status !== "success") return { ok: false as const, form: "loan" as const, submission, options };
  const result = await priceOneLoan(services.db, submission.value);
  if (!result) return { ok: false as const, form: "loan" as const, submission, options, error: NO_CURVE };
  return { ok: true as const, result, options };
}
