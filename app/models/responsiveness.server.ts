import { and, between, eq, gt, inArray, lte, or, sql, type Column, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { customers, projects, responsiveness, responsivenessAsks, systemSettings, users } from "~/.server/db/schema";
import {
  ANSWER_DUE_MS,
  DAY_MS,
  median,
  NO_REQUESTS,
  RESPONSIVENESS_WINDOW_MS,
  scoreResponsiveness,
  scoreTally,
  type Ask,
  type AskKind,
  type Responsiveness,
  type ResponsivenessSide,
  type Tally,
} from "~/lib/responsiveness";

/**
 * Responsiveness kept per company and side (decision 019): the asks are read from
 * the deal records (invitations, contracts, messages, offer steps), kept one row each
 * (decision 079), scored by app/lib/responsiveness.ts and stored, so a page reads one
 * row and shows the numbers the records give. A deal's event gathers that deal's asks
 * again and scores its companies from the kept ones; the nightly pass gathers everyone's.
 */

type AskRow = {
  customerId: number;
  side: ResponsivenessSide;
  kind: AskKind;
  projectId: number;
  buyerId: number | null;
  askedAt: number;
  answeredAt: number | null;
};

/** Which companies a computation covers, as a condition on a column that holds a company's id. */
type Scope = (column: SQL | Column) => SQL;

/**
 * One deal's records: its project's with its buyer (none when `buyerId` is null), and the invitations of
 * `invited` (companies) to the project.
 */
type Deal = { projectId: number; buyerId: number | null; invited: readonly number[] };

/** What a gathering reads: every ask of some companies (the nightly pass), or one deal's (after its events). */
type Source = { companies: Scope } | { deal: Deal };

/**
 * Seller and buyer turns in each thread: a message starts a turn when the one before it came from the
 * other side. Only the threads `threads` admits, whole (the window looks back within a thread): over
 * every thread of the market, recomputing two companies after a message took 2.4 s at 300,000 messages.
 */
const turns = (threads: SQL) => sql`(select t.id, t.project_id, t.buyer_id, t.sender_id, t.created_at,
  lag(t.sender_id = t.buyer_id) over (partition by t.project_id, t.buyer_id order by t.id) as previous_from_buyer
  from messages t where ${threads})`;

/**
 * The turns' first messages, each with the time the next turn began: turns alternate, so that is the
 * other side's first answer. Looked up for each turn in the thread's later messages, a company with
 * 25,000 turns in threads of thousands took 430 ms (the Node server held meanwhile, after each message).
 */
const turnStarts = (threads: SQL) => sql`(select s.id, s.project_id, s.buyer_id, s.sender_id, s.created_at,
  lead(s.created_at) over (partition by s.project_id, s.buyer_id order by s.id) as next_turn_at
  from ${turns(threads)} s where s.previous_from_buyer is null or s.previous_from_buyer != (s.sender_id = s.buyer_id))`;

/** The earliest of a list of times (null when none). */
const earliest = (...times: SQL[]) => sql`(select min(x.t) from (${sql.join(times.map((t) => sql`select (${t}) as t`), sql` union all `)}) x)`;

const ALWAYS = sql`1 = 1`;

/**
 * One select per kind of ask (D1 allows few terms in one compound select). For companies each is read
 * from their members on (a cross join keeps them first), so that a step of the nightly pass reads its
 * own records, not every record of the window; for a deal, from the deal's project and buyer (the
 * members' side then one row, by id).
 */
export function askSelects(since: number, source: Source): SQL[] {
  const deal = "deal" in source ? source.deal : null;
  const scope: Scope = deal ? (column) => sql`${column} is not null` : (source as { companies: Scope }).companies;
  const ofDeal = (project: SQL, buyer: SQL) => (deal ? sql`${project} = ${deal.projectId} and ${buyer} = ${deal.buyerId}` : ALWAYS);
  const dealSeller = (seller: SQL) => (deal ? sql`${seller} = (select dp.seller_id from projects dp where dp.id = ${deal.projectId})` : ALWAYS);
  const invitations = deal
    ? sql`i.project_id = ${deal.projectId} and i.customer_id in (select value from json_each(${JSON.stringify(deal.invited)}))`
    : scope(sql`i.customer_id`);
  const buyerThreads = deal ? ofDeal(sql`t.project_id`, sql`t.buyer_id`) : sql`t.buyer_id in (select v.id from users v where ${scope(sql`v.customer_id`)})`;
  const sellerThreads = deal
    ? ofDeal(sql`t.project_id`, sql`t.buyer_id`)
    : sql`t.project_id in (select sp.id from users sv cross join projects sp on sp.seller_id = sv.id where ${scope(sql`sv.customer_id`)})`;
  const buyerCompany = sql`m.customer_id`;
  const sellerCompany = sql`s.customer_id`;
  return [
    // the invited company's first look, from its members' own records (a cross join keeps them first): read from the
    // project's side, every invitation to a busy project read all its sessions (8-13 s for 50,000 invitations)
    sql`select i.customer_id as customer_id, 'buyer' as side, 'invitation' as kind, i.project_id as project_id, null as buyer_id, i.invited_at as asked_at, ${earliest(
      sql`select min(k.requested_at) from users v cross join contracts k on k.buyer_id = v.id and k.project_id = i.project_id where v.customer_id = i.customer_id and k.requested_at >= i.invited_at`,
      sql`select min(ps.session_start) from users v cross join page_sessions ps indexed by page_sessions_user_idx on ps.user_id = v.id and ps.project_id = i.project_id
        where v.customer_id = i.customer_id and ps.session_start >= i.invited_at`,
      sql`select min(rv.viewed_at) from users v cross join recently_viewed rv on rv.user_id = v.id and rv.project_id = i.project_id where v.customer_id = i.customer_id and rv.viewed_at >= i.invited_at`,
    )} as answered_at
    from project_invitations i where i.invited_at >= ${since} and ${invitations}`,
    sql`select ${buyerCompany} as customer_id, 'buyer' as side, 'nda_approval' as kind, k.project_id as project_id, k.buyer_id as buyer_id, k.decided_at as asked_at, ${earliest(
      sql`select min(r.created_at) from messages r where r.project_id = k.project_id and r.buyer_id = k.buyer_id and r.sender_id = k.buyer_id and r.created_at >= k.decided_at`,
      sql`select min(o.created_at) from offers o where o.project_id = k.project_id and o.buyer_id = k.buyer_id and o.created_at >= k.decided_at`,
      sql`select min(d.created_at) from document_events d where d.project_id = k.project_id and d.user_id = k.buyer_id and d.action in ('view', 'download') and d.created_at >= k.decided_at`,
    )} as answered_at
    from contracts k join users m on m.id = k.buyer_id
    where k.nda_status = 'NDA Approved' and k.decided_at >= ${since} and ${scope(buyerCompany)} and ${ofDeal(sql`k.project_id`, sql`k.buyer_id`)}`,
    sql`select ${buyerCompany} as customer_id, 'buyer' as side, 'message' as kind, q.project_id as project_id, q.buyer_id as buyer_id, q.created_at as asked_at, q.next_turn_at as answered_at
    from ${turnStarts(buyerThreads)} q join users m on m.id = q.buyer_id
    where q.sender_id != q.buyer_id and q.created_at >= ${since} and ${scope(buyerCompany)}`,
    sql`select ${buyerCompany} as customer_id, 'buyer' as side, 'counter_offer' as kind, o.project_id as project_id, o.buyer_id as buyer_id, e.created_at as asked_at,
      (select min(n.created_at) from offer_events n where n.offer_id = e.offer_id and n.id > e.id and n.action in ('revised', 'accepted', 'withdrawn')) as answered_at
    from users m cross join offers o on o.buyer_id = m.id cross join offer_events e on e.offer_id = o.id
    where e.action = 'countered' and e.created_at >= ${since} and ${scope(buyerCompany)} and ${ofDeal(sql`o.project_id`, sql`m.id`)}`,
    sql`select ${sellerCompany} as customer_id, 'seller' as side, 'nda_request' as kind, p.id as project_id, k.buyer_id as buyer_id, k.signed_at as asked_at, k.decided_at as answered_at
    from users s cross join projects p on p.seller_id = s.id cross join contracts k on k.project_id = p.id
    where k.signed_at >= ${since} and not (k.decided_by is null and k.decided_at is not null) and ${scope(sellerCompany)}
      and ${dealSeller(sql`s.id`)} and ${ofDeal(sql`p.id`, sql`k.buyer_id`)}`,
    sql`select ${sellerCompany} as customer_id, 'seller' as side, 'message' as kind, q.project_id as project_id, q.buyer_id as buyer_id, q.created_at as asked_at, q.next_turn_at as answered_at
    from ${turnStarts(sellerThreads)} q join projects p on p.id = q.project_id join users s on s.id = p.seller_id
    where q.sender_id = q.buyer_id and q.created_at >= ${since} and ${scope(sellerCompany)}`,
    sql`select ${sellerCompany} as customer_id, 'seller' as side, 'offer' as kind, p.id as project_id, o.buyer_id as buyer_id, e.created_at as asked_at, nx.created_at as answered_at
    from users s cross join projects p on p.seller_id = s.id cross join offers o on o.project_id = p.id cross join offer_events e on e.offer_id = o.id
      left join offer_events nx on nx.id = (select min(n.id) from offer_events n where n.offer_id = e.offer_id and n.id > e.id)
    where e.action in ('submitted', 'revised') and coalesce(nx.action, '') != 'withdrawn' and e.created_at >= ${since} and ${scope(sellerCompany)}
      and ${dealSeller(sql`s.id`)} and ${ofDeal(sql`p.id`, sql`o.buyer_id`)}`,
  ];
}

/** One JSON parameter for a list of ids, however many: D1 binds at most 100. */
const inIds = (column: SQL | Column, ids: readonly number[]) => sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;

/** Every ask of the window made of these companies (all companies when `customerIds` is undefined), from the records. */
export async function gatherAsks(db: Database, { customerIds, now }: { customerIds?: readonly number[]; now: number }): Promise<AskRow[]> {
  return asksOf(db, { companies: (column) => (customerIds === undefined ? sql`${column} is not null` : inIds(column, customerIds)) }, now);
}

async function asksOf(db: Database, source: Source, now: number): Promise<AskRow[]> {
  const since = now - RESPONSIVENESS_WINDOW_MS;
  const parts = await Promise.all(
    askSelects(since, source).map((part) =>
      db
        .select({
          customerId: sql<number>`a.customer_id`,
          side: sql<ResponsivenessSide>`a.side`,
          kind: sql<AskKind>`a.kind`,
          projectId: sql<number>`a.project_id`,
          buyerId: sql<number | null>`a.buyer_id`,
          askedAt: sql<number>`a.asked_at`,
          answeredAt: sql<number | null>`a.answered_at`,
        })
        .from(sql`(${part}) a`),
    ),
  );
  return parts.flat().map((r) => ({
    ...r,
    customerId: Number(r.customerId),
    projectId: Number(r.projectId),
    buyerId: r.buyerId === null ? null : Number(r.buyerId),
    askedAt: Number(r.askedAt),
    answeredAt: r.answeredAt === null ? null : Number(r.answeredAt),
  }));
}

type Stored = typeof responsiveness.$inferInsert;
type ScoredAsk = Pick<AskRow, "customerId" | "side" | "kind" | "askedAt" | "answeredAt">;

function scoreAll(asks: readonly ScoredAsk[], now: number): Stored[] {
  const groups = new Map<string, { customerId: number; side: ResponsivenessSide; asks: Ask[] }>();
  for (const a of asks) {
    const key = `${a.customerId}|${a.side}`;
    const g = groups.get(key) ?? { customerId: a.customerId, side: a.side, asks: [] };
    g.asks.push(a);
    groups.set(key, g);
  }
  // a side whose every ask is still within its time to answer was asked nothing yet: no row, as scoreKept gives
  return [...groups.values()].flatMap((g) => {
    const r = scoreResponsiveness(g.asks, now);
    return r.asked ? [stored(g.customerId, g.side, r, now)] : [];
  });
}

const stored = (customerId: number, side: ResponsivenessSide, r: Omit<Responsiveness, "byKind">, now: number): Stored => ({
  customerId,
  side,
  score: r.score,
  reason: r.reason,
  answered: r.answered,
  asked: r.asked,
  medianReplyMs: r.medianReplyMs === null ? null : Math.round(r.medianReplyMs),
  computedAt: new Date(now),
});

const ROWS_PER_STATEMENT = 500;
type Statement = Parameters<Database["batch"]>[0][number];

/**
 * Inserts of `rows` (each a row's values in the table's column order), 500 rows to a statement with one
 * JSON parameter each: an insert of a select, which D1's batch takes as it takes any built query.
 */
function insertsOf(rows: readonly unknown[][], insert: (select: SQL) => Statement): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = sql.raw(rows[i]!.map((_, c) => `value ->> ${c}`).join(", "));
    statements.push(insert(sql`select ${values} from json_each(${JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT))})`));
  }
  return statements;
}

