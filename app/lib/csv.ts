/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes
 * doubled. A text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at
 * the start) is prefixed with an apostrophe; numbers are written as they are, and so is a text that is only a
 * signed number (an E.164 phone number, +14885550208), which a spreadsheet reads as the number it is: prefixed, a
 * CRM that imported the file again got the apostrophe in every phone number.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = /^[=+\-@\t\r]/.test(value) && !/^[+-]\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export const csvLine = (fields: ReadonlyArray<string | number | boolean | null | undefined>) => fields.map(csvField).join(",") + "\r\n";
