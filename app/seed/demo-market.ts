import { CONSTANT_LISTS } from "../../cms/seed/constants";
import type { BuyerPreferences, customers, projects } from "~/.server/db/schema";
import type { LoanRow } from "~/models/loan-tapes.server";
import { DEMO_SIC_CODES } from "~/seed/sic-codes";
import { SIZE_BANDS } from "~/lib/projects";
import { PROJECT_KINDS, type ProjectKind, type ProjectStatus } from "~/lib/project-kinds";

/**
 * A realistic marketplace from a seed number: the demo data (200 projects, 300
 * buyer companies) and the benchmark's 100,000 projects come from here, so the
 * same seed always makes the same market.
 */
export function random(seed: number) {
  let t = seed >>> 0;
  const next = () => {
    t += 0x6d2b79f5;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    some: <T,>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      const out: T[] = [];
      while (out.length < count && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
      return out;
    },
  };
}
type Random = ReturnType<typeof random>;

const list = (key: string) => CONSTANT_LISTS.find((l) => l.key === key)!.items.map((i) => i.value);
const INDUSTRIES = list("industries").filter((i) => i !== "No Preferred Industry");
const REGIONS = list("locations");
const STATES = list("usStates");
const PROPERTY_TYPES = list("propertyTypes");
const POLICY_TYPES = list("policyTypes");
const SCALES = list("transactionScales");
const BUSINESS = list("businessDescriptions");
const INVESTOR_TYPES = list("investorTypes");
const INVESTMENT_TYPES = list("investmentTypes");
const TRANSACTION_TYPES = list("transactionTypes").filter((t) => !t.startsWith("Other"));

const CITIES: Array<[string, string, string]> = [
  ["Chicago", "IL", "Midwest"], ["Columbus", "OH", "Midwest"], ["Atlanta", "GA", "Southeast"], ["Dallas", "TX", "Southwest"],
  ["Phoenix", "AZ", "Southwest"], ["Denver", "CO", "West"], ["Boston", "MA", "Northeast"], ["Charlotte", "NC", "Southeast"],
  ["Nashville", "TN", "Southeast"], ["Tampa", "FL", "Southeast"], ["Minneapolis", "MN", "Midwest"], ["Kansas City", "MO", "Midwest"],
  ["Pittsburgh", "PA", "Northeast"], ["Sacramento", "CA", "West"], ["Raleigh", "NC", "Southeast"], ["Seattle", "WA", "West"],
];
/** A downtown zip code per city and its centroid (from public/geo's ZIP table): the demo's real-estate listings sit on it. */
const CITY_ZIPS: Record<string, { zip: string; latitude: number; longitude: number }> = {
  Chicago: { zip: "60601", latitude: 41.89, longitude: -87.62 },
  Columbus: { zip: "43215", latitude: 39.97, longitude: -83 },
  Atlanta: { zip: "30303", latitude: 33.75, longitude: -84.39 },
  Dallas: { zip: "75201", latitude: 32.79, longitude: -96.8 },
  Phoenix: { zip: "85004", latitude: 33.46, longitude: -112.07 },
  Denver: { zip: "80202", latitude: 39.75, longitude: -104.99 },
  Boston: { zip: "02108", latitude: 42.36, longitude: -71.07 },
  Charlotte: { zip: "28202", latitude: 35.23, longitude: -80.84 },
  Nashville: { zip: "37203", latitude: 36.15, longitude: -86.79 },
  Tampa: { zip: "33602", latitude: 27.96, longitude: -82.46 },
  Minneapolis: { zip: "55401", latitude: 44.98, longitude: -93.27 },
  "Kansas City": { zip: "64105", latitude: 39.1, longitude: -94.59 },
  Pittsburgh: { zip: "15222", latitude: 40.45, longitude: -79.99 },
  Sacramento: { zip: "95814", latitude: 38.58, longitude: -121.49 },
  Raleigh: { zip: "27601", latitude: 35.77, longitude: -78.63 },
  Seattle: { zip: "98101", latitude: 47.61, longitude: -122.33 },
};
const NAME_PARTS = ["Summit", "Harbor", "Prairie", "Granite", "Lakeside", "Meridian", "Keystone", "Pioneer", "Cedar", "Beacon", "Frontier", "Northstar", "Riverbend", "Ironwood", "Bluegrass", "Sierra"];
const COMPANY_SUFFIX = ["Holdings", "Industries", "Group", "Partners", "Manufacturing", "Logistics", "Health", "Energy", "Foods", "Technologies"];
const CARRIERS = ["Northwestern Mutual", "MassMutual", "New York Life", "Guardian Life", "Penn Mutual", "Pacific Life"];