/** Statements replacing the scores `scope` selects with `rows`. */
const scoreStatements = (db: Database, scope: SQL, rows: readonly Stored[], now: number): Statement[] => [
  db.delete(responsiveness).where(scope),
  ...insertsOf(
    rows.map((r) => [r.customerId, r.side, r.score, r.reason, r.answered, r.asked, r.medianReplyMs, now]),
    (select) => db.insert(responsiveness).select(select),
  ),
];

/** Statements keeping `asks` (the id first, left to SQLite). */
const askStatements = (db: Database, asks: readonly AskRow[]): Statement[] =>
  insertsOf(
    asks.map((a) => [
      null,
      a.customerId,
      a.side,
      a.kind,
      a.projectId,
      a.buyerId,
      a.askedAt,
      a.answeredAt,
      a.answeredAt !== null && a.answeredAt >= a.askedAt ? a.answeredAt - a.askedAt : null,
    ]),
    (select) => db.insert(responsivenessAsks).select(select),
  );

const keptInWindow = (now: number) => between(responsivenessAsks.askedAt, now - RESPONSIVENESS_WINDOW_MS, now);
const keptAnswered = (now: number) => and(sql`${responsivenessAsks.replyMs} is not null`, lte(responsivenessAsks.answeredAt, now));
/** The kept asks that count at `now`: answered, or waiting longer than a company has to answer (decision 148). */
const keptCounting = (now: number) => or(keptAnswered(now), lte(responsivenessAsks.askedAt, now - ANSWER_DUE_MS));

