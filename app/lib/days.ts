/**
 * Which day "today" is (decision 121). Date fields hold a calendar day (YYYY-MM-DD), with no time or
 * place; the same rule runs in the browser and on the server, so neither the member's clock nor the
 * server's UTC decides.
 */

/** The market's time zone: a US market's days, and a deal's dates, are New York's. */
export const MARKET_TIME_ZONE = "America/New_York";

let marketDays: Intl.DateTimeFormat | undefined;
// the day of the last minute asked about: a page asks for each offer it shows (whether it expired), and
// each answer from the time zone's rules cost more than the rest of the check; New York's day turns on a minute
let lastMinute = NaN;
let lastDay = "";

/** Today in New York: a date both parties of a deal read the same, from which "in the past" is judged. */
export function marketToday(now: Date = new Date()) {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === lastMinute) return lastDay;
  marketDays ??= new Intl.DateTimeFormat("en-US", { timeZone: MARKET_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  const part = Object.fromEntries(marketDays.formatToParts(now).map((p) => [p.type, p.value]));
  lastMinute = minute;
  return (lastDay = `${part.year}-${part.month}-${part.day}`);
}

/** Today where the day is latest on earth (UTC+14, the Line Islands): a later day is in the future everywhere. */
export const latestToday = (now: Date = new Date()) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
