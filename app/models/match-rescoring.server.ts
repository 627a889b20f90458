import { stopRequested } from "~/.server/platform/stopping";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { inList } from "~/.server/db/in-list";
import { matches, matchQueue, projects, systemSettings, users } from "~/.server/db/schema";
import type { SavedMeanwhile } from "~/.server/replies";
import { WEIGHT_KEYS, weightsFrom, type MatchWeights } from "~/lib/match-score";
import { VISIBLE_TO_BUYERS } from "~/lib/project-kinds";
import { changedFields, recordAudit, type AuditEntry } from "./audit.server";
import {
  behaviourByCustomer,
  FACT_COLUMNS,
  SELLER_COMPANY,
  facts,
  matchableCriteria,
  matchWeights,
  replaceMatches,
  responsivenessByCustomer,
  scoreForCompanies,
  WEIGHTS_KEY,
  type Scored,
} from "./matches.server";

/*
 * Scoring many listings again for every buyer company: after new weights (all of them) and once a
 * bulk upload is published (its listings). At 100,000 listings and 10,000 companies that is a
 * billion scores, hours of work: it cannot be one request. The listings wait in `match_queue`, and
 * the request that queued them, then housekeeping, score them a few at a time (decision 088).
 */

/**
 * A drain's first batch: each batch's matches and its leaving the queue are written together. Later
 * batches are sized by what a listing took (half a second at 10,000 companies, a millisecond on the
 * demo market) to fill BATCH_MS, so that neither a request nor a cron run overshoots its budget by much.
 */
export const FIRST_BATCH = 5;
const BATCH_MS = 2_000;
const MAX_BATCH = 200;
/** How long one drainer holds the queue before another may take it over (a restart mid-batch). */
const LEASE_MS = 60_000;
const LEASE_KEY = "matchQueueLease";
/** What a request that queued listings spends scoring them before it answers; housekeeping does the rest. */
export const REQUEST_BUDGET_MS = 5_000;

const visible = inArray(projects.status, [...VISIBLE_TO_BUYERS]);

/** Queues the listings `which` selects (queued again if waiting already: a drainer that read them first leaves them for the next). */
export function queueListings(db: Database, which: SQL, now = Date.now()) {
  return db
    .insert(matchQueue)
    .select(db.select({ projectId: projects.id, queuedAt: sql<number>`${now}`.as("queued_at") }).from(projects).where(which))
    .onConflictDoUpdate({ target: matchQueue.projectId, set: { queuedAt: now } });
}

/** When the weights were last saved (ms; null: never, the defaults): the page's save is weighed against it. */
export async function matchWeightsSavedAt(db: Database): Promise<number | null> {
  const [row] = await db.select({ at: systemSettings.updatedAt }).from(systemSettings).where(eq(systemSettings.key, WEIGHTS_KEY)).limit(1);
  return row ? row.at.getTime() : null;
}

/**
 * An admin's new weights: stored, audited and every visible listing queued in one batch, then scored as far as the
 * request's budget goes; returns how many listings are left. `opened`: when the weights the page showed were saved
 * (null: never); another admin's save since then is not overwritten unseen (nor every match scored again), and the
 * save is refused with who saved and when, as the assistant's questions are. Without it (an older page) the weights are written.
 */
export async function saveMatchWeights(
  db: Database,
  {
    weights,
    actor,
    address,
    opened,
    budgetMs = REQUEST_BUDGET_MS,
  }: { weights: MatchWeights; actor: NonNullable<AuditEntry["actor"]>; address?: string; opened?: number | null; budgetMs?: number },
): Promise<number | SavedMeanwhile> {
  const now = new Date();
  // written only over the save the page was opened on (the look and the write are one statement)
  const unchanged = opened === undefined ? undefined : opened === null ? sql`0` : eq(systemSettings.updatedAt, new Date(opened));
  // listings are queued only when this save is the one stored: a refused save scores nothing again
  const written = sql`exists (select 1 from ${systemSettings} where ${systemSettings.key} = ${WEIGHTS_KEY} and ${systemSettings.updatedAt} = ${now.getTime()} and ${systemSettings.updatedBy} = ${actor.id})`;
  // the weights as they were, read in the write's own batch: the audit's "before" is what the save replaced
  const [[stored], wrote] = await db.batch([
    db.select({ value: systemSettings.value, updatedAt: systemSettings.updatedAt, by: users.name }).from(systemSettings).leftJoin(users, eq(users.id, systemSettings.updatedBy)).where(eq(systemSettings.key, WEIGHTS_KEY)).limit(1),
    db
      .insert(systemSettings)
      .values({ key: WEIGHTS_KEY, value: weights, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: weights, updatedAt: now, updatedBy: actor.id }, setWhere: unchanged })
      .returning({ key: systemSettings.key }),
    queueListings(db, and(visible, written)!, now.getTime()),
  ]);
  if (wrote.length === 0) {
    // the weights stored are these already (the same Save sent twice: a double click without JavaScript, a
    // resent form): answered as that save was, not "Ada saved ... since you opened this page" over the admin's
    // own save, whose "save again" would have queued every listing to be scored again for nothing
    if (sameWeights(weightsFrom(stored!.value), weights)) return drainMatchQueue(db, { budgetMs });
    return { savedAt: stored!.updatedAt.getTime(), by: stored!.by };
  }
  await recordAudit(db, {
    actor,
    action: "matchmaking.weights",
    subjectType: "system",
    subjectId: WEIGHTS_KEY,
    detail: Object.entries(weights).map(([k, v]) => `${k}=${v}`).join(", "),
    address,
    changes: changedFields(weightsFrom(stored?.value), weights),
  });
  return drainMatchQueue(db, { budgetMs });
}