/**
 * The kept asks and answers of these companies' sides in the window, and the kinds asked: a range of the
 * company index each, grouped in its order (grouped by kind as well, the 40,000 asks of a large seller
 * were sorted first, 12 ms more; a count per kind cost as much).
 */
export const keptCountsQuery = (db: Database, ids: readonly number[], now: number) => {
  const a = responsivenessAsks;
  return db
    .select({
      customerId: a.customerId,
      side: a.side,
      asked: sql<number>`count(*)`,
      answered: sql<number>`count(*) filter (where ${keptAnswered(now)})`,
      kinds: sql<string>`group_concat(distinct ${a.kind})`,
    })
    .from(a)
    .where(and(inIds(a.customerId, ids), keptInWindow(now), keptCounting(now)))
    .groupBy(a.customerId, a.side);
};

/** The middle one or two of a company side's `replies` replies, walked in order on the company index (no sort). */
export const middleRepliesQuery = (db: Database, { customerId, side, replies, now }: { customerId: number; side: ResponsivenessSide; replies: number; now: number }) => {
  const a = responsivenessAsks;
  return db
    .select({ replyMs: a.replyMs })
    .from(a)
    .where(and(eq(a.customerId, customerId), eq(a.side, side), keptInWindow(now), keptAnswered(now)))
    .orderBy(a.replyMs)
    .limit(2 - (replies % 2))
    .offset(Math.floor((replies - 1) / 2));
};

