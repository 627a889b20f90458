import type { Env } from "./env";
import { applySecurityHeaders } from "./security-headers";
import { csvLine } from "~/lib/csv";

type Field = string | number | boolean | null | undefined;

/** A CSV file as a download: a member's data, so never kept by a browser or a proxy. */
export function csvAttachment(env: Pick<Env, "APP_ENV">, body: string | ReadableStream<Uint8Array>, filename: string) {
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    }),
    env,
  );
  return new Response(body, { headers });
}

/** The file name of a table as it stands today: `<name>-<day>.csv`. */
export const datedCsvName = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.csv`;

/** A small CSV held in memory, as a download named `<name>-<day>.csv` (a table too big for that streams, as customers.csv does). */
export function csvDownload(env: Pick<Env, "APP_ENV">, name: string, header: readonly string[], rows: ReadonlyArray<readonly Field[]>) {
  return csvAttachment(env, csvLine(header) + rows.map((row) => csvLine(row)).join(""), datedCsvName(name));
}
