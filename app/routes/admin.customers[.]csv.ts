import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { applySecurityHeaders } from "~/.server/security-headers";
import { csvLine } from "~/lib/csv";
import { customerChunk, customerTableView, csvValueOf } from "~/models/customers.server";

const CHUNK = 500;

/**
 * The admin customer table as CSV: the same filters and visible columns as the page
 * with this query, every matching row (not one page), in id order. Streamed a chunk
 * at a time by keyset, so a hundred thousand rows take the memory of five hundred.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const { query, columns } = await customerTableView(services, { userId: user.id, request: args.request });
  const encoder = new TextEncoder();
  let afterId = 0;
  let header = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (header) {
          header = false;
          controller.enqueue(encoder.encode(csvLine(columns.map((c) => c.label))));
          return;
        }
        const rows = await customerChunk(services.db, { q: query.q, filters: query.filters, afterId, limit: CHUNK });
        if (!rows.length) return controller.close();
        afterId = rows.at(-1)!.customerId;
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(columns.map((c) => csvValueOf(row, c.value)))).join("")));
      } catch (error) {
        console.error("customers.csv: the export stopped", error);
        controller.error(error);
      }
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="customers-${day}.csv"`,
      "Cache-Control": "private, no-store",
    }),
    services.env,
  );
  return new Response(stream, { headers });
}
