import * as z from "zod/mini";
import { field, messages, byIntent } from "~/lib/validation";
import { once } from "~/lib/once";

/** The confirmation field repeats `field` (checked on the object, reported on confirmPassword). */
export const passwordsMatch = <T extends { confirmPassword: string }>(field: keyof T) =>
  z.refine<T>((v) => v[field] === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

export const signinSchema = once(() => z.object({
  email: field.email(),
  password: z.string({ error: messages.required }),
  redirect: z.optional(z.string()),
}));

/** One of the options of a constant list (the options come from the CMS). */
export const oneOf = (values: readonly string[]) =>
  z.string({ error: messages.required }).check(z.refine((v) => values.includes(v), "Choose one of the listed options."));

export const joinSchema = (businessTypes: readonly string[]) => z
  .object({
    name: field.text({ min: 2, max: 100 }),
    company: field.text({ min: 2, max: 150 }),
    businessType: oneOf(businessTypes),
    email: field.email(),
    phone: field.phone(),
    password: field.password(),
    confirmPassword: z.string({ error: messages.required }),
    role: field.listed(["buyer", "seller", "broker"]),
    redirect: z.optional(z.string()),
    // a referral code: anything that is not one is ignored at sign-up, never an error
    ref: z.optional(z.string()),
  })
  .check(passwordsMatch("password"));

export const profileSchema = once(() => z.object({
  intent: z.literal("profile"),
  name: field.text({ min: 2, max: 100 }),
  phone: field.optionalPhone(),
}));

export const changePasswordSchema = once(() => z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ error: messages.required }),
    newPassword: field.password(),
    confirmPassword: z.string({ error: messages.required }),
  })
  .check(passwordsMatch("newPassword")));

export const requestResetSchema = once(() => z.object({ email: field.email() }));

export const resetPasswordSchema = once(() => z
  .object({
    password: field.password(),
    confirmPassword: z.string({ error: messages.required }),
  })
  .check(passwordsMatch("password")));

export const contactSchema = once(() => z.object({
  name: field.text({ min: 2, max: 100 }),
  email: field.email(),
  company: field.optionalText({ max: 150 }),
  phone: field.optionalPhone(),
  message: field.text({ min: 10, max: 4000 }),
}));

/** A code from the authenticator app (six digits) or a recovery code (xxxx-xxxx-xxxx-xxxx). */
const oneTimeCode = () =>
  z.string({ error: messages.required }).check(z.trim(), z.minLength(1, messages.required), z.maxLength(40, "Enter the code as shown."));

export const secondFactorSchema = once(() => z.object({ code: oneTimeCode() }));

/**
 * Turning it on takes the password too: it signs out every other browser and makes the password alone no longer
 * enough, so from a session left open (or a stolen cookie) it shut the owner out of their own account.
 */
export const enrolTotpSchema = once(() => z.object({
  intent: z.literal("totp-confirm"),
  code: z.string({ error: messages.required }).check(z.trim(), z.regex(/^\d{6}$/, "Enter the six digits your app shows.")),
  currentPassword: z.string({ error: messages.required }),
}));

export const disableTotpSchema = once(() => z.object({
  intent: z.literal("totp-disable"),
  currentPassword: z.string({ error: messages.required }),
}));

/** New recovery codes replace the ones the member keeps, and open the account with the password: they take the password. */
export const newRecoveryCodesSchema = once(() => z.object({
  intent: z.literal("totp-recovery-codes"),
  currentPassword: z.string({ error: messages.required }),
}));

/** The profile page's forms: details, password, and the steps of two-factor sign-in. */
export const profileActionSchema = once(() => byIntent([
  profileSchema(),
  changePasswordSchema(),
  z.object({ intent: z.literal("totp-start") }),
  enrolTotpSchema(),
  newRecoveryCodesSchema(),
  disableTotpSchema(),
]));
export type ProfileIntent = z.output<ReturnType<typeof profileActionSchema>>;
