import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { auditLog, propertyAssumptions, sicCodes } from "~/.server/db/schema";
import { seedSystemDataIfEmpty } from "~/seed/system-data";
import {
  assumptionFor,
  createPropertyAssumption,
  deletePropertyAssumption,
  importPropertyAssumptions,
  listPropertyAssumptions,
  updatePropertyAssumption,
} from "./property-assumptions.server";
import { createSicCode, findSicCode, importSicCodes, listSicCodes, updateSicCode } from "./sic-codes.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSystemDataIfEmpty(t.db);
});
afterAll(() => t.cleanup());

const actor = { id: 1, name: "Ada Admin", email: "ada@example.test" };
const options = { propertyTypes: ["Office", "Retail", "Storage"], regions: ["Northeast", "Midwest", "Nationwide"] };
const audits = async (action: string) => (await t.db.select().from(auditLog)).filter((a) => a.action === action);

describe("property assumptions", () => {
  it("are seeded for every type and region, and fall back to the type's nationwide row", async () => {
    expect((await listPropertyAssumptions(t.db, { q: "office" })).total).toBe(6);
    await t.db.delete(propertyAssumptions);
    expect(await assumptionFor(t.db, { propertyType: "Office", region: "Atlantis" })).toBeNull();
    await seedSystemDataIfEmpty(t.db);
    expect((await assumptionFor(t.db, { propertyType: "Office", region: "Atlantis" }))?.region).toBe("Nationwide");
    expect((await assumptionFor(t.db, { propertyType: "Office", region: "Midwest" }))?.region).toBe("Midwest");
  });

  it("refuse a second row for the same type and region, and audit every change", async () => {
    const values = { propertyType: "Office", region: "Northeast", capRate: 7, vacancy: 10, expenseRatio: 40 };
    expect(await createPropertyAssumption(t.db, { values, actor })).toEqual({ ok: false, reason: "duplicate" });
    const row = (await listPropertyAssumptions(t.db, { q: "office" })).rows.find((r) => r.region === "Northeast")!;
    expect(await updatePropertyAssumption(t.db, { id: row.id, values: { ...values, capRate: 7.1 }, actor })).toEqual({ ok: true, id: row.id });
    expect(await updatePropertyAssumption(t.db, { id: row.id, values: { ...values, region: "Midwest" }, actor })).toEqual({ ok: false, reason: "duplicate" });
    expect(await deletePropertyAssumption(t.db, { id: row.id, actor })).toBe(true);
    expect(await createPropertyAssumption(t.db, { values, actor })).toMatchObject({ ok: true });
    expect((await audits("property-assumption.update")).length).toBe(1);
    expect((await audits("property-assumption.delete")).length).toBe(1);
    expect((await audits("property-assumption.create")).length).toBe(1);
  });

  it("import all lines or none, naming each bad line, and replace rows of the same type and region", async () => {
    const header = "propertyType,region,capRate,vacancy,expenseRatio";
    const bad = await importPropertyAssumptions(t.db, {
      text: `${header}\nOffice,Northeast,6.8,9,41\nCastle,Northeast,6,5,30\nRetail,Midwest,abc,5,30\n`,
      options,
      actor,
      file: "bad.csv",
    });
    expect(bad.imported).toBe(0);
    expect(bad.errors.map((e) => e.line)).toEqual([3, 4]);
    expect((await assumptionFor(t.db, { propertyType: "Office", region: "Northeast" }))?.capRate).toBe(7);

    const twice = await importPropertyAssumptions(t.db, { text: `${header}\nOffice,Northeast,6.8,9,41\nOffice,Northeast,6,9,41\n`, options, actor, file: "twice.csv" });
    expect(twice.errors).toEqual([{ line: 3, reason: "Property type and region Office / Northeast is already on line 2." }]);

    const good = await importPropertyAssumptions(t.db, { text: `${header}\r\nOffice,Northeast,6.8,9,41\r\nStorage,Midwest,6.1,11,33\r\n`, options, actor, file: "good.csv" });
    expect(good).toEqual({ imported: 2, errors: [] });
    expect(await assumptionFor(t.db, { propertyType: "Office", region: "Northeast" })).toMatchObject({ capRate: 6.8, vacancy: 9, expenseRatio: 41 });
    expect((await audits("property-assumption.import"))[0]?.detail).toBe("2 rows from good.csv");
  });

  it("refuse an import with a vacancy or expense ratio of 100%, which would value every such listing at nothing", async () => {
    const header = "propertyType,region,capRate,vacancy,expenseRatio";
    const refused = await importPropertyAssumptions(t.db, { text: `${header}\nOffice,Northeast,6.8,9,100\nRetail,Midwest,6.5,100,30\n`, options, actor, file: "full.csv" });
    expect(refused).toEqual({
      imported: 0,
      errors: [
        { line: 2, reason: "expenseRatio: Exceeds maximum value of 95." },
        { line: 3, reason: "vacancy: Exceeds maximum value of 95." },
      ],
    });
    expect(await assumptionFor(t.db, { propertyType: "Office", region: "Northeast" })).toMatchObject({ expenseRatio: 41 });
  });
});

