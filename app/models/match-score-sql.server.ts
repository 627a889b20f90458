import { sql, type SQL } from "drizzle-orm";
import { projects, type Project } from "~/.server/db/schema";
import { ANY_INDUSTRY, type BuyerCriteria } from "~/lib/buyer-criteria";
import { WEIGHT_KEYS, type MatchWeights } from "~/lib/match-score";
import { SIZE_BANDS } from "~/lib/projects";

/**
 * A project's score for criteria with no past behaviour and no responsiveness (the assistant's
 * proposal for criteria not yet saved), as SQL over the projects table: the same points as
 * `scoreProject(criteria, projectFacts(p), NO_BEHAVIOUR, weights)` in app/lib/match-score.ts, so that
 * the database can rank 100,000 listings and only the best few are read and explained. Reading every
 * visible listing into JavaScript to score it took 1.5 s a message at that size.
 *
 * The criteria become constants of the statement; each reason's points are worked out here with the
 * same rounding as the score's. `match-score-sql.server.test.ts` compares both over every kind, sale
 * type, loan status, property type, size band and location of a generated market.
 */
export function scoreSql(criteria: BuyerCriteria, weights: MatchWeights): SQL {
  const total = WEIGHT_KEYS.reduce((sum, k) => sum + Math.max(0, weights[k]), 0);
  if (total <= 0) return sql`0`;
  const points = (key: keyof MatchWeights, share = 1) => Math.round((100 * Math.max(0, weights[key]) * share) / total);
  const parts = [industry(criteria, points("industry")), location(criteria, points), size(criteria, points), loanStatus(criteria, points("loanStatus"))];
  parts.push(overlap(criteria.investmentPref, INVESTMENT_TYPES, points("investmentType")));
  parts.push(overlap(criteria.transactionPref, TRANSACTION_TYPES, points("transactionType")));
  return sql`min(100, ${sql.join(parts, sql` + `)})`;
}

export const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const when = (condition: SQL, points: number) => (points > 0 ? sql`(case when ${condition} then ${sql.raw(String(points))} else 0 end)` : sql`0`);

function industry(c: BuyerCriteria, points: number) {
  if (c.industryPreferences.includes(ANY_INDUSTRY)) return sql.raw(String(points));
  return c.industryPreferences.length ? when(sql`${projects.industry} in (${list(c.industryPreferences)})`, points) : sql`0`;
}

function location(c: BuyerCriteria, points: (key: "location", share: number) => number) {
  const regions = c.borrowerLocationPreferences;
  const arms: SQL[] = [];
  if (c.statePreferences.length) arms.push(sql`when ${projects.state} <> '' and ${projects.state} in (${list(c.statePreferences)}) then ${sql.raw(String(points("location", 1)))}`);
  if (regions.length) arms.push(sql`when ${projects.location} <> '' and ${projects.location} in (${list(regions)}) then ${sql.raw(String(points("location", 0.8)))}`);
  if (regions.includes("Nationwide")) arms.push(sql`when 1 then ${sql.raw(String(points("location", 0.5)))}`);
  else if (regions.length) arms.push(sql`when ${projects.location} = 'Nationwide' then ${sql.raw(String(points("location", 0.5)))}`);
  return arms.length ? sql`(case ${sql.join(arms, sql` `)} else 0 end)` : sql`0`;
}

const BANDS = Object.values(SIZE_BANDS);
/** sizeBandOf as the band's place in SIZE_BANDS: at or above its min, below its max; none below 0. */
export const bandOf = sql`(case when ${projects.size} is null or ${projects.size} < ${sql.raw(String(BANDS[0]!.min))} then null ${sql.join(
  BANDS.map((b, i) => (b.max === null ? sql`else ${sql.raw(String(i))}` : sql`when ${projects.size} < ${sql.raw(String(b.max))} then ${sql.raw(String(i))}`)),
  sql` `,
)} end)`;

function size(c: BuyerCriteria, points: (key: "size", share: number) => number) {
  const keys = Object.keys(SIZE_BANDS);
  const chosen = keys.flatMap((k, i) => (c.transactionScalePreferences.includes(k) ? [i] : []));
  if (!chosen.length) return sql`0`;
  const near = keys.flatMap((_, i) => (!chosen.includes(i) && (chosen.includes(i - 1) || chosen.includes(i + 1)) ? [i] : []));
  const arms = [sql`when ${bandOf} in (${sql.raw(chosen.join(", "))}) then ${sql.raw(String(points("size", 1)))}`];
  if (near.length) arms.push(sql`when ${bandOf} in (${sql.raw(near.join(", "))}) then ${sql.raw(String(points("size", 0.5)))}`);
  return sql`(case ${sql.join(arms, sql` `)} else 0 end)`;
}

function loanStatus(c: BuyerCriteria, points: number) {
  const pref = c.performingLoanPreference;
  if (pref === "Either") return when(sql`${projects.term} <> ''`, points);
  return pref ? when(sql`${projects.term} = ${pref}`, points) : sql`0`;
}

// projectFacts' investment and transaction types, each as the projects it is said of
const kind = (...kinds: Project["kind"][]) => sql`${projects.kind} in (${sql.raw(kinds.map((k) => `'${k}'`).join(", "))})`;
const propertyType = sql`json_extract(${projects.details}, '$.propertyType')`;
export const INVESTMENT_TYPES: Record<string, SQL> = {
  "Debt (loans)": sql`(${kind("loan_pool", "insurance_loan")} or (${kind("limited_company")} and coalesce(${projects.saleType}, '') <> 'Company sale'))`,
  "Credit (lending)": kind("loan_pool", "insurance_loan"),
  Assets: kind("real_estate"),
  Equity: sql`(${kind("limited_company")} and ${projects.saleType} = 'Company sale')`,
};
export const TRANSACTION_TYPES: Record<string, SQL> = {
  "Financial Investment": sql`1`,
  "Trading Loans": kind("loan_pool"),
  "Loan-to-Own investment": sql`(${kind("loan_pool")} and ${projects.term} = 'Non-Performing')`,
  "Alternative Lending": kind("insurance_loan"),
  "Real Estate of Any Kind": kind("real_estate"),
  "Industrial Real Estate": sql`(${kind("real_estate")} and ${propertyType} is 'Industrial')`,
  "Commercial Real Estate": sql`(${kind("real_estate")} and ${propertyType} is not 'Industrial')`,
  "High Tech/High Growth Investment": sql`(${kind("limited_company")} and ${projects.industry} = 'Technology')`,
  "IP/R&D": sql`(${kind("limited_company")} and ${projects.industry} = 'Intellectual Property')`,
  "Trading Assets/Liquidation": sql`${projects.saleType} = 'Asset sale'`,
};

function overlap(wanted: readonly string[], types: Record<string, SQL>, points: number) {
  const conditions = [...new Set(wanted)].flatMap((t) => (Object.hasOwn(types, t) ? [types[t]!] : []));
  return conditions.length ? when(sql`(${sql.join(conditions, sql` or `)})`, points) : sql`0`;
}
