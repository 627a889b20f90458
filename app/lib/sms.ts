/** Bulk SMS (issue #14): what a text costs, how it ends, and when it may go out. Pure: runs in the browser and in workerd. */
import { isPhone } from "./field-rules";

// GSM 03.38: the basic table costs one septet a character, the extension table two (escape + char)
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = "GSM-7" | "UCS-2";
export type SmsCount = { encoding: SmsEncoding; characters: number; segments: number; perSegment: number };

export function isGsm7(text: string) {
  for (const ch of text) if (!basic.has(ch) && !extension.has(ch)) return false;
  return true;
}

/**
 * Characters as the network counts them and the segments they take: GSM-7 fits 160
 * in one message, 153 a segment when split (the rest is the concatenation header);
 * anything outside GSM-7 goes as UCS-2, counted in UTF-16 code units, 70 and 67.
 */
export function countSms(text: string): SmsCount {
  if (isGsm7(text)) {
    let characters = 0;
    for (const ch of text) characters += extension.has(ch) ? 2 : 1;
    return { encoding: "GSM-7", characters, ...segmentsOf(characters, 160, 153) };
  }
  return { encoding: "UCS-2", characters: text.length, ...segmentsOf(text.length, 70, 67) };
}

function segmentsOf(units: number, single: number, split: number) {
  if (units === 0) return { segments: 0, perSegment: single };
  return units <= single ? { segments: 1, perSegment: single } : { segments: Math.ceil(units / split), perSegment: split };
}

export const STOP_FOOTER = "Reply STOP to opt out";

/** The text as sent: the opt-out line at its foot, once, even when the admin wrote it already. */
export function withStopFooter(text: string) {
  const trimmed = text.trimEnd();
  if (trimmed.toLowerCase().endsWith(STOP_FOOTER.toLowerCase())) return trimmed;
  return trimmed ? `${trimmed}\n${STOP_FOOTER}` : STOP_FOOTER;
}

/**
 * Inbound words that opt a number out: the carriers' standard set, and the words the FCC's revocation rule
 * (47 CFR 64.1200(a)(10)) names as well, "revoke" and "opt out": a reply "OPT OUT" was dropped and the number
 * texted again.
 */
const STOP_WORDS = new Set(["stop", "stopall", "stop all", "unsubscribe", "cancel", "end", "quit", "revoke", "opt out", "optout", "opt-out"]);
export const isStopMessage = (text: string) => STOP_WORDS.has(text.trim().toLowerCase().replace(/\s+/g, " ").replace(/[.!]+$/, ""));

/** A number in E.164 ("+" and digits only), or null when it is not an international number (spec §5 "Invalid phone number."). */
export function e164(value: string): string | null {
  const trimmed = value.trim();
  if (!isPhone(trimmed)) return null;
  return `+${trimmed.replace(/\D/g, "")}`;
}

/** Whether a company may be sent a message of this many segments: each segment spends one of its allowance. */
export const allowanceCovers = (allowance: number, segments: number) => segments > 0 && allowance >= segments;

/** What a campaign would spend and how many recipients the allowance turns away. */
export function allowanceNeeded(segments: number, allowances: readonly number[]) {
  const covered = allowances.filter((a) => allowanceCovers(a, segments)).length;
  return { segments: segments * covered, covered, short: allowances.length - covered };
}

export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;
/** Where a company's headquarters cannot be placed, texts keep New York's hours (most of the market is there). */
export const DEFAULT_TIME_ZONE = "America/New_York";