/** Sizes spread over every transaction band, more small deals than large ones. */
function sizeFor(r: Random) {
  const bands = Object.values(SIZE_BANDS);
  const weights = [14, 22, 18, 16, 11, 8, 6, 3, 2];
  let roll = r.next() * weights.reduce((a, b) => a + b, 0);
  let band = bands[0]!;
  for (let i = 0; i < bands.length; i++) {
    roll -= weights[i]!;
    if (roll <= 0) {
      band = bands[i]!;
      break;
    }
  }
  const max = band.max ?? band.min * 2;
  return Math.round((band.min + r.next() * (max - band.min)) / 1000) * 1000 || 250_000;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const company = (r: Random) => `${r.some(NAME_PARTS, 2).join(" ")} ${r.pick(COMPANY_SUFFIX)}`;

export type GeneratedProject = typeof projects.$inferInsert & { loans?: LoanRow[] };

function status(r: Random, index: number): ProjectStatus {
  if (index < 6) return (["submitted", "submitted", "under_offer", "sold", "withdrawn", "draft"] as const)[index]!;
  const roll = r.next();
  return roll < 0.86 ? "published" : roll < 0.91 ? "submitted" : roll < 0.95 ? "under_offer" : roll < 0.97 ? "sold" : roll < 0.99 ? "withdrawn" : "draft";
}

export function generateProject(r: Random, index: number, sellerId: number, now: number, withLoans = false): GeneratedProject {
  const kind: ProjectKind = PROJECT_KINDS[index % PROJECT_KINDS.length]!;
  const industry = kind === "real_estate" ? "Real Estate" : kind === "insurance_loan" ? "Insurance" : r.pick(INDUSTRIES);
  const [city, cityState, cityRegion] = r.pick(CITIES);
  const region = kind === "real_estate" ? cityRegion : r.pick(REGIONS);
  const state = kind === "real_estate" ? cityState : r.pick(STATES);
  const size = sizeFor(r);
  const rate = Math.round((3 + r.next() * 9) * 100) / 100;
  const term = r.next() < 0.78 ? "Performing" : "Non-Performing";
  const created = now - r.int(1, 400) * 86_400_000;
  const st = status(r, index);
  const maturity = new Date(now + r.int(180, 3650) * 86_400_000);
  const base = {
    sellerId,
    kind,
    status: st,
    draftStep: st === "draft" ? r.int(1, 3) : 3,
    industry,
    sector: kind === "limited_company" ? `${industry} services` : "",
    saleType:
      kind === "limited_company"
        ? r.pick(["Company sale", "Debt sale"])
        : kind === "real_estate"
          ? "Asset sale"
          : r.pick(["Portfolio sale", "Whole loan sale", "Participation", "Note sale"]),
    term,
    waInterest: rate,
    maturityDate: iso(maturity),
    location: region,
    state,
    secured: r.next() < 0.8,
    loanAmount: Math.round(size * (0.6 + r.next() * 0.4)),
    size,
    borrower: company(r),
    projectDueDate: iso(new Date(now + r.int(7, 90) * 86_400_000)),
    longTermDebtSecured: kind === "limited_company" ? r.next() < 0.6 : null,
    longTermDebtLevelOfSecurity: kind === "limited_company" ? r.pick(["Senior secured", "Second lien", "Unsecured"]) : "",
    views: st === "draft" ? 0 : r.int(0, 400),
    impressions: st === "draft" ? 0 : r.int(0, 4000),
    createdAt: new Date(created),
    updatedAt: new Date(created + r.int(0, 20) * 86_400_000),
    submittedAt: st === "draft" ? null : new Date(created + 86_400_000),
    publishedAt: ["published", "under_offer", "sold"].includes(st) ? new Date(created + 3 * 86_400_000) : null,
    soldAt: null as Date | null,
  };
  // a sold listing's sale is its last change, drawn above (so every later value stays the same)
  if (st === "sold") base.soldAt = base.updatedAt;
  if (kind === "loan_pool") {
    const loans: LoanRow[] = [];
    if (withLoans) {
      const count = r.int(6, 24);
      for (let i = 0; i < count; i++) {
        loans.push({
          line: i + 2,
          loanNumber: `LN-${String(index).padStart(4, "0")}-${String(i + 1).padStart(3, "0")}`,
          balance: Math.round(size / count),
          interestRate: Math.round((rate + (r.next() - 0.5)) * 100) / 100,
          maturityDate: iso(new Date(now + r.int(180, 3650) * 86_400_000)),
          propertyType: r.pick(PROPERTY_TYPES),
          state: r.pick(STATES),
          status: r.next() < 0.85 ? term : "Non-Performing",
          ltv: Math.round((40 + r.next() * 45) * 10) / 10,
        });
      }
    }
    const pool = `${region} ${industry.toLowerCase()} pool ${2026 - r.int(0, 3)}-${String.fromCharCode(65 + (index % 26))}`;
    return {
      ...base,
      projectName: `${region} ${industry} loan pool #${index + 1}`,
      loanPool: pool,
      fullDetails: `A ${term.toLowerCase()} pool of ${industry.toLowerCase()} loans originated in the ${region}, weighted average rate ${rate}%, ${base.secured ? "secured by first liens" : "unsecured"}. Servicing released; loan tape and servicing reports in the data room after the NDA.`,
      details: {
        overallSummary: `Loans to ${industry.toLowerCase()} borrowers across the ${region}, seasoned ${r.int(1, 6)} years, current collections ${r.int(88, 100)}%.`,
        propertySummary: `Collateral mostly ${r.pick(PROPERTY_TYPES).toLowerCase()} properties.`,
        termSummary: `Remaining terms ${r.int(1, 4)} to ${r.int(5, 10)} years; ${r.int(60, 95)}% amortising.`,
      },
      loans,
    };
  }
  if (kind === "real_estate") {
    const propertyType = r.pick(PROPERTY_TYPES);
    const street = `${r.int(100, 9999)} ${r.pick(NAME_PARTS)} Avenue`;
    // drawn as before so every later value of the demo market stays the same
    r.int(10000, 99999);
    const { zip, latitude, longitude } = CITY_ZIPS[city]!;
    return {
      ...base,
      latitude,
      longitude,
      projectName: `${propertyType} in ${city}, ${state}`,
      fullDetails: `${propertyType} asset in ${city} offered by a bank from its real estate owned book. Stabilised occupancy, recent capital improvements, in-place leases through ${maturity.getFullYear()}.`,
      details: {
        propertyType,
        address: street,
        city,
        zip,
        units: r.int(1, 400),
        occupancy: Math.round((70 + r.next() * 30) * 10) / 10,
        noi: Math.round(size * (0.05 + r.next() * 0.04)),
      },
    };
  }
  if (kind === "insurance_loan") {
    const policyType = r.pick(POLICY_TYPES);
    return {
      ...base,
      projectName: `${policyType} premium finance loans #${index + 1}`,
      fullDetails: `Premium finance loans secured by ${policyType.toLowerCase()} policies issued by highly rated carriers; collateral assignments in place, cash values above loan balances.`,
      details: {
        carrier: r.pick(CARRIERS),
        policyType,
        faceAmount: Math.round(size * (3 + r.next() * 5)),
        cashSurrenderValue: Math.round(size * (0.9 + r.next() * 0.4)),
        insuredAge: r.int(45, 85),
      },
    };
  }
  const name = company(r);
  return {
    ...base,
    projectName: `${name} (${industry})`,
    fullDetails: `A founder-owned ${industry.toLowerCase()} company in the ${region} with recurring revenue and a senior loan for sale; the owners consider a majority sale.`,
    details: {
      overview: `${name} serves customers across ${r.int(3, 30)} states from ${r.int(1, 6)} sites; management stays on after a transaction.`,
      sicCode: r.pick(DEMO_SIC_CODES).code,
      website: `https://${name.toLowerCase().replace(/[^a-z]+/g, "")}.example`,
      contactPhone: "+1 312 555 0142",
      revenue: Math.round(size * (1.5 + r.next() * 3)),
      ebitda: Math.round(size * (0.15 + r.next() * 0.3)),
      totalDebt: Math.round(size * (0.3 + r.next() * 0.6)),
      employees: r.int(12, 2500),
    },
  };
}

export type GeneratedCustomer = typeof customers.$inferInsert & { preferences: BuyerPreferences };

const FIRST = ["Alex", "Jordan", "Morgan", "Taylor", "Casey", "Riley", "Jamie", "Avery", "Quinn", "Drew", "Harper", "Reese"];
const LAST = ["Nguyen", "Patel", "Garcia", "Okafor", "Schmidt", "Rossi", "Kim", "Novak", "Silva", "Cohen", "Walsh", "Haddad"];

export function generateCustomer(r: Random, index: number, now: number): GeneratedCustomer {
  const businessType = r.pick(BUSINESS);
  const name = `${r.pick(NAME_PARTS)} ${businessType === "Bank" ? "Community Bank" : businessType === "Credit Union" ? "Credit Union" : businessType === "Family Office" ? "Family Office" : "Capital"} ${index + 1}`;
  const domain = name.toLowerCase().replace(/[^a-z0-9]+/g, "");
  const person = `${r.pick(FIRST)} ${r.pick(LAST)}`;
  return {
    name,
    businessType,
    investorType: r.pick(INVESTOR_TYPES.slice(0, 2)),
    headquarters: r.pick(STATES),
    website: `https://${domain}.example`,
    websiteDomain: `${domain}.example`,
    customerType: "buyer",
    onboardingStatus: "active",
    smsAllowance: r.int(0, 4) * 50,
    contactPerson: person,
    attentionEmail: `${person.split(" ")[0]!.toLowerCase()}@${domain}.example`,
    attentionPhone: `+1 ${r.int(201, 989)} 555 ${String(r.int(0, 9999)).padStart(4, "0")}`,
    size: r.int(20, 20_000) * 1_000_000,
    preferences: {
      industryPreferences: r.some(INDUSTRIES, r.int(1, 4)),
      statePreferences: r.some(STATES, r.int(0, 3)),
      borrowerLocationPreferences: r.some(REGIONS, r.int(1, 2)),
      transactionScalePreferences: r.some(SCALES, r.int(1, 3)),
      investmentPref: r.some(INVESTMENT_TYPES, r.int(1, 2)),
      transactionPref: r.some(TRANSACTION_TYPES, r.int(0, 2)),
      performingLoanPreference: r.pick(["Performing", "Non-Performing", "Either"] as const),
      investmentCriteria: `Looks for ${r.pick(["performing", "discounted", "sub-performing", "secured"])} ${r.pick(INDUSTRIES).toLowerCase()} credit.`,
    },
    createdAt: new Date(now - r.int(1, 700) * 86_400_000),
  };
}
