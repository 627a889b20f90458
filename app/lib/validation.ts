import * as z from "zod/mini";

/** The spec's validation messages (§5), word for word. */
export const messages = {
  required: "Required.",
  email: "Invalid e-mail.",
  zip: "Invalid zip code.",
  integer: "Value must be an number.",
  decimal: "Value must be a valid decimal.",
  min: (n: number) => `Requires a value of at least ${n}.`,
  max: (n: number) => `Exceeds maximum value of ${n}.`,
  minChars: (n: number) => `A minimum of ${n} characters are required.`,
  maxChars: (n: number) => `A maximum of ${n} characters is allowed.`,
  url: "Invalid URL.",
  domain: "Invalid.",
  phone: "Invalid phone number.",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+([.,]\d+)?$/;
const DECIMAL_THOUSANDS = /^-?\d{1,3}(,\d{3})*(\.\d+)?$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** + country code, then digits with optional spaces, dots, dashes or brackets: E.164 allows 8 to 15 digits. */
const PHONE = /^\+[1-9][\d\s.()-]*$/;

export const isEmail = (v: string) => EMAIL.test(v);
export const isZip = (v: string) => ZIP.test(v);
export const isInteger = (v: string) => INTEGER.test(v);
export const isDecimal = (v: string, thousands = false) =>
  DECIMAL.test(v) || (thousands && DECIMAL_THOUSANDS.test(v));
export const isDomain = (v: string) => DOMAIN.test(v);
export function isPhone(v: string) {
  if (!PHONE.test(v)) return false;
  const digits = v.replace(/\D/g, "");
  return digits.length >= 8 && digits.length <= 15;
}
export function isUrl(v: string) {
  try {
    const url = new URL(v);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A decimal as typed ("1.234,5" is not accepted; "1,5" and "1,234.5" with thousands are). */
export function parseDecimal(v: string, thousands = false): number {
  if (thousands && DECIMAL_THOUSANDS.test(v) && v.includes(",") && !DECIMAL.test(v)) {
    return Number(v.replace(/,/g, ""));
  }
  return Number(v.replace(",", "."));
}

/**
 * Field builders. Conform turns an empty input into `undefined`, so "Required."
 * is the message for a missing value.
 */
export const field = {
  text: (opts: { min?: number; max?: number } = {}) =>
    z.string({ error: messages.required }).check(
      z.trim(),
      z.minLength(1, messages.required),
      ...(opts.min ? [z.minLength(opts.min, messages.minChars(opts.min))] : []),
      ...(opts.max ? [z.maxLength(opts.max, messages.maxChars(opts.max))] : []),
    ),
  optionalText: (opts: { max?: number } = {}) =>
    orEmpty(z.string().check(z.trim(), ...(opts.max ? [z.maxLength(opts.max, messages.maxChars(opts.max))] : []))),
  email: () => z.string({ error: messages.required }).check(z.trim(), z.toLowerCase(), z.refine(isEmail, messages.email)),
  /** E-mail where empty is allowed. */
  optionalEmail: () =>
    orEmpty(z.string().check(z.trim(), z.toLowerCase(), z.refine((v) => v === "" || isEmail(v), messages.email))),
  phone: () => z.string({ error: messages.required }).check(z.trim(), z.refine(isPhone, messages.phone)),
  /** Empty, or the bare "+1 " prefix a phone mask leaves behind, counts as no phone. */
  optionalPhone: () =>
    z
      .pipe(
        z.pipe(z.optional(z.string()), z.transform((v: string | undefined) => (v ?? "").trim())),
        z.transform((v: string) => (v === "+1" ? "" : v)),
      )
      .check(z.refine((v) => v === "" || isPhone(v), messages.phone)),
  password: (min = PASSWORD_MIN_LENGTH) =>
    z.string({ error: messages.required }).check(z.minLength(min, messages.minChars(min)), z.maxLength(200, messages.maxChars(200))),
  zip: () => z.string({ error: messages.required }).check(z.trim(), z.refine(isZip, messages.zip)),
  url: () => z.string({ error: messages.required }).check(z.trim(), z.refine(isUrl, messages.url)),
  domain: () => z.string({ error: messages.required }).check(z.trim(), z.refine(isDomain, messages.domain)),
  integer: (opts: { min?: number; max?: number } = {}) =>
    z.pipe(
      z.pipe(z.string({ error: messages.required }).check(z.trim(), z.refine(isInteger, messages.integer)), z.transform(Number)),
      bounded(opts),
    ),
  decimal: (opts: { min?: number; max?: number; thousands?: boolean } = {}) =>
    z.pipe(
      z.pipe(
        z.string({ error: messages.required }).check(z.trim(), z.refine((v) => isDecimal(v, opts.thousands), messages.decimal)),
        z.transform((v: string) => parseDecimal(v, opts.thousands)),
      ),
      bounded(opts),
    ),
};

/** A field that may be left out: missing becomes "" (Conform sends nothing for an empty input). */
export function orEmpty(schema: z.ZodMiniType<string, string>) {
  return z.pipe(z.optional(schema), z.transform((v: string | undefined) => v ?? ""));
}

function bounded({ min, max }: { min?: number; max?: number }) {
  return z.number().check(
    ...(min !== undefined ? [z.gte(min, messages.min(min))] : []),
    ...(max !== undefined ? [z.lte(max, messages.max(max))] : []),
  );
}

export const PASSWORD_MIN_LENGTH = 10;