/**
 * The scores of these companies from their kept asks, counted in SQL: reading a large seller's 40,000
 * asks into JavaScript to score them there took 200 ms.
 */
async function scoreKept(db: Database, ids: readonly number[], now: number): Promise<Stored[]> {
  const tallies = (await keptCountsQuery(db, ids, now)).map((row) => ({
    customerId: row.customerId,
    side: row.side,
    tally: { kinds: row.kinds.split(",") as AskKind[], asked: Number(row.asked), answered: Number(row.answered), medianReplyMs: null } as Tally,
  }));
  await Promise.all(
    tallies.map(async ({ customerId, side, tally }) => {
      const replies = tally.answered;
      if (replies) tally.medianReplyMs = median((await middleRepliesQuery(db, { customerId, side, replies, now })).map((m) => Number(m.replyMs)));
    }),
  );
  return tallies.map(({ customerId, side, tally }) => stored(customerId, side, scoreTally(tally), now));
}

/** Gathers the asks of the companies `scope` selects again, keeps them and scores them, in one atomic batch with `also`. */
async function recomputeCompanies(db: Database, scope: Scope, now: number, also: Statement[] = []) {
  const asks = await asksOf(db, { companies: scope }, now);
  const rows = scoreAll(asks, now);
  await db.batch([
    db.delete(responsivenessAsks).where(scope(responsivenessAsks.customerId)),
    ...askStatements(db, asks),
    ...scoreStatements(db, scope(responsiveness.customerId), rows, now),
    ...also,
  ]);
  return rows.length;
}

