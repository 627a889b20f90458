import type { Database } from "~/.server/db";
import type { SavedSearch } from "~/.server/db/schema";
import type { Env } from "~/.server/env";
import { alertsUnsubscribeToken, type AlertsClaim } from "~/.server/unsubscribe-token";
import { teaserPathFor } from "~/lib/access";
import { formatCompactCurrency, formatPercent } from "~/lib/format-figures";
import { primaryRole, type Role } from "~/lib/roles";
import { describeFilters, filtersOf, searchPathOf } from "~/lib/saved-searches";
import { queuedMessage } from "./outbox.server";
import { searchProjects } from "./project-search.server";
import { claimDueSearches, digestRecorded, membersDueForDigest, reportedAmong } from "./saved-searches.server";
import { isSuppressed } from "./suppressions.server";

type DigestEnv = Pick<Env, "APP_URL" | "SESSION_SECRET">;
type Member = Awaited<ReturnType<typeof membersDueForDigest>>[number];
type Match = Awaited<ReturnType<typeof searchProjects>>["rows"][number];
type Found = { search: SavedSearch; matches: Match[]; more: number };

/** Listings a digest names per search; the rest are one link away (the search itself). */
export const DIGEST_MATCHES_PER_SEARCH = 20;
/** Members a maintenance run looks at; the others wait for the next run (every 5 minutes on Workers, every minute on Node). */
export const DIGEST_MEMBERS_PER_RUN = 25;

export const DIGEST_SUBJECT = "New listings for your saved searches";

/**
 * What is new for one search: the listings its own query finds (so a digest never
 * names what the search would not show) published or changed since its last digest
 * (or since it was saved), less those already reported at the same version.
 */
function newMatches(search: SavedSearch, reported: Map<string, number>, found: Match[], total: number): Found {
  const matches = found.filter((row) => (reported.get(`${search.id}:${row.id}`) ?? -1) < row.updatedAt.getTime());
  return { search, matches, more: Math.max(0, total - found.length) };
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
        pageSize: DIGEST_MATCHES_PER_SEARCH,
      }),
    ),
  );
  const reported = await reportedAmong(db, { searchIds: searches.map((s) => s.id), projectIds: [...new Set(results.flatMap((r) => r.rows.map((row) => row.id)))] });
  return searches.map((search, i) => newMatches(search, reported, results[i]!.rows, results[i]!.total));
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

/** One member's digest: claimed, looked for, and (when there is news) queued in the same batch that records it. */
async function digestFor(db: Database, env: DigestEnv, member: Member, now: number) {
  // oldest first: a listing two searches find is named under the one saved first
  const searches = (await claimDueSearches(db, { userId: member.id, now })).sort((a, b) => a.id - b.id);
  const role = primaryRole(member.roles);
  // a member who is no longer a buyer or broker, or who asked for no e-mail at all, keeps the searches but gets nothing
  if (!searches.length || (role !== "buyer" && role !== "broker") || (await isSuppressed(db, { channel: "email", address: member.email }))) return false;
  const found = (await findNew(db, member, searches)).filter((f) => f.matches.length > 0);
  if (!found.length) return false;
  const message = await digestMessage(env, { member, role, found: onceEach(found).filter((f) => f.matches.length > 0) });
  // reported for every search that found it, named once or not: none of them names it again unchanged
  const reported = found.map((f) => ({ searchId: f.search.id, projects: f.matches.map((m) => ({ id: m.id, updatedAt: m.updatedAt })) }));
  await db.batch([
    queuedMessage(db, { channel: "email", recipient: member.email, ...message }, now),
    ...digestRecorded(db, { searchIds: searches.map((s) => s.id), reported, now }),
  ] as unknown as Parameters<typeof db.batch>[0]);
  return true;
}

/**
 * The daily digests, from the housekeeping run: up to `limit` members whose searches
 * are due, each e-mailed at most once a day through the outbox, and only with news.
 * Returns how many digests were queued.
 */
export async function sendDueDigests(db: Database, env: DigestEnv, { now = Date.now(), limit = DIGEST_MEMBERS_PER_RUN }: { now?: number; limit?: number } = {}) {
  let queued = 0;
  for (const member of await membersDueForDigest(db, { now, limit })) {
    if (await digestFor(db, env, member, now)) queued++;
  }
  return queued;
}
