import type { User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { primaryRole } from "~/lib/roles";
import { customerMatches } from "~/models/matches.server";

/** A buyer's best-matching projects, from its company's criteria; null for everyone else (nothing to show). */
export async function recommendedFor(services: Services, user: User | null) {
  if (!user || primaryRole(user.roles) !== "buyer") return null;
  if (user.customerId === null) return { projects: [], hasCompany: false };
  return { projects: await customerMatches(services.db, { customerId: user.customerId, limit: 6 }), hasCompany: true };
}
