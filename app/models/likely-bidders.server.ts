import type { Database } from "~/.server/db";
import { customers, type Project } from "~/.server/db/schema";
import { criteriaFrom } from "~/lib/buyer-criteria";
import { MIN_MATCH_SCORE, projectFacts, scoreProject } from "~/lib/match-score";
import { criteriaForMatching } from "./criteria-vocabulary.server";
import { behaviourByCustomer, matchable, matchWeights, responsivenessByCustomer } from "./matches.server";
import { responsivenessOf } from "./responsiveness.server";

export const LIKELY_BIDDERS = 10;

/**
 * "Buyers likely to bid" on a project before it is published: the draft scored on the
 * fly against every buyer company's criteria (drafts have no stored matches), best
 * first. Never a name or an id: a seller learns who a buyer is only once it signs the NDA.
 */
export async function likelyBidders(
  db: Database,
  { project }: { project: Pick<Project, "kind" | "industry" | "location" | "state" | "size" | "term" | "saleType" | "details"> },
) {
  const [weights, buyers, behaviour, responsiveness] = await Promise.all([
    matchWeights(db),
    db.select({ id: customers.id, preferences: customers.preferences, businessType: customers.businessType, customerSize: customers.size }).from(customers).where(matchable),
    behaviourByCustomer(db, { industry: project.industry }),
    responsivenessByCustomer(db),
  ]);
  const facts = projectFacts(project);
  const best = buyers
    .map((b) => ({
      ...b,
      ...scoreProject(criteriaForMatching(criteriaFrom(b.preferences)), facts, behaviour(b.id, project.industry), weights, responsiveness.get(b.id) ?? null),
    }))
    .filter((b) => b.score >= MIN_MATCH_SCORE)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, LIKELY_BIDDERS);
  const stored = await responsivenessOf(db, { customerIds: best.map((b) => b.id), side: "buyer" });
  return best.map((b, i) => ({
    label: `Buyer #${i + 1}`,
    businessType: b.businessType,
    customerSize: b.customerSize,
    score: b.score,
    reasons: b.reasons,
    responsivenessScore: stored(b.id).score,
    responsivenessReason: stored(b.id).reason,
  }));
}
