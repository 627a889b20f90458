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

/** Only the whole part is grouped: a customer's size of 1234.5678 was shown as "1,234.5,678". */
export const formatNumber = (v: number) => String(v).replace(/^[^.]*/, group);

/**
 * A character past U+00FF as a character reference, for `dangerouslySetInnerHTML` on a <span>. A
 * page whose markup has no such character is a one-byte string on the server, which copies and
 * encodes in half the time or less; one dash drawn as text made the whole page two bytes a character
 * (static-html.server.ts does the same for the markup drawn once).
 */
export const charRef = (code: number) => ({ __html: `&#${code};` });
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
