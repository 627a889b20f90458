import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { insertMany } from "~/.server/db/bulk";
import { interestRates, pricingCoefficients } from "~/.server/db/schema";
import type { Coefficient } from "~/lib/loan-pricing";

/**
 * The demo's pricing data, so that loan pricing works out of the box: a benchmark
 * curve shaped like the Treasury curve of late 2026 and spreads and default
 * assumptions a commercial-loan desk might start from. Admins change them at
 * /admin/system/interest-rates and /admin/system/coefficients.
 */
export const DEMO_CURVE_DAY = "2026-11-02";
export const DEMO_CURVE: ReadonlyArray<[tenorMonths: number, rate: number]> = [
  [1, 4.3], [3, 4.25], [6, 4.15], [12, 4.0], [24, 3.9], [36, 3.9], [60, 4.0], [84, 4.15], [120, 4.3], [240, 4.65], [360, 4.6],
];

const bands = (dimension: Coefficient["dimension"], values: Record<string, number>) =>
  Object.entries(values).map(([band, value]) => ({ dimension, band, value }));

export const DEMO_COEFFICIENTS: Coefficient[] = [
  ...bands("loanStatus", { Performing: 225, "Non-Performing": 850 }),
  ...bands("propertyType", {
    Industrial: 25,
    "Residential (1-4 family)": 0,
    "Multifamily (5+ units)": 0,
    Construction: 150,
    Hospitality: 125,
    "Agricultural Land": 75,
    Office: 100,
    Retail: 75,
    "Land (raw)": 175,
    Storage: 25,
    Commercial: 50,
  }),
  ...bands("collateral", { Secured: 0, Unsecured: 200 }),
  ...bands("ltvBand", { "Up to 60": -25, "60-70": 0, "70-80": 35, "80-90": 90, "Above 90": 200 }),
  ...bands("dscrBand", { "Below 1.00": 250, "1.00-1.25": 75, "1.25-1.50": 15, "Above 1.50": -20 }),
  ...bands("seasoning", { "Up to 12 months": 15, "12-36 months": 0, "Above 36 months": -10 }),
  ...bands("cpr", { Performing: 8, "Non-Performing": 2 }),
  ...bands("cdr", { Performing: 1.5, "Non-Performing": 12 }),
  ...bands("severity", { Performing: 35, "Non-Performing": 45 }),
];

/** Each table when it is empty; a second process starting at once inserts nothing twice (unique keys). */
export async function seedPricingDataIfEmpty(db: Database, now = new Date(Date.UTC(2026, 10, 2))) {
  const [rates] = await db.select({ n: sql<number>`count(*)` }).from(interestRates);
  if ((rates?.n ?? 0) === 0) {
    await insertMany(
      db,
      interestRates,
      DEMO_CURVE.map(([tenorMonths, rate]) => ({ asOf: DEMO_CURVE_DAY, tenorMonths, rate, updatedAt: now })),
      { ignoreConflicts: true },
    );
  }
  const [coefficients] = await db.select({ n: sql<number>`count(*)` }).from(pricingCoefficients);
  if ((coefficients?.n ?? 0) === 0) {
    await insertMany(db, pricingCoefficients, DEMO_COEFFICIENTS.map((c) => ({ ...c, updatedAt: now })), { ignoreConflicts: true });
  }
}