/** These companies' scores, both sides, again from all their records: a company nothing was asked of keeps no row. */
export async function recomputeResponsiveness(db: Database, { customerIds }: { customerIds: readonly number[] }, now = Date.now()) {
  const ids = [...new Set(customerIds)];
  if (!ids.length) return 0;
  return recomputeCompanies(db, (column) => inIds(column, ids), now);
}

const LAST_FULL_KEY = "responsivenessComputedAt";

/** Everyone's scores again, the window moved on: after seeding (the nightly pass goes a step at a time). */
export async function recomputeAllResponsiveness(db: Database, now = Date.now()) {
  return recomputeCompanies(db, (column) => sql`${column} is not null`, now, [setting(db, LAST_FULL_KEY, now, now)]);
}

/**
 * A deal's asks kept: its project's with its buyer, and the invitations of its invited companies to the
 * project. Two seeks of the deal index (a busy project has tens of thousands of invitations).
 */
export const keptOf = (deal: Deal) => {
  const a = responsivenessAsks;
  return sql`(${a.projectId} = ${deal.projectId} and ${a.buyerId} = ${deal.buyerId})
    or (${a.projectId} = ${deal.projectId} and ${a.buyerId} is null and ${inIds(a.customerId, deal.invited)})`;
};

/**
 * After a deal's event: its asks gathered again from its own records (one thread, one contract, its offers)
 * and kept in place of the deal's, then the companies they concern (the buyer's, the seller's, one the buyer
 * has since left) scored from their kept asks. Two batches: a failure between them leaves scores a step
 * behind their asks, which the next event or the nightly pass puts right.
 */
async function recomputeDeal(db: Database, deal: Deal, now: number) {
  const kept = keptOf(deal);
  const [fresh, before] = await Promise.all([
    asksOf(db, { deal }, now),
    db.selectDistinct({ customerId: responsivenessAsks.customerId }).from(responsivenessAsks).where(kept),
  ]);
  const ids = [...new Set([...before.map((r) => r.customerId), ...fresh.map((a) => a.customerId)])];
  if (!ids.length) return 0;
  await db.batch([db.delete(responsivenessAsks).where(kept), ...askStatements(db, fresh)] as [Statement, ...Statement[]]);
  const rows = await scoreKept(db, ids, now);
  await db.batch(scoreStatements(db, inIds(responsiveness.customerId, ids), rows, now) as [Statement, ...Statement[]]);
  return rows.length;
}

/** The last company of the nightly pass recomputed so far; no row when no pass is under way. */
const PASS_AFTER_KEY = "responsivenessPassAfter";
/**
 * Companies a step of the nightly pass recomputes, and the time a maintenance run gives the pass:
 * everyone at once held the database for 3.4 s at 100,000 companies (the Node server's every request
 * waited, and on D1 every page), a step of 2,000 takes 5-60 ms. A company with thousands of messages
 * in its threads still takes its own second (a deal's event no longer does: it gathers its own asks).
 */
const COMPANIES_PER_STEP = 2000;
const PASS_BUDGET_MS = 100;

const setting = (db: Database, key: string, value: unknown, now: number) =>
  db
    .insert(systemSettings)
    .values({ key, value, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: new Date(now) } });

/**
 * The maintenance run's part: everyone again once the last full computation is a day old, a step of
 * companies (in id order) at a time for up to `budgetMs`, the rest in the runs after. Each step
 * replaces its companies' asks and rows and notes where it got to in one batch, so a pass cut short
 * goes on from there. Returns the rows this run wrote, or null when no pass is due.
 */
