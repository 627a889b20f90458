import type { SeedDocument } from "../../../cms/seed/documents";

/** Sanity's export format: one JSON document per line. */
export function parseNdjson(text: string): SeedDocument[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SeedDocument);
}

export function toNdjson(documents: readonly SeedDocument[]) {
  return documents.map((d) => JSON.stringify(d)).join("\n") + "\n";
}
