import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { campaignOutcomes as outcomes, customers, outcomeStage, outcomeStageAt, type Campaign } from "~/.server/db/schema";

/** How long after its message a recipient's step still counts as following the campaign (migration 0055's triggers). */
export const OUTCOME_WINDOW_DAYS = 14;

export type OutcomeRow = { customerId: number; customerName: string; sentAt: number; viewedAt: number | null; signedAt: number | null; offeredAt: number | null };

const stage = outcomeStage(outcomes);
// furthest along first, then the latest to get there: the index's order, walked for the page and kept for its rows
const order = [desc(stage), desc(outcomeStageAt(outcomes)), desc(outcomes.customerId)];

/**
 * What followed a campaign, from our own records (decision 065): of the customers it reached, how
 * many then looked at the project, signed its NDA or made an offer within 14 days, and who: a page
 * of them, furthest along first, then the latest to get there. The steps are kept as they are
 * recorded (nothing is tracked in the message itself: no pixel, no redirecting link); the counts
 * and the page's order come from one index.
 */
export async function campaignOutcomes(db: Database, { campaign, page = 1, pageSize = 25 }: { campaign: Pick<Campaign, "id">; page?: number; pageSize?: number }) {
  const at = Math.max(1, page);
  const ofCampaign = eq(outcomes.campaignId, campaign.id);
  const [[totals], rows] = await Promise.all([
    db
      .select({
        reached: count(),
        // a signature or an offer means the project was looked at, tracked or not
        followed: sql<number>`count(*) filter (where ${stage} > 0)`,
        signed: count(outcomes.signedAt),
        offered: sql<number>`count(*) filter (where ${stage} = 3)`,
      })
      .from(outcomes)
      .where(ofCampaign),
    db
      .select({
        customerId: outcomes.customerId,
        customerName: customers.name,
        sentAt: outcomes.sentAt,
        viewedAt: outcomes.viewedAt,
        signedAt: outcomes.signedAt,
        offeredAt: outcomes.offeredAt,
      })
      .from(outcomes)
      .innerJoin(customers, eq(customers.id, outcomes.customerId))
      // the page chosen from the index first: an offset would look up the customer of every row it skips
      .where(
        sql`${outcomes}.rowid in (${db
          .select({ rowid: sql`rowid` })
          .from(outcomes)
          .where(and(ofCampaign, gt(stage, 0)))
          .orderBy(...order)
          .limit(pageSize)
          .offset((at - 1) * pageSize)})`,
      )
      .orderBy(...order),
  ]);
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  return {
    windowDays: OUTCOME_WINDOW_DAYS,
    reached: totals?.reached ?? 0,
    viewed: totals?.followed ?? 0,
    signed: totals?.signed ?? 0,
    offered: totals?.offered ?? 0,
    total: totals?.followed ?? 0,
    page: at,
    pageSize,
    rows: rows.map((r): OutcomeRow => ({ ...r, sentAt: r.sentAt.getTime(), viewedAt: ms(r.viewedAt), signedAt: ms(r.signedAt), offeredAt: ms(r.offeredAt) })),
  };
}
