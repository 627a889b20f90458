import type { Env } from "./env";
import { applySecurityHeaders } from "./security-headers";
import { csvLine } from "~/lib/csv";
import { nextTurn } from "./platform/next-turn";

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

/**
 * A moment as a spreadsheet reads it, a date and time it can sort, filter and count with: "2026-05-08 14:30:05",
 * in UTC. ISO 8601's "2026-05-08T14:30:05.000Z" stayed text in Excel. The columns' headers keep their names: clients
 * read these files by them, and the README says an export's times are UTC.
 */
export const csvDateTime = (at: Date | number | null | undefined) => (at === null || at === undefined ? null : new Date(at).toISOString().slice(0, 19).replace("T", " "));

/** The file name of a table as it stands today: `<name>-<day>.csv`. */
export const datedCsvName = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * A CSV too big to hold, streamed a chunk at a time: `header`, then the rows each `nextChunk()`
 * gives, until one comes back empty. The server's other work gets a turn before each chunk: on Node
 * a libsql read answers within the turn it was asked in, so an export of 100,000 customers went out
 * in one turn and held every other request 1.7-3.5 s. `name` says in the log which export stopped.
 */
export function chunkedCsv(header: readonly string[], nextChunk: () => Promise<ReadonlyArray<readonly Field[]>>, name: string) {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          return controller.enqueue(encoder.encode(csvLine(header)));
        }
        await nextTurn();
        const rows = await nextChunk();
        if (!rows.length) return controller.close();
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(row)).join("")));
      } catch (error) {
        console.error(`${name}: the export stopped`, error);
        controller.error(error);
      }
    },
  });
}

/** A small CSV held in memory, as a download named `<name>-<day>.csv` (a table too big for that streams, as customers.csv does). */
export function csvDownload(env: Pick<Env, "APP_ENV">, name: string, header: readonly string[], rows: ReadonlyArray<readonly Field[]>) {
  return csvAttachment(env, csvLine(header) + rows.map((row) => csvLine(row)).join(""), datedCsvName(name));
}
