import { count } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { insertMany } from "~/.server/db/bulk";
import { propertyAssumptions, sicCodes } from "~/.server/db/schema";
import { sicDivisionOf } from "~/lib/system-data";
import { DEMO_SIC_CODES } from "~/seed/sic-codes";

/** Market cap rate, vacancy and expense ratio (percent) by property type, nationwide. */
const BY_TYPE: Record<string, [capRate: number, vacancy: number, expenseRatio: number]> = {
  Industrial: [6.25, 5, 25],
  "Residential (1-4 family)": [5.75, 5, 35],
  "Multifamily (5+ units)": [5.5, 6, 40],
  Construction: [8, 15, 30],
  Hospitality: [8.5, 30, 65],
  "Agricultural Land": [4.5, 0, 15],
  Office: [7.5, 17, 45],
  Retail: [7, 9, 30],
  "Land (raw)": [5, 0, 10],
  Storage: [6, 10, 35],
  Commercial: [7, 10, 35],
};

/** How far each region's cap rate and vacancy sit from the nationwide row (points). */
const BY_REGION: Record<string, [capRate: number, vacancy: number]> = {
  Nationwide: [0, 0],
  Northeast: [-0.25, -1],
  Southeast: [0.15, 0],
  Midwest: [0.5, 1],
  West: [-0.5, -0.5],
  Southwest: [0.25, 1],
};

export function demoPropertyAssumptions() {
  return Object.entries(BY_TYPE).flatMap(([propertyType, [capRate, vacancy, expenseRatio]]) =>
    Object.entries(BY_REGION).map(([region, [capShift, vacancyShift]]) => ({
      propertyType,
      region,
      capRate: Math.round((capRate + capShift) * 100) / 100,
      vacancy: Math.max(0, vacancy + (vacancy > 0 ? vacancyShift : 0)),
      expenseRatio,
    })),
  );
}

export function demoSicCodes() {
  return DEMO_SIC_CODES.map((c) => ({ ...c, division: sicDivisionOf(c.code) }));
}

/** System data for valuation and the listing forms, so that the demo prices out of the box; each table when empty. */
export async function seedSystemDataIfEmpty(db: Database) {
  const [[properties], [codes]] = await Promise.all([
    db.select({ n: count() }).from(propertyAssumptions),
    db.select({ n: count() }).from(sicCodes),
  ]);
  if (!properties?.n) await insertMany(db, propertyAssumptions, demoPropertyAssumptions(), { ignoreConflicts: true });
  if (!codes?.n) await insertMany(db, sicCodes, demoSicCodes(), { ignoreConflicts: true });
}
