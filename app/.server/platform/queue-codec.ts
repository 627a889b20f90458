/**
 * A queued row keeps its dates: a queue message goes as JSON (wrangler dev's local queue turned a
 * Date into a string, and the writers want Dates), so a Date travels as `{ $date: ms }`.
 */
export function encodeRow(row: unknown): unknown {
  if (row instanceof Date) return { $date: row.getTime() };
  if (Array.isArray(row)) return row.map(encodeRow);
  if (row && typeof row === "object") {
    const encoded: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) if (value !== undefined && typeof value !== "function") encoded[key] = encodeRow(value);
    return encoded;
  }
  return row;
}

export function decodeRow(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeRow);
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]![0] === "$date" && typeof entries[0]![1] === "number") return new Date(entries[0]![1]);
    return Object.fromEntries(entries.map(([k, v]) => [k, decodeRow(v)]));
  }
  return value;
}
