import type { Database } from "~/.server/db";
import type { SavedSearch } from "~/.server/db/schema";
import type { Env } from "~/.server/env";
import { alertsUnsubscribeToken, type AlertsClaim } from "~/.server/unsubscribe-token";
import { teaserPathFor } from "~/lib/access";
import { formatCompactCurrency, formatPercent } from "~/lib/format-figures";
import { primaryRole, type Role } from "~/lib/roles";
import { describeFilters, filtersOf, searchPathOf } from "~/lib/saved-searches";
import { nextTurn } from "~/.server/platform/next-turn";
import { queuedMessage } from "./outbox.server";
import { searchProjects } from "./project-search.server";
import { claimDueMembers, digestRecipient, digestRecorded, dueSearchesOf, releaseClaim, reportedAmong } from "./saved-searches.server";
import { isSuppressed } from "./suppressions.server";

type DigestEnv = Pick<Env, "APP_URL" | "SESSION_SECRET">;
type Member = NonNullable<Awaited<ReturnType<typeof digestRecipient>>>;
type Match = Awaited<ReturnType<typeof searchProjects>>["rows"][number];
type Found = { search: SavedSearch; matches: Match[]; more: boolean };

/** Listings a digest names per search; the rest are one link away (the search itself). */
export const DIGEST_MATCHES_PER_SEARCH = 20;
/** Members a run claims at a time: one queue `sendBatch` (at most 100 messages) on Workers, one stretch between yields on Node. */
export const DIGEST_PAGE_SIZE = 100;
/**
 * Pages a Workers cron run hands to the queue: 50 pages, 5,000 members every 5 minutes, some 150
 * of the invocation's 1,000 subrequests (the outbox drain after it takes up to 600).
 */
export const DIGEST_PAGES_PER_RUN = 50;
/** The time a Node run spends on digests (every minute, yielding between members), and the members it takes at most. */
export const DIGEST_NODE_BUDGET_MS = 5_000;
export const DIGEST_NODE_MEMBERS_PER_RUN = 1_000;

/** Node's digests written in one commit (sendDueDigests). */
const DIGESTS_PER_WRITE = 5;

export const DIGEST_SUBJECT = "New listings for your saved searches";

/**
 * What is new for one search: the listings its own query finds (so a digest never
 * names what the search would not show) published or changed since its last digest
 * (or since it was saved), less those already reported at the same version.
 */
function newMatches(search: SavedSearch, reported: Map<string, number>, found: Match[], more: boolean): Found {
  const matches = found.filter((row) => (reported.get(`${search.id}:${row.id}`) ?? -1) < row.updatedAt.getTime());
  return { search, matches, more };
}

async function findNew(db: Database, member: Member, searches: SavedSearch[]) {
  const results = await Promise.all(
    searches.map((search) =>
      searchProjects(db, {
        ...filtersOf(search.query),
        changedSince: search.lastDigestAt ?? search.createdAt,
        // a member who also sells is not told of their own listings, nor of their company's, as news to buy
        exceptSeller: member.id,
        exceptCompany: member.customerId,
        sort: "date",
        desc: true,
        // one more than a digest names, to know whether there are more: their count was a second query a search
        pageSize: DIGEST_MATCHES_PER_SEARCH + 1,
      }, { counted: false }).then(({ rows }) => ({ rows: rows.slice(0, DIGEST_MATCHES_PER_SEARCH), more: rows.length > DIGEST_MATCHES_PER_SEARCH })),
    ),
  );
  const reported = await reportedAmong(db, { searchIds: searches.map((s) => s.id), projectIds: [...new Set(results.flatMap((r) => r.rows.map((row) => row.id)))] });
  return searches.map((search, i) => newMatches(search, reported, results[i]!.rows, results[i]!.more));
}

/** Each listing once per digest, under the first search that found it: two searches finding one listing named it twice. */
function onceEach(found: Found[]): Found[] {
  const named = new Set<number>();
  return found.map((f) => {
    const matches = f.matches.filter((row) => !named.has(row.id));
    for (const row of matches) named.add(row.id);
    return { ...f, matches };
  });
}

