import { z } from "zod";
import { CUSTOMER_TYPES, ONBOARDING_STATUSES } from "~/lib/customers";
import { ROLE_NAMES } from "~/lib/roles";
import { field, isDecimal, isUrl, messages, parseDecimal } from "~/lib/validation";
import { oneOf } from "./account";
import { tableActionSchema } from "./table";

/** Roles an admin may give a customer's member (spec: /admin/customer/buyer/add). */
export const MEMBER_ROLES = ["ROLE_BUYER", "ROLE_SELLER", "ROLE_BROKER", "ROLE_AGENT"] as const;

const optionalUrl = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || isUrl(v), messages.url);

/** /admin/customers/create and /admin/customers/edit/{id}: the spec's column names (§3). */
export const customerSchema = (businessTypes: readonly string[]) =>
  z.object({
    customerName: field.text({ min: 2, max: 150 }),
    customerType: z.enum(CUSTOMER_TYPES, { error: messages.required }),
    contactPerson: field.optionalText({ max: 100 }),
    attentionEmail: field.optionalEmail(),
    attentionPhone: field.optionalPhone(),
    website: optionalUrl(),
    type: z
      .string()
      .optional()
      .transform((v) => v ?? "")
      .refine((v) => v === "" || businessTypes.includes(v), "Choose one of the listed options."),
    size: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || isDecimal(v, true), messages.decimal)
      .transform((v) => (v === "" ? null : parseDecimal(v, true)))
      .refine((v) => v === null || v >= 0, messages.min(0)),
    headquarters: field.optionalText({ max: 150 }),
    smsAllowance: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim() || "0")
      .pipe(field.integer({ min: 0, max: 1_000_000 })),
    comments: field.optionalText({ max: 2000 }),
  });
export type CustomerValues = z.output<ReturnType<typeof customerSchema>>;

/** /admin/customer/buyer/add */
export const memberSchema = z.object({
  customerId: z
    .string({ error: messages.required })
    .regex(/^[1-9]\d{0,9}$/, "Choose one of the listed options.")
    .transform(Number),
  name: field.text({ min: 2, max: 100 }),
  email: field.email(),
  roles: z.array(z.enum(MEMBER_ROLES), { error: messages.required }).min(1, messages.required),
});

/** /admin/customers/{id}: the actions on a customer. */
export const customerActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("lock") }),
  z.object({ intent: z.literal("unlock") }),
  z.object({ intent: z.literal("reset-password"), userId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("resend-invitation"), userId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("delete") }),
]);

/** Every form of /admin/customers/{id}: the customer's switches, a member's e-mails, the members table's columns and views. */
export const customerPageSchema = z.discriminatedUnion("intent", [...customerActionSchema.options, ...tableActionSchema("customerMembers").options]);

/** /admin/customers/on-board/{id}: the checklist, one intent per step. */
export const onboardingSchema = (investorTypes: readonly string[]) =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("investor-type"), investorType: oneOf(investorTypes) }),
    z.object({ intent: z.literal("terms"), accepted: z.literal("on", { error: messages.required }) }),
    z.object({ intent: z.literal("evidence") }),
    z.object({ intent: z.literal("status"), status: z.enum(ONBOARDING_STATUSES, { error: messages.required }) }),
  ]);

/** /admin/users/create and /admin/users/edit/{id}: an account and its roles. */
export const userSchema = z.object({
  name: field.text({ min: 2, max: 100 }),
  email: field.email(),
  company: field.optionalText({ max: 150 }),
  phone: field.optionalPhone(),
  roles: z.array(z.enum(ROLE_NAMES), { error: messages.required }).min(1, messages.required),
});

/** /uobs/invite/{token}: the invited person's first password. */
export const acceptInvitationSchema = z
  .object({
    password: field.password(),
    confirmPassword: z.string({ error: messages.required }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." });
