import { inArray, sql, type SQL } from "drizzle-orm";
import { projects } from "~/.server/db/schema";
import { ANY_INDUSTRY, EMPTY_CRITERIA, type BuyerCriteria } from "~/lib/buyer-criteria";
import {
  fractions,
  MIN_MATCH_SCORE,
  pointsOf,
  SIZE_BAND_LABELS,
  weightTotal,
  WEIGHT_KEYS,
  type Behaviour,
  type MatchWeights,
  type ProjectFacts,
} from "~/lib/match-score";
import { VISIBLE_TO_BUYERS } from "~/lib/project-kinds";
import { SIZE_BANDS } from "~/lib/projects";
import { bandOf, INVESTMENT_TYPES, list, TRANSACTION_TYPES } from "./match-score-sql.server";

/**
 * One buyer company's matches as a SELECT of (id, score, reasons) over the visible listings: the
 * score and its reasons as `scoreProject` gives them for the company's criteria, past behaviour (by
 * industry) and responsiveness, worked out by the database. A buyer's recomputation read and scored
 * every visible listing in JavaScript and wrote each match back: 2.2–3 s at 100,000 projects (decision
 * 085). The reasons' words are written here a second time; `stored-match-sql.server.test.ts`
 * compares both forms over a generated market and fails when either changes alone.
 *
 * The statement works in two steps: what each listing is to the criteria (which arm of each reason it
 * falls in; the criteria are bound once there, D1 takes at most 100 parameters), then the points and
 * words each arm earns, constants of the statement.
 */
export function storedMatchesSql(
  criteria: BuyerCriteria,
  weights: MatchWeights,
  behaviour: ReadonlyMap<string, Behaviour>,
  responsiveness: number | null,
): SQL | null {
  const total = weightTotal(weights);
  if (total <= 0) return null;
  const facts = factsOf(criteria, behaviour);
  const reasons = reasonsOf(criteria, weights, total, behaviour, responsiveness).filter((r) => r.arms.some((a) => a.points > 0));
  if (!reasons.length) return null;
  const points = (r: Reason) => sql`(case ${sql.join(r.arms.map((a) => sql`when ${a.when} then ${int(a.points)}`), sql` `)} else 0 end)`;
  const score = sql`min(100, ${sql.join(reasons.map(points), sql` + `)})`;
  // Each arm earns the same points on every listing, and a listing falls in one arm of a reason at
  // most: the arms in the order of their points (the reasons' order in `scoreProject`, ties by the
  // weights' order) are the order of any listing's reasons, without a sort on each row.
  const ordered = reasons
    .flatMap((r) => r.arms.filter((a) => a.points > 0).map((a) => ({ ...a, k: WEIGHT_KEYS.indexOf(r.key) })))
    .sort((a, b) => b.points - a.points || a.k - b.k);
  const explained = sql.join(
    ordered.map((a) => sql`(case when ${a.when} then ',{"reason":' || json_quote(${a.reason}) || ${text(`,"points":${a.points}}`)} else '' end)`),
    sql` || `,
  );
  return sql`select m.id as id, ${score} as score, '[' || substr(${explained}, 2) || ']' as reasons
    from (select ${projects.id} as id, ${projects.industry} as industry, ${projects.state} as state, ${projects.location} as location,
      ${projects.term} as term, ${bandOf} as band, ${sql.join(facts, sql`, `)}
      from ${projects} where ${inArray(projects.status, [...VISIBLE_TO_BUYERS])}) m
    where ${score} >= ${int(MIN_MATCH_SCORE)}`;
}

type Arm = { when: SQL; points: number; reason: SQL };
type Reason = { key: (typeof WEIGHT_KEYS)[number]; arms: Arm[] };

const int = (n: number) => sql.raw(String(Math.trunc(n)));
/** Our own words (digits and the vocabulary's type names), never a member's: a literal of the statement. */
const text = (s: string) => sql.raw(`'${s.replaceAll("'", "''")}'`);
const col = (name: string) => sql.raw(`m.${name}`);

