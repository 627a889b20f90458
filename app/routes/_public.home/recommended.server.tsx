import type { User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { staticMarkup } from "~/components/static-html.server";
import { primaryRole } from "~/lib/roles";
import { customerMatches } from "~/models/matches.server";
import { Recommended } from "./recommended";

/**
 * A buyer's best-matching projects, from its company's criteria, drawn here to markup (they only show
 * and link); null for everyone else (nothing to show).
 */
export async function recommendedFor(services: Services, user: User | null) {
  if (!user || primaryRole(user.roles) !== "buyer") return null;
  const hasCompany = user.customerId !== null;
  const projects = user.customerId === null ? [] : await customerMatches(services.db, { customerId: user.customerId, limit: 6 });
  return staticMarkup(<Recommended projects={projects} hasCompany={hasCompany} />);
}
