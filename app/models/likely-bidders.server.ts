import type { Database } from "~/.server/db";
import { eq } from "drizzle-orm";
import { customers, users, type Project } from "~/.server/db/schema";
import { inList } from "~/.server/db/in-list";
import { projectFacts } from "~/lib/match-score";
import { behaviourByCustomer, matchableCriteria, matchWeights, responsivenessByCustomer, scoreForCompanies } from "./matches.server";
import { responsivenessOf } from "./responsiveness.server";

export const LIKELY_BIDDERS = 10;

/**
 * "Buyers likely to bid" on a project before it is published: the draft scored on the
 * fly against every buyer company's criteria (drafts have no stored matches), best
 * first. Never a name or an id: a seller learns who a buyer is only once it signs the NDA.
 */
export async function likelyBidders(
  db: Database,
  { project }: { project: Pick<Project, "sellerId" | "kind" | "industry" | "location" | "state" | "size" | "term" | "saleType" | "details"> },
) {
  // every company's criteria a page at a time and scored with turns between thousands, as a listing's
  // stored matches are: read and scored at once, 100,000 companies held Node's one thread about a second
  const [weights, companies, behaviour, responsiveness, [seller]] = await Promise.all([
    matchWeights(db),
    matchableCriteria(db),
    behaviourByCustomer(db, { industry: project.industry }),
    responsivenessByCustomer(db),
    db.select({ customerId: users.customerId }).from(users).where(eq(users.id, project.sellerId)),
  ]);
  const listing = { facts: projectFacts(project), industry: project.industry, sellerCompany: seller?.customerId ?? null };
  const scored = await scoreForCompanies(listing, companies, { weights, behaviour, responsiveness });
  const best = scored.sort((a, b) => b.score - a.score || a.customerId - b.customerId).slice(0, LIKELY_BIDDERS);
  const ids = best.map((b) => b.customerId);
  const [profiles, stored] = await Promise.all([
    ids.length ? db.select({ id: customers.id, businessType: customers.businessType, size: customers.size }).from(customers).where(inList(customers.id, ids)) : [],
    responsivenessOf(db, { customerIds: ids, side: "buyer" }),
  ]);
  const profile = new Map(profiles.map((p) => [p.id, p]));
  // a company gone between the two reads is left out, and the labels count those shown
  return best
    .filter((b) => profile.has(b.customerId))
    .map((b, i) => ({
      label: `Buyer #${i + 1}`,
      businessType: profile.get(b.customerId)!.businessType,
      customerSize: profile.get(b.customerId)!.size,
      score: b.score,
      reasons: b.reasons,
      responsivenessScore: stored(b.customerId).score,
      responsivenessReason: stored(b.customerId).reason,
    }));
}
