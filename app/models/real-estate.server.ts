import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { projects, propertyAssumptions, type Project } from "~/.server/db/schema";
import { defaultInputs, valueProperty, type MarketAssumptions, type StoredProperty } from "~/lib/real-estate-valuation";
import { NATIONWIDE } from "~/models/property-assumptions.server";
import { notImporting } from "~/models/projects.server";
import { sellerReach } from "~/models/seller-permissions.server";

export const REAL_ESTATE_PAGE_SIZE = 25;

const number = (v: unknown) => (v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v));

/** What valuation reads of a real-estate listing: its property (details) and its debt (columns). */
export function storedPropertyOf(p: Pick<Project, "details" | "loanAmount" | "waInterest">): StoredProperty {
  return { noi: number(p.details.noi), occupancy: number(p.details.occupancy), loanAmount: p.loanAmount, waInterest: p.waInterest };
}

export const propertyTypeOf = (p: Pick<Project, "details">) => String(p.details.propertyType ?? "");

/** Every row of system data by type and region: a few dozen, read once for a page of projects. */
async function marketTable(db: Database) {
  const rows = await db.select().from(propertyAssumptions);
  const byKey = new Map(rows.map((r) => [`${r.propertyType}\n${r.region}`, r]));
  return (propertyType: string, region: string) => byKey.get(`${propertyType}\n${region}`) ?? byKey.get(`${propertyType}\n${NATIONWIDE}`) ?? null;
}

/** The real-estate projects a seller reaches: their own, and their team's as their permissions say; none still importing. */
const own = async (db: Database, sellerId: number) => and(await sellerReach(db, { userId: sellerId }), eq(projects.kind, "real_estate"), notImporting);

/** One page of the seller's real-estate projects, each valued on the defaults (system data and what the listing stores). */
export async function ownRealEstateValuations(db: Database, { sellerId, page = 1, pageSize = REAL_ESTATE_PAGE_SIZE }: { sellerId: number; page?: number; pageSize?: number }) {
  const mine = await own(db, sellerId);
  const pageAt = (at: number) =>
    db
      .select()
      .from(projects)
      .where(mine)
      .orderBy(asc(projects.projectName), asc(projects.id))
      .limit(pageSize)
      .offset((at - 1) * pageSize);
  const [found, [total], marketFor] = await Promise.all([pageAt(Math.max(1, page)), db.select({ count: count() }).from(projects).where(mine), marketTable(db)]);
  // a page past the last (a stale or made-up ?page=) shows the last, not "You have no real-estate projects."
  const last = Math.max(1, Math.ceil((total?.count ?? 0) / pageSize));
  const rows = found.length || page <= last ? found : await pageAt(last);
  page = Math.min(Math.max(1, page), last);
  return {
    // the map draws the page's projects (see realEstateMap)
    places: rows.map((p) => ({ id: p.id, projectName: p.projectName, state: p.state, latitude: p.latitude, longitude: p.longitude })),
    rows: rows.map((p) => {
      const market = marketFor(propertyTypeOf(p), p.location);
      const valuation = valueProperty(defaultInputs(storedPropertyOf(p), market));
      return {
        id: p.id,
        projectName: p.projectName || "Untitled draft",
        status: p.status,
        propertyType: propertyTypeOf(p),
        region: p.location,
        state: p.state,
        city: String(p.details.city ?? ""),
        noi: valuation.noi,
        value: valuation.value,
        ltv: valuation.ltv,
        dscr: valuation.dscr,
        priced: market !== null,
      };
    }),
    total: total?.count ?? 0,
    page: Math.max(1, page),
    pageSize,
  };
}

/** The seller's own real-estate project with the system data for its type and region; null for anything else. */
export async function ownRealEstate(db: Database, { sellerId, projectId }: { sellerId: number; projectId: number }) {
  if (!Number.isSafeInteger(projectId) || projectId <= 0) return null;
  const project = await db.query.projects.findFirst({ where: and(await own(db, sellerId), eq(projects.id, projectId)) });
  if (!project) return null;
  const market: (MarketAssumptions & { propertyType: string; region: string }) | null = (await marketTable(db))(propertyTypeOf(project), project.location);
  return { project, market };
}

/** How many of the seller's real-estate projects each state has, most first (the map shades and counts them all). */
export async function ownRealEstateStates(db: Database, { sellerId }: { sellerId: number }) {
  const n = count();
  return db
    .select({ state: projects.state, count: n })
    .from(projects)
    // the kind as a literal: the planner takes the real-estate projects' partial index (by state)
    // only for a query whose own terms name its condition
    .where(and(await sellerReach(db, { userId: sellerId }), sql`${projects.kind} = 'real_estate'`, ne(projects.state, ""), notImporting))
    .groupBy(projects.state)
    .orderBy(desc(n), asc(projects.state));
}