export async function recomputeResponsivenessIfDue(
  db: Database,
  now = Date.now(),
  { companiesPerStep = COMPANIES_PER_STEP, budgetMs = PASS_BUDGET_MS }: { companiesPerStep?: number; budgetMs?: number } = {},
) {
  const marks = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, [LAST_FULL_KEY, PASS_AFTER_KEY]));
  const lastFull = marks.find((m) => m.key === LAST_FULL_KEY);
  let after = marks.find((m) => m.key === PASS_AFTER_KEY)?.value as number | undefined;
  if (after === undefined && lastFull && now - Number(lastFull.value) < DAY_MS) return null;
  const started = performance.now();
  let written = 0;
  do {
    const starting = after === undefined;
    const from = after ?? 0;
    // the step's last company, or none when the rest of them fit in it (the step then reaches every id above)
    const [last] = await db.select({ id: customers.id }).from(customers).where(gt(customers.id, from)).orderBy(customers.id).limit(1).offset(companiesPerStep - 1);
    const scope: Scope = (column) => (last ? sql`${column} > ${from} and ${column} <= ${last.id}` : sql`${column} > ${from}`);
    // the pass counts from its start, so that the next starts a day later however long this one takes
    const progress = [...(starting ? [setting(db, LAST_FULL_KEY, now, now)] : []), last ? setting(db, PASS_AFTER_KEY, last.id, now) : db.delete(systemSettings).where(eq(systemSettings.key, PASS_AFTER_KEY))];
    written += await recomputeCompanies(db, scope, now, progress);
    after = last?.id;
    if (!last) break;
  } while (performance.now() - started < budgetMs);
  return written;
}

/** The buyer's and the seller's companies of a deal, again: after a message, NDA step or offer step on it. */
export async function recomputeDealResponsiveness(db: Database, { projectId, buyerId }: { projectId: number; buyerId: number }, now = Date.now()) {
  const [buyer] = await db.select({ customerId: users.customerId }).from(users).where(eq(users.id, buyerId)).limit(1);
  return recomputeDeal(db, { projectId, buyerId, invited: buyer?.customerId ? [buyer.customerId] : [] }, now);
}

/** The invited companies' scores, again: after an admin invited them to view a project. */
export async function recomputeInvitedResponsiveness(db: Database, { projectId, customerIds }: { projectId: number; customerIds: readonly number[] }, now = Date.now()) {
  return customerIds.length ? recomputeDeal(db, { projectId, buyerId: null, invited: [...new Set(customerIds)] }, now) : 0;
}

/** Work to do after the response (deal events): never fails the request that caused it. */
export function recomputeLater(services: { db: Database; waitUntil(p: Promise<unknown>): void }, deal: { projectId: number; buyerId: number }) {
  services.waitUntil(recomputeDealResponsiveness(services.db, deal).catch((e) => console.error("responsiveness:", e)));
}

export type StoredResponsiveness = { score: number | null; reason: string };
const NONE: StoredResponsiveness = { score: null, reason: NO_REQUESTS };

/** Stored scores of these companies on one side; a company without a row was asked nothing. */
export async function responsivenessOf(db: Database, { customerIds, side }: { customerIds: readonly number[]; side: ResponsivenessSide }) {
  const ids = [...new Set(customerIds)];
  const rows = ids.length
    ? await db
        .select({ customerId: responsiveness.customerId, score: responsiveness.score, reason: responsiveness.reason })
        .from(responsiveness)
        .where(and(eq(responsiveness.side, side), sql`${responsiveness.customerId} in (select value from json_each(${JSON.stringify(ids)}))`))
    : [];
  const byId = new Map(rows.map((r) => [r.customerId, { score: r.score, reason: r.reason }]));
  return (id: number): StoredResponsiveness => byId.get(id) ?? NONE;
}

/** A project seller's company's responsiveness (the teaser shows it to buyers). */
// the teaser and the workspace read it on every visit: built once
const ofProjectSeller = preparedQuery((db) =>
  db
    .select({ score: responsiveness.score, reason: responsiveness.reason })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.sellerId))
    .innerJoin(responsiveness, and(eq(responsiveness.customerId, users.customerId), eq(responsiveness.side, "seller")))
    .where(eq(projects.id, sql.placeholder("projectId")))
    .limit(1)
    .prepare(),
);

