import * as z from "zod/mini";
import { CUSTOMER_TYPES, MEMBER_ROLES, ONBOARDING_STATUSES } from "~/lib/customers";
import { ROLE_NAMES } from "~/lib/roles";
import { field, isDecimal, isUrl, messages, orEmpty, parseDecimal, byIntent } from "~/lib/validation";
import { oneOf, passwordsMatch } from "./account";
import { buyerCriteriaSchema, type CriteriaOptions } from "./buyer-criteria";
import { tableActionSchema } from "./table";
import { once } from "~/lib/once";

/** A role ticked twice (a form posted by hand) is held once. */
const eachOnce = <T>(values: T[]) => [...new Set(values)];
/** Agent is a further role (spec §6): alone, the account would act as no one and open no page of its own. */
const notAgentAlone = (others: string) =>
  z.refine<string[]>((roles) => roles.length === 0 || roles.some((r) => r !== "ROLE_AGENT"), `Agent goes with ${others}: choose one of them too.`);
export { MEMBER_ROLES };

/** A website as the affiliate form and the lead import keep it: at most 200 characters. */
const optionalUrl = () =>
  orEmpty(z.string().check(z.trim(), z.maxLength(200, messages.maxChars(200)))).check(z.refine((v) => v === "" || isUrl(v), messages.url));

/** The largest size (USD) a customer may be given. */
export const CUSTOMER_SIZE_MAX = 10_000_000_000_000;

/** /admin/customers/create and /admin/customers/edit/{id}: the spec's column names (§3). */
export const customerSchema = (businessTypes: readonly string[]) =>
  z.object({
    customerName: field.text({ min: 2, max: 150 }),
    customerType: field.listed(CUSTOMER_TYPES),
    contactPerson: field.optionalText({ max: 100 }),
    attentionEmail: field.optionalEmail(),
    attentionPhone: field.optionalPhone(),
    website: optionalUrl(),
    type: orEmpty(z.string()).check(z.refine((v) => v === "" || businessTypes.includes(v), "Choose one of the listed options.")),
    size: z
      .pipe(
        z
          .pipe(z.optional(z.string()), z.transform((v: string | undefined) => (v ?? "").trim()))
          .check(z.refine((v) => v === "" || isDecimal(v, true), messages.decimal)),
        z.transform((v: string) => (v === "" ? null : parseDecimal(v, true))),
      )
      // a size in dollars: a trillion is past any firm's, and 300 digits were stored as 1e308
      .check(z.refine((v) => v === null || v >= 0, messages.min(0)), z.refine((v) => v === null || v <= CUSTOMER_SIZE_MAX, messages.max(CUSTOMER_SIZE_MAX))),
    headquarters: field.optionalText({ max: 150 }),
    smsAllowance: z.pipe(
      z.pipe(z.optional(z.string()), z.transform((v: string | undefined) => (v ?? "").trim() || "0")),
      field.integer({ min: 0, max: 1_000_000 }),
    ),
    // as long as a potential customer's notes, which become the comments when it is converted (a demo request's
    // message, up to 4,000): at 2,000, such a customer could not be saved from this form without cutting them
    comments: field.optionalText({ max: 4000 }),
  });
export type CustomerValues = z.output<ReturnType<typeof customerSchema>>;

/**
 * Admin is for staff accounts, of no customer: a customer's deletion disables its members, and its disabling
 * or lock keeps them from signing in, which would shut an admin out of the back office with it.
 */
export const MEMBER_ADMIN_MESSAGE =
  "Admin is for staff accounts: a customer's member cannot be an admin (deleting, disabling or locking the customer would shut them out). Create a staff account for them with New user on the users page.";

/** /admin/customer/buyer/add */
export const memberSchema = once(() => z.object({
  customerId: z.pipe(
    z.string({ error: messages.required }).check(z.regex(/^[1-9]\d{0,9}$/, "Choose one of the listed options.")),
    z.transform(Number),
  ),
  name: field.text({ min: 2, max: 100 }),
  email: field.email(),
  // any role name parses, so that Admin (no box on the page: a form posted by hand) is answered with why, on the roles
  roles: z
    .array(field.listed(ROLE_NAMES), { error: messages.required })
    .check(
      z.minLength(1, messages.required),
      z.overwrite(eachOnce),
      z.refine((roles) => roles.every((r) => (MEMBER_ROLES as readonly string[]).includes(r)), MEMBER_ADMIN_MESSAGE),
      notAgentAlone("Buyer, Seller or Broker"),
    ),
}));

/** /admin/customers/{id}: the actions on a customer. */
export const customerActionSchema = once(() => byIntent([
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("lock") }),
  z.object({ intent: z.literal("unlock") }),
  z.object({ intent: z.literal("reset-password"), userId: z.coerce.number().check(z.int(), z.positive()) }),
  z.object({ intent: z.literal("resend-invitation"), userId: z.coerce.number().check(z.int(), z.positive()) }),
  z.object({ intent: z.literal("delete") }),
]));

/** Every form of /admin/customers/{id}: the customer's switches, a member's e-mails, the members table's columns and views. */
export const customerPageSchema = once(() => byIntent([...customerActionSchema().def.options, ...tableActionSchema("customerMembers").def.options]));

/** /admin/customers/on-board/{id}: the checklist, one intent per step. */
export const onboardingSchema = (investorTypes: readonly string[]) =>
  byIntent([
    z.object({ intent: z.literal("investor-type"), investorType: oneOf(investorTypes) }),
    z.object({ intent: z.literal("terms"), accepted: z.literal("on", { error: messages.required }) }),
    z.object({ intent: z.literal("evidence") }),
    z.object({ intent: z.literal("status"), status: field.listed(ONBOARDING_STATUSES) }),
  ]);

/** /admin/users/create and /admin/users/edit/{id}: an account and its roles. */
export const userSchema = once(() => z.object({
  name: field.text({ min: 2, max: 100 }),
  email: field.email(),
  company: field.optionalText({ max: 150 }),
  phone: field.optionalPhone(),
  roles: z
    .array(field.listed(ROLE_NAMES), { error: messages.required })
    .check(z.minLength(1, messages.required), z.overwrite(eachOnce), notAgentAlone("Buyer, Seller, Admin or Broker")),
}));

/**
 * /admin/users/edit/{id}, "Attach to a customer": a member who named a company we have in on-boarding is left
 * unattached (decision 015) until an admin, who knows they belong there, attaches them by the customer's name.
 */
export const attachCustomerSchema = once(() => z.object({ intent: z.literal("attach"), customerName: field.text({ max: 200 }) }));

/** /uobs/invite/{token}: the invited person's first password. */
export const acceptInvitationSchema = once(() => z
  .object({
    password: field.password(),
    confirmPassword: z.string({ error: messages.required }),
  })
  .check(passwordsMatch("password")));

/** /admin/customers/edit/{id}: the customer's details or the criteria it buys by, by intent. */
export const customerEditSchema = (businessTypes: readonly string[], criteria: CriteriaOptions) =>
  byIntent([
    z.extend(customerSchema(businessTypes), { intent: z.literal("customer") }),
    z.extend(buyerCriteriaSchema(criteria), { intent: z.literal("criteria") }),
  ]);
