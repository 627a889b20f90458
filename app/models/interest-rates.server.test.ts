import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { auditLog } from "~/.server/db/schema";
import { importCsv } from "~/lib/csv-import";
import { coefficientSchema, coefficientsPageSchema, COEFFICIENT_COLUMNS, INTEREST_RATE_COLUMNS, interestRateSchema } from "~/lib/schemas/pricing-data";
import { seedPricingDataIfEmpty } from "~/seed/pricing-data";
import { bandsOf, curveRate, DIMENSION_LABELS } from "~/lib/loan-pricing";
import { allCoefficients, createCoefficient, deleteCoefficient, DUPLICATE_COEFFICIENT, importCoefficients, listCoefficients, updateCoefficient } from "./coefficients.server";
import { carriedTenorsAside, carriedTenorsNote, createInterestRate, DUPLICATE_POINT, deleteInterestRate, importInterestRates, latestCurve, listInterestRates, updateInterestRate } from "./interest-rates.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
const actor = { id: 1, name: "Admin", email: "admin@example.test" };

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe("the curve and the coefficients", () => {
  it("pricing reads the latest day's curve; an import adds points and replaces those of the same day and tenor", async () => {
    expect(await latestCurve(t.db)).toEqual({ asOf: null, points: [], carried: [] });
    await createInterestRate(t.db, { values: { asOf: "2026-01-01", tenorMonths: 12, rate: 4 }, actor });
    expect(await createInterestRate(t.db, { values: { asOf: "2026-01-01", tenorMonths: 12, rate: 5 }, actor })).toEqual({ ok: false, error: DUPLICATE_POINT });
    const file = "asOf,tenorMonths,rate\n2026-02-01,1,4.5\n2026-02-01,360,4.9\n2026-01-01,12,4.25\n";
    const parsed = importCsv(file, interestRateSchema(), { columns: INTEREST_RATE_COLUMNS });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    await importInterestRates(t.db, { rows: parsed.rows, actor });
    // the latest day has no 1-year rate: the earlier day's is carried over, and said to be
    expect(await latestCurve(t.db)).toEqual({
      asOf: "2026-02-01",
      points: [{ tenorMonths: 1, rate: 4.5 }, { tenorMonths: 12, rate: 4.25 }, { tenorMonths: 360, rate: 4.9 }],
      carried: [{ tenorMonths: 12, rate: 4.25, asOf: "2026-01-01" }],
    });
    const page = await listInterestRates(t.db, { filters: { asOf: "2026-01-01" } });
    expect(page.rows.map((r) => r.rate)).toEqual([4.25]);
    const id = page.rows[0]!.id;
    expect(await updateInterestRate(t.db, { id, values: { asOf: "2026-02-01", tenorMonths: 1, rate: 1 }, actor })).toEqual({ ok: false, error: DUPLICATE_POINT });
    expect(await updateInterestRate(t.db, { id: 9999, values: { asOf: "2026-03-01", tenorMonths: 1, rate: 1 }, actor })).toBeNull();
    expect(await deleteInterestRate(t.db, { id, actor })).toBe(true);
    expect(await deleteInterestRate(t.db, { id, actor })).toBe(false);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(["interest-rate.create", "interest-rate.import", "interest-rate.delete"]);
  });

  it("prices with a new day's partial curve and the latest earlier rate of each tenor it lacks, naming those", async () => {
    // a database of its own: the test above leaves its days in the shared one
    const own = await createTestDatabase();
    onTestFinished(() => own.cleanup());
    const { db } = own;
    const full = [1, 12, 60, 120, 360].map((tenorMonths, i) => ({ asOf: "2026-03-02", tenorMonths, rate: 4 + i / 10 }));
    await importInterestRates(db, { rows: full, actor });
    expect(carriedTenorsNote(await latestCurve(db))).toBeNull();
    // the new day's short end alone, entered by hand
    await createInterestRate(db, { values: { asOf: "2026-03-03", tenorMonths: 1, rate: 5 }, actor });
    await createInterestRate(db, { values: { asOf: "2026-03-03", tenorMonths: 12, rate: 5.1 }, actor });
    const curve = await latestCurve(db);
    expect(curve.asOf).toBe("2026-03-03");
    expect(curve.points).toEqual([
      { tenorMonths: 1, rate: 5 },
      { tenorMonths: 12, rate: 5.1 },
      { tenorMonths: 60, rate: 4.2 },
      { tenorMonths: 120, rate: 4.3 },
      { tenorMonths: 360, rate: 4.4 },
    ]);
    // a 10-year loan is discounted at the 10-year rate, not at the new day's 1-year rate held flat past its last tenor
    expect(curveRate(curve.points, 120)).toBe(4.3);
    expect(carriedTenorsNote(curve)).toBe(
      "The curve of 2026-03-03 has no rate at 5 years (4.2% of 2026-03-02), 10 years (4.3% of 2026-03-02) and 30 years (4.4% of 2026-03-02): pricing carries those rates over until 2026-03-03's are entered.",
    );
    // and a priced loan's page, beside the curve's day
    expect(carriedTenorsAside(curve)).toBe("(2026-03-03 has no rate at 5 years, 10 years, 30 years: those rates are of 2026-03-02)");
    await createInterestRate(db, { values: { asOf: "2026-03-03", tenorMonths: 360, rate: 5.4 }, actor });
    expect(carriedTenorsNote(await latestCurve(db))).toBe("The curve of 2026-03-03 has no rate at 5 years (4.2% of 2026-03-02) and 10 years (4.3% of 2026-03-02): pricing carries those rates over until 2026-03-03's are entered.");
  });

  it("reports every bad line of a file with the spec's words and imports nothing", () => {
    const file = "asOf,tenorMonths,rate\n2026-02-01,0,4.5\n2026-02-31x,12,4\n2026-02-01,12,abc\n";
    const parsed = importCsv(file, interestRateSchema(), { columns: INTEREST_RATE_COLUMNS });
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { line: 2, reason: "tenorMonths: Requires a value of at least 1." },
        { line: 3, reason: "asOf: Enter a date as YYYY-MM-DD or M/D/YYYY (month first)." },
        { line: 4, reason: "rate: Value must be a valid decimal." },
      ],
    });
  });

  it("reads a file re-saved by US Excel (M/D/YYYY, month first) as ISO, and names both formats to a day-first date", () => {
    const file = "asOf,tenorMonths,rate\n12/1/2026,12,4.5\n1/31/2026,60,4.7\n2026-02-01,360,4.9\n13/1/2026,1,4\n2/30/2026,1,4\n";
    const parsed = importCsv(file, interestRateSchema(), { columns: INTEREST_RATE_COLUMNS });
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      { line: 5, reason: "asOf: Enter a date as YYYY-MM-DD or M/D/YYYY (month first)." },
      { line: 6, reason: "asOf: Enter a date as YYYY-MM-DD or M/D/YYYY (month first)." },
    ]);
    const good = importCsv("asOf,tenorMonths,rate\n12/1/2026,12,4.5\n01/31/2026,60,4.7\n", interestRateSchema(), { columns: INTEREST_RATE_COLUMNS });
    expect(good.ok && good.rows.map((r) => r.asOf)).toEqual(["2026-12-01", "2026-01-31"]);
  });

  it("checks a coefficient's band against its dimension and keeps assumptions within 0–100 %", () => {
    const schema = coefficientSchema(["Office"]);
    const file = "dimension,band,value\nltvBand,70-80,35\npropertyType,Castle,10\ncpr,Performing,120\nspread,Performing,1\n";
    const parsed = importCsv(file, schema, { columns: COEFFICIENT_COLUMNS });
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.line + " " + e.reason)).toEqual([
      "3 band: Choose one of: Office.",
      "4 value: Exceeds maximum value of 100.",
      "5 dimension: Choose one of the listed options.",
    ]);
  });

  it("takes an assumption in percent with or without its sign, and tells a spread given in percent that it is in basis points", () => {
    const schema = coefficientSchema(["Office"]);
    const file = "dimension,band,value\ncpr,Performing,12.5%\nseverity,Non-Performing,40 %\nltvBand,70-80,35\nltvBand,80-90,1.25%\ncdr,Performing,120%\n";
    const parsed = importCsv(file, schema, { columns: COEFFICIENT_COLUMNS });
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.line + " " + e.reason)).toEqual([
      "5 value: Spreads are in basis points: enter a number without %, e.g. 125 for 1.25 %.",
      "6 value: Exceeds maximum value of 100.",
    ]);
    const good = importCsv("dimension,band,value\ncpr,Performing,12.5%\nseverity,Non-Performing,40 %\nltvBand,70-80,-35\n", schema, { columns: COEFFICIENT_COLUMNS });
    expect(good.ok && good.rows).toEqual([
      { dimension: "cpr", band: "Performing", value: 12.5 },
      { dimension: "severity", band: "Non-Performing", value: 40 },
      { dimension: "ltvBand", band: "70-80", value: -35 },
    ]);
    // the page's form reads the same
    const page = coefficientsPageSchema(["Office"]);
    expect(page.safeParse({ intent: "update", id: "3", dimension: "cdr", band: "Performing", value: "2%" })).toMatchObject({ success: true, data: { intent: "update", id: 3, value: 2 } });
    const spread = page.safeParse({ intent: "create", dimension: "collateral", band: "Secured", value: "50%" });
    expect(spread.success ? [] : spread.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["value", "Spreads are in basis points: enter a number without %, e.g. 125 for 1.25 %."]]);
  });

  it("seeds the demo's data once, and an import replaces a band's value", async () => {
    await seedPricingDataIfEmpty(t.db);
    await seedPricingDataIfEmpty(t.db);
    const seeded = await allCoefficients(t.db);
    expect(seeded.filter((c) => c.dimension === "loanStatus")).toHaveLength(2);
    await importCoefficients(t.db, { rows: [{ dimension: "loanStatus", band: "Performing", value: 300 }], actor });
    const after = await allCoefficients(t.db);
    expect(after).toHaveLength(seeded.length);
    expect(after.find((c) => c.dimension === "loanStatus" && c.band === "Performing")!.value).toBe(300);
    expect((await createCoefficient(t.db, { values: { dimension: "cpr", band: "Performing", value: 5 }, actor })).ok).toBe(false);
    expect(await deleteCoefficient(t.db, { id: after[0]!.id, actor })).toBe(true);
  });
});