const alertsLink = async (env: DigestEnv, claim: AlertsClaim) => `${env.APP_URL}/unsubscribe/alerts/${await alertsUnsubscribeToken(env.SESSION_SECRET, claim)}`;

function factsOf(row: Match) {
  return [row.industry, row.location, row.size === null ? "" : formatCompactCurrency(row.size), row.term, row.waInterest === null ? "" : `${formatPercent(row.waInterest)} rate`]
    .filter(Boolean)
    .join(", ");
}

/** The digest's text: each search with news, its listings (name, key facts, teaser link) and its own stop link; one link stops them all. */
export async function digestMessage(env: DigestEnv, { member, role, found }: { member: Pick<Member, "id" | "name">; role: Role; found: Found[] }) {
  const section = role === "broker" ? "brokers" : "buyers";
  const blocks = await Promise.all(
    found.map(async ({ search, matches, more }) => {
      const lines = [`${search.name} (${describeFilters(filtersOf(search.query))}): ${matches.length === 1 ? "1 listing" : `${matches.length} listings`}`];
      for (const row of matches) lines.push(`- ${row.projectName}: ${factsOf(row)}`, `  ${env.APP_URL}${teaserPathFor(role, row)}`);
      if (more) lines.push(`And more: ${env.APP_URL}${searchPathOf(section, search.query)}`);
      lines.push(`Stop alerts for "${search.name}": ${await alertsLink(env, { searchId: search.id })}`);
      return lines.join("\n");
    }),
  );
  const stopAll = await alertsLink(env, { userId: member.id });
  return {
    subject: DIGEST_SUBJECT,
    body: `Hello ${member.name},\n\nNew or changed listings match your saved searches.\n\n${blocks.join("\n\n")}\n\n--\nYour saved searches: ${env.APP_URL}/preferences\nStop all saved-search alerts: ${stopAll}\n`,
    // the header's target takes the provider's one-click POST: the whole digest stops
    headers: { "List-Unsubscribe": `<${stopAll}/one-click>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * One member's digest, looked for now: nothing for a member disabled since the claim, no longer a
 * buyer or broker, whose address asked for no e-mail, or whose searches' alerts are off; otherwise
 * the statements that queue it in the outbox and record it, for one batch (whose guard takes the
 * outbox row out again when another delivery recorded one within the day: a queue message
 * delivered twice sends once).
 */
async function digestStatements(db: Database, env: DigestEnv, { userId, now }: { userId: number; now: number }) {
  const member = await digestRecipient(db, { userId });
  if (!member) return null;
  const role = primaryRole(member.roles);
  if ((role !== "buyer" && role !== "broker") || (await isSuppressed(db, { channel: "email", address: member.email }))) return null;
  // oldest first: a listing two searches find is named under the one saved first
  const searches = await dueSearchesOf(db, { userId, now });
  if (!searches.length) return null;
  const found = (await findNew(db, member, searches)).filter((f) => f.matches.length > 0);
  if (!found.length) return null;
  const message = await digestMessage(env, { member, role, found: onceEach(found).filter((f) => f.matches.length > 0) });
  // reported for every search that found it, named once or not: none of them names it again unchanged
  const reported = found.map((f) => ({ searchId: f.search.id, projects: f.matches.map((m) => ({ id: m.id, updatedAt: m.updatedAt })) }));
  return [queuedMessage(db, { channel: "email", recipient: member.email, ...message }, now), ...digestRecorded(db, { searchIds: searches.map((s) => s.id), reported, now })];
}

type Statements = NonNullable<Awaited<ReturnType<typeof digestStatements>>>;

/** Writes digests' statements in one batch (one commit); how many of them were queued and not taken out again by their guard. */
async function writeDigests(db: Database, digests: Statements[]) {
  const results = (await db.batch(digests.flat() as unknown as Parameters<typeof db.batch>[0])) as unknown as unknown[];
  let queued = 0;
  // each digest's guard is the statement after its outbox row
  for (let at = 0, i = 0; i < digests.length; at += digests[i]!.length, i++) if (!taken(results[at + 1])) queued++;
  return queued;
}

/** One member's digest, looked for and written now (digestStatements). Returns whether a digest was queued. */
export async function sendDigest(db: Database, env: DigestEnv, { userId, now = Date.now() }: { userId: number; now?: number }) {
  const digest = await digestStatements(db, env, { userId, now });
  return digest ? (await writeDigests(db, [digest])) === 1 : false;
}

/** Whether the batch's guard took the outbox row out again (libsql and D1 count changes differently). */
function taken(result: unknown) {
  const r = result as { rowsAffected?: number; meta?: { changes?: number } } | undefined;
  return (r?.rowsAffected ?? r?.meta?.changes ?? 0) > 0;
}

/**
 * Hands the members whose digests are due to `deliver` a page at a time (least recently looked at
 * first), each page claimed before it is handed on, until none is due or `pages` pages are done.
 * A page `deliver` fails on is given back (the next run takes it first) and the run stops there.
 * Returns the members handed on.
 */
export async function fanOutDueDigests(
  db: Database,
  { now = Date.now(), deliver, pageSize = DIGEST_PAGE_SIZE, pages = DIGEST_PAGES_PER_RUN, until = Infinity }: { now?: number; deliver: (userIds: number[]) => Promise<void>; pageSize?: number; pages?: number; until?: number },
) {
  let handed = 0;
  for (let page = 0; page < pages && Date.now() < until; page++) {
    const userIds = await claimDueMembers(db, { now, limit: pageSize });
    if (!userIds.length) break;
    try {
      await deliver(userIds);
    } catch (error) {
      await releaseClaim(db, { userIds, now }).catch(() => undefined);
      throw error;
    }
    handed += userIds.length;
  }
  return handed;
}

/**
 * The digests in process (Node, and a Worker without the DIGESTS queue): the due members claimed
 * and each looked at in turn, for up to `budgetMs`, yielding between members so that requests
 * are answered meanwhile. Returns how many digests were queued in the outbox.
 */
export async function sendDueDigests(
  db: Database,
  env: DigestEnv,
  { now = Date.now(), limit = DIGEST_NODE_MEMBERS_PER_RUN, budgetMs = DIGEST_NODE_BUDGET_MS }: { now?: number; limit?: number; budgetMs?: number } = {},
) {
  let queued = 0;
  const pageSize = Math.min(limit, 25);
  await fanOutDueDigests(db, {
    now,
    pageSize,
    pages: Math.ceil(limit / pageSize),
    until: Date.now() + budgetMs,
    deliver: async (userIds) => {
      // written DIGESTS_PER_WRITE at a time: each write is a commit, and a commit's sync to disk (some 5-10 ms, the
      // thread held) cost more than the digest's reads; one commit for several holds the thread about as long as one did
      let digests: Array<{ userId: number; statements: Statements }> = [];
      const write = async () => {
        const batch = digests;
        digests = [];
        if (!batch.length) return;
        // a failed write is theirs alone: they are looked at again after the recheck time
        queued += await writeDigests(db, batch.map((d) => d.statements)).catch((error: unknown) => {
          console.error(`saved-search digests for members ${batch.map((d) => d.userId).join(", ")} failed:`, error);
          return 0;
        });
        await nextTurn();
      };
      for (const userId of userIds) {
        // one member's failure does not hold up the others: theirs is looked at again after the recheck time
        const statements = await digestStatements(db, env, { userId, now }).catch((error: unknown) => void console.error(`saved-search digest for member ${userId} failed:`, error));
        if (statements) digests.push({ userId, statements });
        if (digests.length >= DIGESTS_PER_WRITE) await write();
        await nextTurn();
      }
      await write();
    },
  });
  return queued;
}
