import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { outbox, type Campaign } from "~/.server/db/schema";
import { listDefinition } from "./campaigns.server";
import { addressOn, membersOf } from "./recipient-lists.server";

/** How long after its message a recipient's step still counts as following the campaign. */
export const OUTCOME_WINDOW_DAYS = 14;
const WINDOW_MS = OUTCOME_WINDOW_DAYS * 86_400_000;

export type OutcomeRow = { customerId: number; customerName: string; sentAt: number; viewedAt: number | null; signedAt: number | null; offeredAt: number | null };

/** The recipients a campaign reached (sent), as customers with the time their message went. */
async function reachedCustomers(db: Database, campaign: Pick<Campaign, "id" | "channel" | "listId">) {
  const sent = await db
    .select({ recipient: outbox.recipient, sentAt: outbox.sentAt })
    .from(outbox)
    .where(and(eq(outbox.campaignId, campaign.id), eq(outbox.status, "sent"), isNotNull(outbox.sentAt)));
  if (!sent.length) return [];
  const definition = await listDefinition(db, campaign.listId);
  if (!definition) return [];
  // the list as it resolves today: a member is matched to its message by the address it was sent to
  const byAddress = new Map((await membersOf(db, { definition })).map((m) => [addressOn[campaign.channel](m), m] as const));
  const reached = new Map<number, { customerId: number; customerName: string; sentAt: number }>();
  for (const row of sent) {
    const member = byAddress.get(row.recipient.toLowerCase()) ?? byAddress.get(row.recipient);
    if (!member || reached.has(member.customerId)) continue;
    reached.set(member.customerId, { customerId: member.customerId, customerName: member.customerName, sentAt: row.sentAt!.getTime() });
  }
  return [...reached.values()];
}

/**
 * Each reached customer's first step of each kind within the window after their message: a
 * look at the project (a tracked page session or a counted teaser view), an NDA signed, an
 * offer made. On the promoted project, or on any project when the campaign promoted none.
 * One query per step over a JSON table of (customer, sent at); nothing is tracked in the
 * message itself (no pixel, no redirecting link).
 */
async function firstSteps(db: Database, sent: Array<{ customerId: number; sentAt: number }>, projectId: number | null) {
  const table = JSON.stringify(sent.map((s) => [s.customerId, s.sentAt]));
  const reachedCte = sql`with reached(customer_id, sent_at) as (select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${table}))`;
  const onProject = (column: string) => (projectId === null ? sql`` : sql` and ${sql.raw(column)} = ${projectId}`);
  const run = async (query: ReturnType<typeof sql>) => {
    const rows = (await db.all(query)) as Array<{ customer_id: number; at: number }>;
    return new Map(rows.map((r) => [Number(r.customer_id), Number(r.at)]));
  };
  const [sessions, latestLooks, looks, signed, offered] = await Promise.all([
    run(sql`${reachedCte} select r.customer_id, min(ps.session_start) as at from reached r join users u on u.customer_id = r.customer_id
      join page_sessions ps on ps.user_id = u.id and ps.session_start >= r.sent_at and ps.session_start < r.sent_at + ${WINDOW_MS}${onProject("ps.project_id")}
      ${projectId === null ? sql` and ps.project_id is not null` : sql``} group by r.customer_id`),
    // a teaser view without JavaScript: its time when it is the member's latest look, else its day (days after the message's own)
    run(sql`${reachedCte} select r.customer_id, min(v.viewed_at) as at from reached r join users u on u.customer_id = r.customer_id
      join recently_viewed v on v.user_id = u.id and v.viewed_at >= r.sent_at and v.viewed_at < r.sent_at + ${WINDOW_MS}${onProject("v.project_id")} group by r.customer_id`),
    run(sql`${reachedCte} select r.customer_id, min(strftime('%s', l.day) * 1000) as at from reached r join users u on u.customer_id = r.customer_id
      join daily_project_looks l on l.user_id = u.id and l.kind = 'view' and l.day > strftime('%Y-%m-%d', r.sent_at / 1000, 'unixepoch')
      and l.day < strftime('%Y-%m-%d', (r.sent_at + ${WINDOW_MS}) / 1000, 'unixepoch')${onProject("l.project_id")} group by r.customer_id`),
    run(sql`${reachedCte} select r.customer_id, min(c.signed_at) as at from reached r join users u on u.customer_id = r.customer_id
      join contracts c on c.buyer_id = u.id and c.signed_at >= r.sent_at and c.signed_at < r.sent_at + ${WINDOW_MS}${onProject("c.project_id")} group by r.customer_id`),
    run(sql`${reachedCte} select r.customer_id, min(o.created_at) as at from reached r join users u on u.customer_id = r.customer_id
      join offers o on o.buyer_id = u.id and o.created_at >= r.sent_at and o.created_at < r.sent_at + ${WINDOW_MS}${onProject("o.project_id")} group by r.customer_id`),
  ]);
  const earliest = (...times: Array<number | undefined>) => {
    const known = times.filter((t): t is number => t !== undefined);
    return known.length ? Math.min(...known) : null;
  };
  return { viewed: (id: number) => earliest(sessions.get(id), latestLooks.get(id), looks.get(id)), signed: (id: number) => signed.get(id) ?? null, offered: (id: number) => offered.get(id) ?? null };
}

/**
 * What followed a campaign, from our own records: of the customers it reached, how many then
 * looked at the project, signed its NDA or made an offer within 14 days, and who (a page of them).
 */
export async function campaignOutcomes(
  db: Database,
  { campaign, page = 1, pageSize = 25 }: { campaign: Pick<Campaign, "id" | "channel" | "listId" | "projectId">; page?: number; pageSize?: number },
) {
  const reached = await reachedCustomers(db, campaign);
  const steps = reached.length ? await firstSteps(db, reached, campaign.projectId) : null;
  const rows: OutcomeRow[] = steps
    ? reached
        .map((r) => ({ ...r, viewedAt: steps.viewed(r.customerId), signedAt: steps.signed(r.customerId), offeredAt: steps.offered(r.customerId) }))
        .filter((r) => r.viewedAt !== null || r.signedAt !== null || r.offeredAt !== null)
        .sort((a, b) => Number(b.offeredAt !== null) - Number(a.offeredAt !== null) || Number(b.signedAt !== null) - Number(a.signedAt !== null) || a.customerName.localeCompare(b.customerName))
    : [];
  // a signature or an offer means the project was looked at, tracked or not
  const count = (has: (r: OutcomeRow) => boolean) => rows.filter(has).length;
  return {
    windowDays: OUTCOME_WINDOW_DAYS,
    reached: reached.length,
    viewed: count((r) => r.viewedAt !== null || r.signedAt !== null || r.offeredAt !== null),
    signed: count((r) => r.signedAt !== null),
    offered: count((r) => r.offeredAt !== null),
    total: rows.length,
    page: Math.max(1, page),
    pageSize,
    rows: rows.slice((Math.max(1, page) - 1) * pageSize, Math.max(1, page) * pageSize),
  };
}