const ZONE_STATES: Record<string, string> = {
  "America/New_York": "CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV",
  "America/Chicago": "AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI",
  "America/Denver": "CO MT NM UT WY ID",
  "America/Phoenix": "AZ",
  "America/Los_Angeles": "CA NV OR WA",
  "America/Anchorage": "AK",
  "Pacific/Honolulu": "HI",
};
// a state split across zones takes the zone most of its people live in
const STATE_ZONE = new Map(Object.entries(ZONE_STATES).flatMap(([zone, states]) => states.split(" ").map((s) => [s, zone] as const)));
// a state written out ("Chicago, Illinois"): read as New York, a Californian's text held until 08:00 there went out at 05:00 theirs
const STATE_NAMES: Record<string, string> = {
  alabama: "AL", alaska: "AK", arizona: "AZ", arkansas: "AR", california: "CA", colorado: "CO", connecticut: "CT", delaware: "DE",
  "district of columbia": "DC", florida: "FL", georgia: "GA", hawaii: "HI", idaho: "ID", illinois: "IL", indiana: "IN", iowa: "IA",
  kansas: "KS", kentucky: "KY", louisiana: "LA", maine: "ME", maryland: "MD", massachusetts: "MA", michigan: "MI", minnesota: "MN",
  mississippi: "MS", missouri: "MO", montana: "MT", nebraska: "NE", nevada: "NV", "new hampshire": "NH", "new jersey": "NJ",
  "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND", ohio: "OH", oklahoma: "OK", oregon: "OR",
  pennsylvania: "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", tennessee: "TN", texas: "TX", utah: "UT",
  vermont: "VT", virginia: "VA", washington: "WA", "west virginia": "WV", wisconsin: "WI", wyoming: "WY",
};
// spec §9 locations, for headquarters given as a region
const REGION_ZONE: Record<string, string> = {
  northeast: "America/New_York",
  southeast: "America/New_York",
  midwest: "America/Chicago",
  southwest: "America/Phoenix",
  west: "America/Los_Angeles",
  nationwide: DEFAULT_TIME_ZONE,
};

function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zone of a headquarters given as a US state code ("NY", "New York, NY"),
 * a §9 region, or a zone name itself ("Europe/London", for companies abroad); New
 * York when unknown.
 */
export function timeZoneOf(headquarters: string) {
  const text = headquarters.trim();
  if (text.includes("/") && isTimeZone(text)) return text;
  // the state code last, or before a ZIP code or the country as addresses are written ("San Francisco, CA 94105, USA"):
  // those were placed in New York, and a Californian's text held until 08:00 there went out at 05:00 on their clock
  const code = /(?:^|[\s,])([A-Z]{2})(?:[\s,]+\d{5}(?:-\d{4})?)?(?:[\s,]+(?:USA?|U\.S\.A?\.?|United States(?: of America)?))?$/.exec(text)?.[1];
  const named = /(?:^|,)\s*([a-z][a-z ]*?)(?:[\s,]+\d{5}(?:-\d{4})?)?(?:[\s,]+(?:usa?|u\.s\.a?\.?|united states(?: of america)?))?$/.exec(text.toLowerCase())?.[1];
  return (code && STATE_ZONE.get(code)) ?? (named && STATE_ZONE.get(STATE_NAMES[named.trim()] ?? "")) ?? REGION_ZONE[text.toLowerCase()] ?? DEFAULT_TIME_ZONE;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number };

// one formatter a zone: made afresh for each text, 5,000 texts' release times took 2.6 s of Node's one thread
const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: number, timeZone: string): Wall {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
    wallFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
}

/** The instant a zone's clock shows this wall time (offsets read from Intl, so DST changes are honoured). */
function instantOf(wall: Wall, timeZone: string) {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(guess, timeZone);
    guess -= Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - asUtc;
  }
  return guess;
}

/**
 * When a text may go out: now, or, between 21:00 and 08:00 on the recipient's clock,
 * the next 08:00 there (held until morning).
 */
export function releaseTime(now: number, timeZone: string) {
  const wall = wallClock(now, timeZone);
  if (wall.hour >= QUIET_END_HOUR && wall.hour < QUIET_START_HOUR) return now;
  // after 21:00 the morning is tomorrow's; Date.UTC rolls the day over month ends
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + (wall.hour >= QUIET_START_HOUR ? 1 : 0)));
  return instantOf({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: QUIET_END_HOUR, minute: 0 }, timeZone);
}

/** Longest bulk text: about ten segments of GSM-7 before the opt-out line. */
export const SMS_MAX_LENGTH = 1500;