export async function sellerResponsiveness(db: Database, { projectId }: { projectId: number }) {
  const [row] = await ofProjectSeller(db).all({ projectId });
  return row ?? NONE;
}

/** SQL for a company's stored score and reason, correlated on its id and type: a seller company's as a seller, any other's as a buyer. */
export function companyResponsivenessSql(customerId: SQL, customerType: SQL) {
  return responsivenessColumns(customerId, sql`(case ${customerType} when 'seller' then 'seller' else 'buyer' end)`);
}

/** The same on one side, for a query that lists companies: the scores come in its own read. */
export function sideResponsivenessSql(customerId: SQL | Column, side: ResponsivenessSide) {
  return responsivenessColumns(customerId, sql`${side}`);
}

function responsivenessColumns(customerId: SQL | Column, side: SQL) {
  const row = sql`from responsiveness r where r.customer_id = ${customerId} and r.side = ${side}`;
  return { score: sql<number | null>`(select r.score ${row})`, reason: sql<string | null>`(select r.reason ${row})` };
}

/** What those columns read: a company without a row was asked nothing (a stored reason is never null). */
export function storedOrNone(score: number | null, reason: string | null): StoredResponsiveness {
  return reason === null ? NONE : { score, reason };
}

// asked on every look at a teaser or a data room: built once
const lookMayAnswer = preparedQuery((db) => {
  const [projectId, since] = [sql.placeholder("projectId"), sql.placeholder("since")];
  return db
    .select({
      customerId: users.customerId,
      pending: sql<number>`exists (select 1 from project_invitations i where i.customer_id = ${users.customerId} and i.project_id = ${projectId} and i.invited_at >= ${since})
        or exists (select 1 from contracts k where k.buyer_id = ${users.id} and k.project_id = ${projectId} and k.nda_status = 'NDA Approved' and k.decided_at >= ${since})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare();
});

/**
 * After a member looked at a project's teaser or data room: their company's scores
 * again when the look may answer something (an invitation to that project, an approved NDA on it).
 */
export async function recomputeAfterLook(db: Database, { userId, projectId }: { userId: number; projectId: number }, now = Date.now()) {
  const [row] = await lookMayAnswer(db).all({ userId, projectId, since: now - RESPONSIVENESS_WINDOW_MS });
  if (!row?.customerId || !Number(row.pending)) return 0;
  return recomputeDeal(db, { projectId, buyerId: userId, invited: [row.customerId] }, now);
}

/**
 * The same for many looks (a queue's batch, each as of its member's last look at the project): which
 * of them may answer something is one read, whatever their number, where a read apiece made a batch of
 * a hundred teasers a hundred D1 calls; only those that do are worked out, one deal at a time.
 */
export async function recomputeAfterLooks(db: Database, looks: readonly { userId: number; projectId: number; at: number }[]) {
  if (looks.length <= 1) {
    for (const { userId, projectId, at } of looks) await recomputeAfterLook(db, { userId, projectId }, at);
    return;
  }
  const asked = JSON.stringify(looks.map((l, i) => [i, l.userId, l.projectId, l.at - RESPONSIVENESS_WINDOW_MS]));
  // the member, project and time as lookMayAnswer asks them, for each look of the JSON list
  const answering = await db.all<{ look: number; customerId: number }>(sql`
    select m.value ->> 0 as look, u.customer_id as customerId
    from json_each(${asked}) m join ${users} u on u.id = m.value ->> 1
    where u.customer_id is not null
      and (exists (select 1 from project_invitations i where i.customer_id = u.customer_id and i.project_id = m.value ->> 2 and i.invited_at >= m.value ->> 3)
        or exists (select 1 from contracts k where k.buyer_id = u.id and k.project_id = m.value ->> 2 and k.nda_status = 'NDA Approved' and k.decided_at >= m.value ->> 3))
    order by m.key`);
  for (const { look, customerId } of answering) {
    const { userId, projectId, at } = looks[Number(look)]!;
    await recomputeDeal(db, { projectId, buyerId: userId, invited: [Number(customerId)] }, at);
  }
}