describe("the coefficients table sorted by dimension", () => {
  it("orders the dimensions by the label shown, and each dimension's bands as the product defines them", async () => {
    await seedPricingDataIfEmpty(t.db);
    const { rows } = await listCoefficients(t.db, { pageSize: 500 });
    const labels = [...new Set(rows.map((r) => DIMENSION_LABELS[r.dimension]))];
    expect(labels.slice(0, 4)).toEqual(["Default CDR by loan status (%)", "Default CPR by loan status (%)", "Default loss severity by loan status (%)", "Spread by collateral (bp)"]);
    expect(labels).toEqual([...labels].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(labels).toHaveLength(new Set(rows.map((r) => r.dimension)).size);
    const bandsIn = (dimension: string) => rows.filter((r) => r.dimension === dimension).map((r) => r.band);
    expect(bandsIn("cpr")).toEqual(["Performing", "Non-Performing"]);
    expect(bandsIn("ltvBand")).toEqual(bandsOf("ltvBand", []).filter((b) => bandsIn("ltvBand").includes(b)));
    expect(bandsIn("dscrBand")).toEqual(["Below 1.00", "1.00-1.25", "1.25-1.50", "Above 1.50"].filter((b) => bandsIn("dscrBand").includes(b)));
    const types = bandsIn("propertyType");
    expect(types).toEqual([...types].sort());
    // the other way round, the whole order reversed; a page of it continues the same order
    const down = await listCoefficients(t.db, { pageSize: 500, desc: true });
    expect(down.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).reverse());
    const second = await listCoefficients(t.db, { pageSize: 5, page: 2 });
    expect(second.rows.map((r) => r.id)).toEqual(rows.slice(5, 10).map((r) => r.id));
  });
});

