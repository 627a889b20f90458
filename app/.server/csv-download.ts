import type { Env } from "./env";
import { applySecurityHeaders } from "./security-headers";
import { csvLine } from "~/lib/csv";

type Field = string | number | boolean | null | undefined;

/** A small CSV held in memory, as a download named `<name>-<day>.csv` (a table too big for that streams, as customers.csv does). */
export function csvDownload(env: Pick<Env, "APP_ENV">, name: string, header: readonly string[], rows: ReadonlyArray<readonly Field[]>) {
  const body = csvLine(header) + rows.map((row) => csvLine(row)).join("");
  const day = new Date().toISOString().slice(0, 10);
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    }),
    env,
  );
  return new Response(body, { headers });
}
