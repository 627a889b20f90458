// The subtle parts of the move to zod/mini (docs/decisions/023): coercion, optional fields
// turned into "" or null, transforms before and after checks, object-level refinements and the
// unions assembled from other unions' options.
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { field, messages } from "../validation";
import { joinSchema } from "./account";
import { customerActionSchema, customerPageSchema, customerSchema, memberSchema } from "./customer";
import { dataRoomAccessSchema, DESK_INTENTS, deskIntentSchema, offerTermsSchema } from "./deal";
import { contactFormSchema } from "./inbound";
import { campaignDraftSchema } from "./marketing";
import { draftIntentSchema } from "./project";

const issues = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};
const data = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};

describe("fields", () => {
  it("trims and lower-cases an e-mail before checking it", () => {
    expect(data(field.email(), "  Ann@Example.COM ")).toBe("ann@example.com");
  });
  it("counts a missing or mask-only phone as none, and checks the rest", () => {
    expect(data(field.optionalPhone(), undefined)).toBe("");
    expect(data(field.optionalPhone(), " +1 ")).toBe("");
    expect(issues(field.optionalPhone(), "+1 55")).toEqual([`: ${messages.phone}`]);
  });
  it("checks a number as typed, then its bounds", () => {
    expect(data(field.decimal({ min: 1, thousands: true }), "1,234.5")).toBe(1234.5);
    expect(issues(field.decimal({ min: 1 }), "0")).toEqual([`: ${messages.min(1)}`]);
    expect(issues(field.integer(), "1.5")).toEqual([`: ${messages.integer}`]);
  });
  it("gives the length messages in order", () => {
    expect(issues(field.text({ min: 3 }), "  a ")).toEqual([`: ${messages.minChars(3)}`]);
    expect(issues(field.text(), "   ")).toEqual([`: ${messages.required}`]);
  });
});

describe("schemas", () => {
  const customer = customerSchema(["Bank"]);
  const base = { customerName: "Acme Credit", customerType: "buyer" };
  it("turns empty optional customer fields into their empty values", () => {
    expect(data(customer, base)).toMatchObject({ website: "", type: "", size: null, smsAllowance: 0, comments: "" });
    expect(data(customer, { ...base, size: "12,500.5", smsAllowance: " 40 " })).toMatchObject({ size: 12500.5, smsAllowance: 40 });
    expect(issues(customer, { ...base, size: "-1" })).toEqual([`size: ${messages.min(0)}`]);
    expect(issues(customer, { ...base, type: "Other" })).toEqual(["type: Choose one of the listed options."]);
  });
  it("reads ids from hidden fields", () => {
    expect(data(memberSchema(), { customerId: "12", name: "Ann Lee", email: "a@b.co", roles: ["ROLE_BUYER"] })).toMatchObject({ customerId: 12 });
    expect(data(customerActionSchema(), { intent: "reset-password", userId: "7" })).toEqual({ intent: "reset-password", userId: 7 });
    expect(issues(customerActionSchema(), { intent: "reset-password", userId: "0" })).toHaveLength(1);
    expect(data(draftIntentSchema(), { intent: "save", draft: "3", step: "2" })).toEqual({ intent: "save", draft: 3, step: 2 });
    expect(issues(draftIntentSchema(), { intent: "save", draft: "3", step: "4" })).toHaveLength(1);
  });
  it("unions built from other unions' options take every intent", () => {
    expect(data(customerPageSchema(), { intent: "lock" })).toEqual({ intent: "lock" });
    expect(data(customerPageSchema(), { intent: "columns", table: "customerMembers", column: ["name"] })).toMatchObject({ intent: "columns" });
    // the browser knows the desk's intents without the schema: the list must name exactly what it answers
    expect([...DESK_INTENTS].sort()).toEqual(deskIntentSchema().def.options.map((o) => o.shape.intent.def.values[0]).sort());
  });
  it("reports a password mismatch on the confirmation", () => {
    const join = { name: "Ann Lee", company: "Acme", businessType: "Bank", email: "a@b.co", phone: "+1 555 123 4567", role: "buyer" };
    expect(issues(joinSchema(["Bank"]), { ...join, password: "long-enough-1", confirmPassword: "long-enough-2" })).toEqual([
      "confirmPassword: The passwords do not match.",
    ]);
  });
  it("runs refinements in order, and a default after optional", () => {
    const terms = { price: "1000", structure: "Cash", dueDiligenceDays: "30" };
    expect(issues(offerTermsSchema(), { ...terms, expiresOn: "2000-01-01" })).toEqual(["expiresOn: The offer cannot expire in the past: days are counted in New York time."]);
    expect(issues(offerTermsSchema(), { ...terms, expiresOn: "soon" })).toContain("expiresOn: Enter a date as YYYY-MM-DD.");
    expect(data(contactFormSchema(), { name: "Ann Lee", email: "a@b.co", message: "Hello there, team." })).toMatchObject({ topic: "general" });
  });
  it("answers a record id posted by hand that names none in words, not zod's", () => {
    for (const contractId of ["abc", "-1", "1.5"]) expect(issues(dataRoomAccessSchema(), { intent: "block", contractId })).toEqual(["contractId: No such record."]);
  });
  it("puts a superRefine issue on its field", () => {
    expect(issues(campaignDraftSchema(), { listId: "1", subject: "Hi {{nope}}", body: "Hello" })[0]).toMatch(/^subject: Unknown merge field \{\{nope\}\}/);
  });
});
