import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { auditLog, type User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { DEFAULT_BOT_QUESTIONS } from "~/lib/matchmaking-bot";
import { DEFAULT_WEIGHTS } from "~/lib/match-score";
import type { CustomerValues } from "~/lib/schemas/customer";
import { makeUser } from "~/seed/factories";
import { readChanges } from "./audit.server";
import { saveBotQuestions } from "./bot-questions.server";
import { createCoefficient, updateCoefficient } from "./coefficients.server";
import { createCustomer, setCustomerLocked, setOnboardingStatus, updateCustomer } from "./customer-accounts.server";
import { createInterestRate, updateInterestRate } from "./interest-rates.server";
import { saveMatchWeights } from "./match-rescoring.server";
import { createSicCode, updateSicCode } from "./sic-codes.server";
import { createPropertyAssumption, updatePropertyAssumption } from "./property-assumptions.server";

/** Every audited edit keeps, for each field it changed, the value before and after: an admin can read what was there and put it back. */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
let cleanupFiles: () => void;
let services: Services;
let admin: User;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ services, cleanup: cleanupFiles } = dealServicesOver(t.db, "audit-changes"));
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
});
afterAll(() => {
  t.cleanup();
  cleanupFiles();
});

/** The changes of the newest entry of this action on this record. */
async function changesOf(action: string, subjectId: number | string) {
  const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(subjectId)))).orderBy(auditLog.id);
  expect(rows.length, action).toBeGreaterThan(0);
  return readChanges(rows.at(-1)!.changes);
}

const customerValues = (over: Partial<CustomerValues> = {}): CustomerValues => ({
  customerName: "Ledger Credit",
  customerType: "buyer",
  contactPerson: "Lee Ledger",
  attentionEmail: "",
  attentionPhone: "",
  website: "",
  type: "",
  size: null,
  headquarters: "Boston",
  smsAllowance: 0,
  comments: "",
  ...over,
});

describe("the audit log of an edit", () => {
  it("keeps a customer's changed fields with what they replaced, and only those", async () => {
    const made = await createCustomer(services, { actor: admin, values: customerValues() });
    const id = made.ok ? made.customer.id : 0;
    const saved = await updateCustomer(services, { actor: admin, customerId: id, values: customerValues({ customerName: "Ledger Credit LLC", headquarters: "", smsAllowance: 25 }) });
    expect(saved).toMatchObject({ ok: true });
    expect(await changesOf("customer.update", id)).toEqual([
      { field: "name", from: "Ledger Credit", to: "Ledger Credit LLC" },
      { field: "headquarters", from: "Boston", to: "" },
      { field: "smsAllowance", from: "0", to: "25" },
    ]);
  });

  it("keeps a customer's state and on-boarding status before and after", async () => {
    const made = await createCustomer(services, { actor: admin, values: customerValues({ customerName: "Flag Capital" }) });
    const id = made.ok ? made.customer.id : 0;
    expect(await setCustomerLocked(services, { actor: admin, customerId: id, locked: true })).toBe(true);
    expect(await changesOf("customer.lock", id)).toEqual([{ field: "locked", from: "false", to: "true" }]);
    await setOnboardingStatus(services, { actor: admin, customerId: id, status: "in_progress" });
    expect(await changesOf("customer.onboarding", id)).toEqual([{ field: "onboardingStatus", from: "invited", to: "in_progress" }]);
  });

  it("keeps system data's values before and after: an interest rate, a coefficient, a property's assumptions", async () => {
    await createInterestRate(t.db, { values: { asOf: "2026-01-01", tenorMonths: 12, rate: 4 }, actor: admin });
    const [rate] = await t.db.select({ id: auditLog.subjectId }).from(auditLog).where(eq(auditLog.action, "interest-rate.create"));
    expect(await updateInterestRate(t.db, { id: Number(rate!.id), values: { asOf: "2026-01-01", tenorMonths: 12, rate: 4.25 }, actor: admin })).toEqual({ ok: true });
    expect(await changesOf("interest-rate.update", rate!.id)).toEqual([{ field: "rate", from: "4", to: "4.25" }]);

    await createCoefficient(t.db, { values: { dimension: "collateral", band: "Secured", value: 1.1 }, actor: admin });
    const [coefficient] = await t.db.select({ id: auditLog.subjectId }).from(auditLog).where(eq(auditLog.action, "coefficient.create"));
    expect(await updateCoefficient(t.db, { id: Number(coefficient!.id), values: { dimension: "collateral", band: "Secured", value: 0.9 }, actor: admin })).toEqual({ ok: true });
    expect(await changesOf("coefficient.update", coefficient!.id)).toEqual([{ field: "value", from: "1.1", to: "0.9" }]);

    const property = { propertyType: "Office", region: "Northeast", capRate: 6.5, vacancy: 10, expenseRatio: 35 };
    const created = await createPropertyAssumption(t.db, { values: property, actor: admin });
    const propertyId = created.ok ? created.id : 0;
    expect(await updatePropertyAssumption(t.db, { id: propertyId, values: { ...property, capRate: 7, vacancy: 12 }, actor: admin })).toEqual({ ok: true, id: propertyId });
    expect(await changesOf("property-assumption.update", propertyId)).toEqual([
      { field: "capRate", from: "6.5", to: "7" },
      { field: "vacancy", from: "10", to: "12" },
    ]);

    await createSicCode(t.db, { values: { code: "6159", title: "Misc business credit", division: "H" }, actor: admin });
    expect(await updateSicCode(t.db, { original: "6159", values: { code: "6153", title: "Short-term business credit", division: "H" }, actor: admin })).toEqual({ ok: true });
    expect(await changesOf("sic-code.update", "6153")).toEqual([
      { field: "code", from: "6159", to: "6153" },
      { field: "title", from: "Misc business credit", to: "Short-term business credit" },
    ]);
  });

  it("keeps the matchmaking bot's settings before and after: its questions and the match weights", async () => {
    const questions = DEFAULT_BOT_QUESTIONS.map((q, i) => (i === 0 ? { ...q, enabled: false } : q));
    await saveBotQuestions(t.db, { questions, actor: admin });
    expect(await changesOf("matchmaking.questions", "matchmakingBotQuestions")).toEqual([{ field: `${DEFAULT_BOT_QUESTIONS[0]!.key} asked`, from: "yes", to: "no" }]);

    await saveMatchWeights(t.db, { weights: { ...DEFAULT_WEIGHTS, location: 0 }, actor: admin });
    expect(await changesOf("matchmaking.weights", "matchWeights")).toEqual([{ field: "location", from: String(DEFAULT_WEIGHTS.location), to: "0" }]);
  });
});
