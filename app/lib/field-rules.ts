import { UNKNOWN_REQUEST } from "./action-result";
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
  unlisted: "Choose one of the listed options.",
  /** A form whose `intent` is none the page's action takes (a hand-made post, a page older than its action). */
  unknownIntent: UNKNOWN_REQUEST,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+([.,]\d+)?$/;
const DECIMAL_THOUSANDS = /^-?\d{1,3}(,\d{3})*(\.\d+)?$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/**
 * + country code, then groups of digits with spaces, or one dot or dash, between them, and one group
 * at most in brackets ("+1 (212) 555-0100", "+44 (0)20 7946 0958"); E.164 allows 8 to 15 digits.
 * Written so that no string backtracks for long (a separator is never empty between two digit
 * groups). A list's reach writes the same rule in SQL (list-reach.server.ts: phoneDigits).
 */
const PHONE = /^\+[1-9](?!.*\(.*\()\d*(?:(?: *[.-] *| +)?\(\d+\)\d*|(?: *[.-] *| +)\d+)*$/;

/** The longest address SMTP carries (RFC 5321): a longer one is no address, and it overflowed the notice cookie that names it. */
export const EMAIL_MAX_LENGTH = 254;
export const isEmail = (v: string) => v.length <= EMAIL_MAX_LENGTH && EMAIL.test(v);
export const isZip = (v: string) => ZIP.test(v);
/** Digits, with a minus perhaps: a whole number as typed, whatever its size. */
export const isIntegerText = (v: string) => INTEGER.test(v);
const INTEGER_THOUSANDS = /^-?\d{1,3}(,\d{3})+$/;
/** A whole number written with thousands commas ("1,250"), as a count of people or units is written. */
export const isGroupedIntegerText = (v: string) => INTEGER_THOUSANDS.test(v);
/**
 * A percentage as a person or a spreadsheet writes it: "12.5%", "12.5 %" (Excel's CSV of a cell formatted
 * as percent): the sign only says what the field's label already does, so it is dropped before the number is read.
 */
export const withoutPercent = (v: string) => v.replace(/\s*%$/, "");
/**
 * An amount of dollars as it is pasted from a spreadsheet or a statement, or as Excel's CSV writes a cell formatted
 * as currency: "$12,500,000", "$ 1,250,000.00", "-$1,200,000", "US$ 5,000". The sign only says what the field's
 * label (USD) already does, so it is dropped before the number is read; a minus before it is kept.
 */
export const withoutDollar = (v: string) => v.replace(/^(-?)\s*(?:US)?\$\s*/i, "$1");
/** A whole number JavaScript holds exactly (twenty nines were stored as 1e20). */
export const isInteger = (v: string) => isIntegerText(v) && Number.isSafeInteger(Number(v));
/** Digits with a decimal point or comma perhaps (and thousands commas where allowed): a decimal as typed, whatever its size. */
export const isDecimalText = (v: string, thousands = false) => DECIMAL.test(v) || (thousands && DECIMAL_THOUSANDS.test(v));
/** A decimal as typed, whose value is a finite number (four hundred nines were Infinity, which no database stores). */
export const isDecimal = (v: string, thousands = false) => isDecimalText(v, thousands) && Number.isFinite(parseDecimal(v, thousands));
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

/**
 * A decimal as typed ("1.234,5" is not accepted; "1,5" is 1.5). Where thousands are allowed (amounts
 * of money), commas before groups of three digits are thousands: "5,000" is five thousand, as the
 * fields' hint ("e.g. 12,500,000") writes it, where it was read as 5.000.
 */
export function parseDecimal(v: string, thousands = false): number {
  if (thousands && v.includes(",") && DECIMAL_THOUSANDS.test(v)) return Number(v.replace(/,/g, ""));
  return Number(v.replace(",", "."));
}

/** What an amount of money says when it is written past the cent (not the spec's: §5 has no rule for places). */
export const CENTS = "Enter an amount to the cent: at most 2 decimal places.";
/**
 * An amount as typed names no fraction of a cent ("1,250,000.50", "12,5", "100.000"): an offer of
 * 1,250,000.999 was kept as typed and shown to both sides, and in its letter, as $1,250,001.
 * Read as parseDecimal reads it: where thousands are allowed, "1,250,000" has no decimals.
 */
export function isToTheCent(v: string, thousands = false) {
  const text = thousands && v.includes(",") && DECIMAL_THOUSANDS.test(v) ? v.replace(/,/g, "") : v;
  const fraction = /[.,](\d+)$/.exec(text)?.[1] ?? "";
  return fraction.replace(/0+$/, "").length <= 2;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What a date field says when its value is no day (not the spec's: §5 has no date rule). */
export const DAY_FORMAT = "Enter a date as YYYY-MM-DD.";
/** A day as US Excel writes it in a CSV: M/D/YYYY, month first (decision 122). */
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** What a date a file may carry says: both ways it may be written. */
export const FILE_DAY_FORMAT = "Enter a date as YYYY-MM-DD or M/D/YYYY (month first).";
/** A day written M/D/YYYY as YYYY-MM-DD, other text as it is, for isCalendarDay to judge: 13/1/2026 (day first) is no day. */
export const fromUsDay = (v: string) => v.replace(US_DAY, (_, m: string, d: string, y: string) => `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`);
/** What a date field says when its day is written well but falls outside the years a deal can name (isCalendarDay's). */
export const DAY_YEARS = "Enter a date in the years 1900 to 2199.";
/** A day written YYYY-MM-DD in a year no deal names (9999-12-31): told the years, not the format it follows. */
export function isOutsideDealYears(v: string) {
  const m = ISO_DAY.exec(v);
  return m !== null && (Number(m[1]) < 1900 || Number(m[1]) > 2199);
}
/**
 * A day of the calendar written YYYY-MM-DD, in the years a deal can name (1900-2199): "2027-02-30"
 * passed Date.parse (which moves it to March) and was stored as typed.
 */
export function isCalendarDay(v: string) {
  const m = ISO_DAY.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2199) return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/**
 * Field builders. Conform turns an empty input into `undefined`, so "Required."
 * is the message for a missing value.
 */
