import * as z from "zod/mini";
import { CENTS, EMAIL_MAX_LENGTH, isDecimalText, isToTheCent, isDomain, isEmail, isGroupedIntegerText, isIntegerText, isPhone, isUrl, isZip, messages, parseDecimal, withoutDollar, withoutPercent } from "./field-rules";

export * from "./field-rules";

/**
 * Control characters (NUL and the like; tab, line feed and carriage return kept) are no content: taken
 * out before a text is trimmed and measured, so that "\0\0\0" is empty, not a name.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/**
 * Invisible characters no name or text needs, taken out with the controls: the zero-width space, the word
 * joiner and invisible operators, the byte-order mark, and the bidirectional embeddings, overrides and
 * isolates (an override typed into a listing's name reversed every sentence it was put in: notifications,
 * e-mails). Joiners and direction marks stay: emoji and some scripts are written with them.
 */
const INVISIBLE = /[\u200B\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/g;
const withoutControls = () => z.overwrite((v: string) => v.replace(CONTROL, "").replace(INVISIBLE, ""));
/** Content is at least one character that shows: joiners, marks and fillers alone signed an NDA with an empty name. */
const NOT_SHOWN = /[\s\u200C-\u200F\u00AD\u115F\u1160\u3164\uFFA0]|\u034F/gu;
export const hasVisibleText = (v: string) => v.replace(NOT_SHOWN, "") !== "";

/** Zod fields that check the rules above and answer their messages. */
export const field = {
  text: (opts: { min?: number; max?: number } = {}) =>
    z.string({ error: messages.required }).check(
      withoutControls(),
      z.trim(),
      // nothing that shows is "Required." alone, not also too short
      z.refine(hasVisibleText, { error: messages.required, abort: true }),
      ...(opts.min ? [z.minLength(opts.min, messages.minChars(opts.min))] : []),
      ...(opts.max ? [z.maxLength(opts.max, messages.maxChars(opts.max))] : []),
    ),
  optionalText: (opts: { max?: number } = {}) =>
    orEmpty(
      z.string().check(
        withoutControls(),
        z.trim(),
        z.overwrite((v: string) => (hasVisibleText(v) ? v : "")),
        ...(opts.max ? [z.maxLength(opts.max, messages.maxChars(opts.max))] : []),
      ),
    ),
  email: () =>
    z.string({ error: messages.required }).check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, messages.maxChars(EMAIL_MAX_LENGTH)), z.refine(isEmail, messages.email)),
  /** E-mail where empty is allowed. */
  optionalEmail: () =>
    orEmpty(
      z.string().check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, messages.maxChars(EMAIL_MAX_LENGTH)), z.refine((v) => v === "" || isEmail(v), messages.email)),
    ),
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
  /**
   * A whole number past the field's bounds is out of range, however many digits it has (twenty
   * nines in a 0–100 field said "Value must be an number."); one JavaScript cannot hold exactly
   * that no bound caught is still no number. A count (`thousands`) may be written with thousands commas
   * ("1,250" employees was "Value must be an number.").
   */
  integer: (opts: { min?: number; max?: number; thousands?: boolean } = {}) =>
    z.pipe(
      z.pipe(
        z.string({ error: messages.required }).check(z.trim(), z.refine((v) => isIntegerText(v) || (!!opts.thousands && isGroupedIntegerText(v)), messages.integer)),
        z.transform((v: string) => wholeNumber(v.replace(/,/g, ""))),
      ),
      z.pipe(bounded(opts), z.number().check(z.refine(Number.isSafeInteger, messages.integer))),
    ),
  /**
   * A decimal past the field's bounds is out of range, however many digits it has (four hundred
   * nines in an amount said "Value must be a valid decimal."); one past what JavaScript holds (Infinity)
   * that no bound caught is still no decimal. A `percent` may end in a percent sign ("12.5 %"), an amount of
   * money (`cents`) start with a dollar sign ("$12,500,000").
   */
  decimal: (opts: { min?: number; max?: number; thousands?: boolean; cents?: boolean; percent?: boolean } = {}) =>
    z.pipe(
      z.pipe(
        z.string({ error: messages.required }).check(
          z.trim(),
          ...(opts.percent ? [z.overwrite(withoutPercent)] : []),
          // an amount of money (`cents`) pasted with its dollar sign ("$12,500,000") was "Value must be a valid decimal."
          ...(opts.cents ? [z.overwrite(withoutDollar)] : []),
          z.refine((v) => isDecimalText(v, opts.thousands), { error: messages.decimal, abort: true }),
          // an amount of money (`cents`) is kept as typed, so it names no fraction of a cent that every page would round away
          z.refine((v) => !opts.cents || isToTheCent(v, opts.thousands), { error: CENTS, abort: true }),
        ),
        z.transform((v: string) => largestAt(parseDecimal(v, opts.thousands))),
      ),
      z.pipe(bounded(opts), z.number().check(z.refine((n) => Math.abs(n) < Number.MAX_VALUE, messages.decimal))),
    ),
  /**
   * A file input: text in its place (a form posted by hand, a client that sent the name alone) is
   * no file, which the form's own check answers ("Choose a file …"), never the parser's wording.
   */
  optionalFile: () => z.pipe(z.optional(z.union([z.file(), z.string()])), z.transform((v: File | string | undefined) => (typeof v === "string" ? undefined : v))),
  /** One of a fixed list: nothing chosen is "Required.", a value not in it (a form posted by hand) says so. */
  listed: <const T extends readonly [string, ...string[]]>(values: T) =>
    z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === "" ? messages.required : messages.unlisted) }),
};

/**
 * The forms one action takes, told apart by their `intent`. An intent none of them has (a post made by hand,
 * a page older than its action) is answered in plain words, not with zod's list of the intents there are.
 */
export function byIntent<const T extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]]>(options: T) {
  return z.discriminatedUnion("intent", options, {
    error: (issue) => (issue.code === "invalid_union" && issue.note === "No matching discriminator" ? messages.unknownIntent : undefined),
  });
}

/**
 * What a JSON API answers a body that is JSON but no object (a list, null, a string): the fields it
 * takes, an optional one marked with "?" ("otp?" is written "otp"?).
 */
export const notAJsonObject = (fields: readonly string[]) =>
  `The body must be a JSON object: {${fields.map((f) => (f.endsWith("?") ? `"${f.slice(0, -1)}"?` : `"${f}"`)).join(", ")}}.`;

/** A field that may be left out: missing becomes "" (Conform sends nothing for an empty input). */
export function orEmpty(schema: z.ZodMiniType<string, string>) {
  return z.pipe(z.optional(schema), z.transform((v: string | undefined) => v ?? ""));
}

/** Digits past 1e308 are Infinity, which zod's number refuses as no number: read as the largest there is, so the bounds still judge it. */
const largestAt = (n: number) => Math.max(-Number.MAX_VALUE, Math.min(n, Number.MAX_VALUE));
const wholeNumber = (v: string) => largestAt(Number(v));

function bounded({ min, max }: { min?: number; max?: number }) {
  return z.number().check(
    ...(min !== undefined ? [z.gte(min, messages.min(min))] : []),
    ...(max !== undefined ? [z.lte(max, messages.max(max))] : []),
  );
}

export const PASSWORD_MIN_LENGTH = 10;