/** The first step: which arm of each reason a listing falls in (0: none), and the types it shares with the criteria. */
function factsOf(c: BuyerCriteria, behaviour: ReadonlyMap<string, Behaviour>): SQL[] {
  const industry = c.industryPreferences.length
    ? sql`(case when ${projects.industry} in (${list(c.industryPreferences)}) then 1 ${c.industryPreferences.includes(ANY_INDUSTRY) ? sql`else 2` : sql`else 0`} end)`
    : sql`0`;
  const regions = c.borrowerLocationPreferences;
  const place: SQL[] = [];
  if (c.statePreferences.length) place.push(sql`when ${projects.state} <> '' and ${projects.state} in (${list(c.statePreferences)}) then 1`);
  if (regions.length) place.push(sql`when ${projects.location} <> '' and ${projects.location} in (${list(regions)}) then 2`);
  if (regions.includes("Nationwide")) place.push(sql`when 1 then 3`);
  else if (regions.length) place.push(sql`when ${projects.location} = 'Nationwide' then 3`);
  const bands = Object.keys(SIZE_BANDS);
  const chosen = bands.flatMap((k, i) => (c.transactionScalePreferences.includes(k) ? [i] : []));
  const near = bands.flatMap((_, i) => (!chosen.includes(i) && (chosen.includes(i - 1) || chosen.includes(i + 1)) ? [i] : []));
  const size: SQL[] = [];
  if (chosen.length) size.push(sql`when ${bandOf} in (${sql.raw(chosen.join(", "))}) then 1`);
  if (near.length) size.push(sql`when ${bandOf} in (${sql.raw(near.join(", "))}) then 2`);
  const pref = c.performingLoanPreference;
  const loan = pref === "Either" ? sql`${projects.term} <> ''` : pref ? sql`${projects.term} = ${pref}` : sql`0`;
  // the types in the criteria's order, repeats and all, as ", A, B": what the reason lists
  const shared = (wanted: readonly string[], types: Record<string, SQL>) => {
    const known = wanted.filter((t) => Object.hasOwn(types, t));
    return known.length ? sql.join(known.map((t) => sql`(case when ${types[t]!} then ${text(`, ${t}`)} else '' end)`), sql` || `) : sql`''`;
  };
  const behaved = [...behaviour.keys()];
  return [
    sql`${industry} as ind`,
    place.length ? sql`(case ${sql.join(place, sql` `)} else 0 end) as loc` : sql`0 as loc`,
    size.length ? sql`(case ${sql.join(size, sql` `)} else 0 end) as sz` : sql`0 as sz`,
    sql`(case when ${loan} then 1 else 0 end) as loan`,
    sql`${shared(c.investmentPref, INVESTMENT_TYPES)} as inv`,
    sql`${shared(c.transactionPref, TRANSACTION_TYPES)} as tx`,
    behaved.length ? sql`(case ${projects.industry} ${sql.join(behaved.map((i, n) => sql`when ${i} then ${int(n + 1)}`), sql` `)} else 0 end) as beh` : sql`0 as beh`,
  ];
}

const NO_FACTS: ProjectFacts = { industry: "", region: "", state: "", sizeBand: null, loanStatus: "", investmentTypes: [], transactionTypes: [] };
const BAND_LABEL = sql`(case ${col("band")} ${sql.join(
  Object.keys(SIZE_BANDS).map((k, i) => sql`when ${int(i)} then ${text(SIZE_BAND_LABELS[k] ?? k)}`),
  sql` `,
)} end)`;

/** The second step: the points and words of each arm, as `fractions` gives them in app/lib/match-score.ts. */
function reasonsOf(
  c: BuyerCriteria,
  weights: MatchWeights,
  total: number,
  behaviour: ReadonlyMap<string, Behaviour>,
  responsiveness: number | null,
): Reason[] {
  const arm = (key: Reason["key"], code: string, value: number, share: number, reason: SQL): Arm => ({
    when: sql`${col(code)} = ${int(value)}`,
    points: pointsOf(weights, key, share, total),
    reason,
  });
  const typesArm = (key: Reason["key"], column: string, label: string): Arm => ({
    when: sql`${col(column)} <> ''`,
    points: pointsOf(weights, key, 1, total),
    reason: sql`${text(`${label}: `)} || substr(${col(column)}, 3)`,
  });
  const behaved = [...behaviour.values()].map((b, n) => {
    const hit = fractions(EMPTY_CRITERIA, NO_FACTS, b, null).behaviour;
    return hit ? [arm("behaviour", "beh", n + 1, hit.share, text(hit.reason))] : [];
  });
  const responsive = fractions(EMPTY_CRITERIA, NO_FACTS, { ndasOnSimilar: 0, minutesOnSimilar: 0 }, responsiveness).responsiveness;
  return [
    {
      key: "industry",
      arms: [
        arm("industry", "ind", 1, 1, sql`'Industry: ' || ${col("industry")}`),
        arm("industry", "ind", 2, 1, text(`Any industry (${ANY_INDUSTRY})`)),
      ],
    },
    {
      key: "location",
      arms: [
        arm("location", "loc", 1, 1, sql`'State: ' || ${col("state")}`),
        arm("location", "loc", 2, 0.8, sql`'Region: ' || ${col("location")}`),
        arm("location", "loc", 3, 0.5, text("Nationwide")),
      ],
    },
    {
      key: "size",
      arms: [
        arm("size", "sz", 1, 1, sql`'Size band: ' || ${BAND_LABEL}`),
        arm("size", "sz", 2, 0.5, sql`'Size band ' || ${BAND_LABEL} || ', next to yours'`),
      ],
    },
    { key: "loanStatus", arms: [arm("loanStatus", "loan", 1, 1, sql`'Loan status: ' || ${col("term")}`)] },
    { key: "investmentType", arms: [typesArm("investmentType", "inv", "Investment type")] },
    { key: "transactionType", arms: [typesArm("transactionType", "tx", "Transaction type")] },
    { key: "behaviour", arms: behaved.flat() },
    {
      key: "responsiveness",
      arms: responsive ? [{ when: sql`1`, points: pointsOf(weights, "responsiveness", responsive.share, total), reason: text(responsive.reason) }] : [],
    },
  ];
}
