// The spec's field rules (§5) as plain predicates and messages: no zod, so the browser can use them
// (the SMS counter, masks) without loading a schema library.
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