describe("a form sent twice at once", () => {
  it("adds one rate and one coefficient and answers the second with the duplicate message, not an error", async () => {
    const point = { asOf: "2027-05-01", tenorMonths: 24, rate: 3 };
    const rates = await Promise.all([createInterestRate(t.db, { values: point, actor }), createInterestRate(t.db, { values: point, actor })]);
    expect(rates.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(rates).toContainEqual({ ok: false, error: DUPLICATE_POINT });
    expect((await listInterestRates(t.db, { filters: { asOf: "2027-05-01" } })).rows).toHaveLength(1);

    const band = { dimension: "cpr" as const, band: "Defaulted", value: 7 };
    const made = await Promise.all([createCoefficient(t.db, { values: band, actor }), createCoefficient(t.db, { values: band, actor })]);
    expect(made.map((r) => r.ok).sort()).toEqual([false, true]);
    expect((await allCoefficients(t.db)).filter((c) => c.dimension === "cpr" && c.band === "Defaulted")).toHaveLength(1);
  });

  it("two points moved to the same day and tenor at once: one is saved, the other answered with the duplicate message", async () => {
    await createInterestRate(t.db, { values: { asOf: "2027-06-01", tenorMonths: 1, rate: 1 }, actor });
    await createInterestRate(t.db, { values: { asOf: "2027-06-01", tenorMonths: 2, rate: 2 }, actor });
    const [a, b] = (await listInterestRates(t.db, { filters: { asOf: "2027-06-01" } })).rows.map((r) => r.id);
    const target = { asOf: "2027-06-01", tenorMonths: 60, rate: 5 };
    const saved = await Promise.all([updateInterestRate(t.db, { id: a!, values: target, actor }), updateInterestRate(t.db, { id: b!, values: target, actor })]);
    expect(saved).toContainEqual({ ok: true });
    expect(saved).toContainEqual({ ok: false, error: DUPLICATE_POINT });

    const bands = (await allCoefficients(t.db)).filter((c) => c.dimension === "loanStatus");
    const moved = { dimension: "loanStatus" as const, band: "Re-Performing", value: 1 };
    const changed = await Promise.all(bands.slice(0, 2).map((c) => updateCoefficient(t.db, { id: c.id, values: moved, actor })));
    expect(changed).toContainEqual({ ok: true });
    expect(changed).toContainEqual({ ok: false, error: DUPLICATE_COEFFICIENT });
  });
});