describe("SIC codes", () => {
  it("are seeded with their divisions and found by code or title", async () => {
    expect((await t.db.select().from(sicCodes)).length).toBeGreaterThan(300);
    expect(await findSicCode(t.db, "6798")).toMatchObject({ title: "Real Estate Investment Trusts", division: "H" });
    expect((await listSicCodes(t.db, { q: "bank", division: "H" })).rows.map((r) => r.code)).toContain("6021");
  });

  it("change a code itself, refusing one taken", async () => {
    expect(await createSicCode(t.db, { values: { code: "7372", title: "x", division: "I" }, actor })).toEqual({ ok: false, reason: "duplicate" });
    expect(await updateSicCode(t.db, { original: "7372", values: { code: "7371", title: "Software", division: "I" }, actor })).toEqual({ ok: false, reason: "duplicate" });
    expect(await updateSicCode(t.db, { original: "7372", values: { code: "7370", title: "Software", division: "I" }, actor })).toEqual({ ok: true });
    expect(await findSicCode(t.db, "7372")).toBeUndefined();
  });

  it("import in one batch, lower-case divisions accepted", async () => {
    const result = await importSicCodes(t.db, { text: "code,title,division\n7372,Prepackaged Software,i\n0100,Agricultural Production-Crops,A\n", actor, file: "sic.csv" });
    expect(result).toEqual({ imported: 2, errors: [] });
    expect(await findSicCode(t.db, "7372")).toMatchObject({ division: "I" });
    const bad = await importSicCodes(t.db, { text: "code,title,division\n737,Short,I\n7373,Fine,Z\n", actor, file: "bad.csv" });
    expect(bad.errors.map((e) => e.line)).toEqual([2, 3]);
  });

  it("refuse an import line whose division is not its code's, naming the code's", async () => {
    const bad = await importSicCodes(t.db, { text: "code,title,division\n0111,Wheat,D\n2011,Meat Packing Plants,D\n", actor, file: "wheat.csv" });
    expect(bad).toEqual({ imported: 0, errors: [{ line: 2, reason: "division: SIC code 0111 is in division A (Agriculture, Forestry, and Fishing)." }] });
    expect((await findSicCode(t.db, "0111"))?.division).not.toBe("D");
  });
});

describe("two rows changed to the same key at once", () => {
  it("save one and answer the other as a duplicate, not an error", async () => {
    const rows = (await listPropertyAssumptions(t.db, { q: "retail" })).rows.slice(0, 2);
    const values = { propertyType: "Storage", region: "Atlantis", capRate: 6, vacancy: 5, expenseRatio: 30 };
    const moved = await Promise.all(rows.map((r) => updatePropertyAssumption(t.db, { id: r.id, values, actor })));
    expect(moved.map((m) => m.ok).sort()).toEqual([false, true]);
    expect(moved).toContainEqual({ ok: false, reason: "duplicate" });

    const renamed = await Promise.all(
      ["6021", "6798"].map((original) => updateSicCode(t.db, { original, values: { code: "9990", title: "Taken once", division: "J" }, actor })),
    );
    expect(renamed).toContainEqual({ ok: true });
    expect(renamed).toContainEqual({ ok: false, reason: "duplicate" });
  });
});

describe("a page past the last of the pricing data's tables (a stale link, a made-up ?page=)", () => {
  it("is the last page, its rows and count: not a count over no rows", async () => {
    const { listInterestRates } = await import("./interest-rates.server");
    const { listCoefficients } = await import("./coefficients.server");
    const { interestRates, pricingCoefficients } = await import("~/.server/db/schema");
    const updatedAt = new Date();
    await t.db.insert(interestRates).values(Array.from({ length: 30 }, (_, i) => ({ asOf: "2020-01-02", tenorMonths: i + 1, rate: 4, updatedAt })));
    await t.db.insert(pricingCoefficients).values(Array.from({ length: 30 }, (_, i) => ({ dimension: "seasoning" as const, band: `band ${i}`, value: i, updatedAt })));
    const lists: Array<[string, (page: number) => Promise<{ rows: unknown[]; total: number; page: number; pageSize: number }>]> = [
      ["property assumptions", (page) => listPropertyAssumptions(t.db, { page })],
      ["SIC codes", (page) => listSicCodes(t.db, { page })],
      ["interest rates", (page) => listInterestRates(t.db, { page, pageSize: 25 })],
      ["coefficients", (page) => listCoefficients(t.db, { page, pageSize: 25 })],
    ];
    for (const [name, list] of lists) {
      const first = await list(1);
      expect(first.total, name).toBeGreaterThan(0);
      const last = Math.ceil(first.total / first.pageSize);
      const past = await list(9_999);
      expect({ name, page: past.page, total: past.total, rows: past.rows.length }).toEqual({ name, page: last, total: first.total, rows: first.total - (last - 1) * first.pageSize });
    }
  });
});
