/**
 * Number formats written out by hand: Node's and the browser's Intl data differ
 * (compact notation above all), and a server-rendered number must hydrate as the same text.
 */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Whole dollars, and the cents when there are any: an offer of $1,250,000.50 is not shown as $1,250,001. */
export function formatCurrency(v: number | null | undefined) {
  if (v === null || v === undefined) return "—";
  const cents = Math.round(Math.abs(v) * 100);
  const sign = v < 0 && cents > 0 ? "-" : "";
  const rest = cents % 100;
  return `${sign}$${group(String((cents - rest) / 100))}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** Each unit from the largest, with the divisor of the unit below, whose rounding decides the step up. */
const compactUnits = [
  { divisor: 1e9, suffix: "B", below: 1e6 },
  { divisor: 1e6, suffix: "M", below: 1e3 },
  { divisor: 1e3, suffix: "K", below: 1 },
] as const;

const roundedIn = (abs: number, divisor: number) => (divisor === 1 ? Math.round(abs) : Math.round((abs / divisor) * 10) / 10);

/**
 * The unit is chosen from the figure as it would be shown in the unit below: 999,999 is 1000.0
 * thousands once rounded, so it is shown as "$1.0M", never as "$1000.0K" (and 999.5 as "$1.0K").
 */
export function formatCompactCurrency(v: number | null | undefined) {
  if (v === null || v === undefined) return "—";
  const abs = Math.abs(v);
  const unit = compactUnits.find((u) => roundedIn(abs, u.below) >= 1000);
  const figure = roundedIn(abs, unit ? unit.divisor : 1);
  const sign = v < 0 && figure > 0 ? "-" : "";
  return unit ? `${sign}$${figure.toFixed(1)}${unit.suffix}` : `${sign}$${figure}`;
}

/** Only the whole part is grouped: a customer's size of 1234.5678 was shown as "1,234.5,678". */
export function formatNumber(v: number) {
  const text = String(v);
  const point = text.indexOf(".");
  return point < 0 ? group(text) : `${group(text.slice(0, point))}${text.slice(point)}`;
}

/**
 * A character past U+00FF as a character reference, for `dangerouslySetInnerHTML` on a <span>. A
 * page whose markup has no such character is a one-byte string on the server, which copies and
 * encodes in half the time or less; one dash drawn as text made the whole page two bytes a character
 * (static-html.server.ts does the same for the markup drawn once).
 */
export const charRef = (code: number) => ({ __html: `&#${code};` });
/**
 * A rate to the thousandth when it has one, else to the hundredth: a note rate of 7.125% (rates go in
 * eighths) was shown as 7.13%, and toFixed rounded 6.245 (6.2449999... in binary) down to 6.24.
 */
export function formatPercent(v: number | null | undefined) {
  if (v === null || v === undefined) return "—";
  const thousandths = Math.round(Math.abs(v) * 1000);
  const sign = v < 0 && thousandths > 0 ? "-" : "";
  const text = (thousandths / 1000).toFixed(3);
  return `${sign}${text.endsWith("0") ? text.slice(0, -1) : text}%`;
}
export const formatDate = (v: string | number | Date | null | undefined) =>
  v === null || v === undefined || v === "" ? "—" : new Date(v).toISOString().slice(0, 10);
export const formatYesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? "—" : v ? "Yes" : "No");
/** Date and time in UTC, the same on the server and in the browser. */
export const formatDateTime = (v: string | number | Date | null | undefined) =>
  v === null || v === undefined || v === "" ? "—" : `${new Date(v).toISOString().slice(0, 16).replace("T", " ")} UTC`;

export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A duration in milliseconds as people read it: 1 h 02 min, 3 min 05 s, 42 s. */
export function formatDuration(ms: number | null | undefined) {
  if (!ms || ms < 0) return "0 s";
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) return `${h} h ${String(m).padStart(2, "0")} min`;
  if (m) return `${m} min ${String(s).padStart(2, "0")} s`;
  return `${s} s`;
}