const sameWeights = (a: MatchWeights, b: MatchWeights) => WEIGHT_KEYS.every((k) => a[k] === b[k]);

/** Every match again, to the end (the seed): what new weights do, without a budget. */
export async function recomputeAllMatches(db: Database, now = Date.now()) {
  await queueListings(db, visible, now);
  await drainMatchQueue(db, { budgetMs: Infinity });
}

/** Listings still waiting to be scored again (the matchmaking page's progress). */
export async function listingsToRescore(db: Database) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(matchQueue);
  return Number(row?.n ?? 0);
}

/** Takes the queue for this drainer unless another holds a live lease. */
async function claim(db: Database, now: number) {
  const rows = await db
    .insert(systemSettings)
    .values({ key: LEASE_KEY, value: now + LEASE_MS, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: now + LEASE_MS, updatedAt: new Date(now) },
      setWhere: sql`cast(${systemSettings.value} as integer) < ${now}`,
    })
    .returning({ key: systemSettings.key });
  return rows.length > 0;
}

const setLease = (db: Database, until: number) => db.update(systemSettings).set({ value: until, updatedAt: new Date() }).where(eq(systemSettings.key, LEASE_KEY));

/**
 * Scores queued listings, lowest id first, until the queue is empty or `budgetMs` is spent; each
 * batch replaces its listings' matches and takes them off the queue atomically. Returns how many
 * listings are left. The weights and responsiveness are read once a drain, past behaviour once an
 * industry a drain, the companies' criteria every batch (a buyer's new criteria are scored by their own save).
 */
export async function drainMatchQueue(db: Database, { budgetMs = 20_000, now = Date.now }: { budgetMs?: number; now?: () => number } = {}) {
  const started = now();
  // housekeeping drains every minute, and the queue is nearly always empty: the inputs below (past
  // behaviour sums every page session: 2.5-2.9 s of Node's one thread at the survey's 1.55 million) and
  // the lease's write are for a queue with work in it
  const [next] = await db.select({ projectId: matchQueue.projectId }).from(matchQueue).limit(1);
  if (!next) return 0;
  if (!(await claim(db, started))) return listingsToRescore(db);
  try {
    const [weights, responsiveness] = await Promise.all([matchWeights(db), responsivenessByCustomer(db)]);
    // past behaviour an industry at a time, the first time a batch has a listing of it: read for every
    // industry at once it was one statement summing every page session (2.2 s of Node's one thread at
    // the survey's 1.55 million); the largest industry's is under 100 ms there
    const behaviourIn = new Map<string, ReturnType<typeof behaviourByCustomer>>();
    const behaviourFor = (industry: string) => {
      let read = behaviourIn.get(industry);
      if (!read) behaviourIn.set(industry, (read = behaviourByCustomer(db, { industry })));
      return read;
    };
    let perListing = 0;
    for (;;) {
      const room = budgetMs - (now() - started);
      // the first batch always runs (a request's budget spent still moves the queue on); then only what fits
      // the server stopping: the lease is given back below, so the next process scores the rest at once
      if ((perListing > 0 && room < perListing) || stopRequested()) return listingsToRescore(db);
      const size = perListing > 0 ? Math.max(1, Math.min(MAX_BATCH, Math.floor(Math.min(room, BATCH_MS) / perListing))) : FIRST_BATCH;
      const batchStarted = now();
      const waiting = await db.select().from(matchQueue).orderBy(asc(matchQueue.projectId)).limit(size);
      if (waiting.length === 0) return 0;
      const ids = waiting.map((w) => w.projectId);
      const [criteria, list] = await Promise.all([matchableCriteria(db), db.select({ ...FACT_COLUMNS, sellerCompany: SELLER_COMPANY }).from(projects).where(and(inList(projects.id, ids), visible))]);
      const rows: Scored[] = [];
      for (const project of list) {
        const behaviour = await behaviourFor(project.industry);
        const scored = await scoreForCompanies({ facts: facts(project), industry: project.industry, sellerCompany: project.sellerCompany }, criteria, {
          weights,
          behaviour,
          responsiveness,
        });
        for (const s of scored) rows.push({ projectId: project.id, ...s });
      }
      // a listing queued again since it was read (new weights in the meantime) stays for the next batch
      const read = JSON.stringify(waiting.map((w) => [w.projectId, w.queuedAt]));
      await replaceMatches(db, inList(matches.projectId, ids), rows, now(), (writer) => [
        // the batch's listings by key first: the exists alone was tried on every listing of the queue (10,000
        // queued by an upload: 2 s a batch, 45 s to score the upload, the database's write lock held throughout)
        writer
          .delete(matchQueue)
          .where(and(inList(matchQueue.projectId, ids), sql`exists (select 1 from json_each(${read}) j where j.value ->> 0 = ${matchQueue.projectId} and j.value ->> 1 = ${matchQueue.queuedAt})`)),
        setLease(writer, now() + LEASE_MS),
      ]);
      perListing = Math.max(perListing, (now() - batchStarted) / waiting.length, 0.01);
    }
  } finally {
    await setLease(db, 0);
  }
}
