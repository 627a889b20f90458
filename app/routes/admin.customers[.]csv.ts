import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvAttachment, datedCsvName } from "~/.server/csv-download";
import { csvLine } from "~/lib/csv";
import { customerIdsInViewOrder, customersInOrder, customerTableView, csvValueOf } from "~/models/customers.server";

const CHUNK = 500;

/**
 * The admin customer table as CSV: the same filters, sort and visible columns as the
 * page with this query, every matching row (not one page). The ids are listed once in
 * the view's order, then the rows streamed a chunk at a time: a hundred thousand rows
 * take the memory of their ids and five hundred rows.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const { query, columns } = await customerTableView(services, { reader: user, request: args.request });
  const encoder = new TextEncoder();
  let ids: Int32Array | null = null;
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!ids) {
          ids = await customerIdsInViewOrder(services.db, query);
          controller.enqueue(encoder.encode(csvLine(columns.map((c) => c.label))));
          return;
        }
        if (next >= ids.length) return controller.close();
        const rows = await customersInOrder(services.db, ids.subarray(next, next + CHUNK));
        next += CHUNK;
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(columns.map((c) => csvValueOf(row, c.value)))).join("")));
      } catch (error) {
        console.error("customers.csv: the export stopped", error);
        controller.error(error);
      }
    },
  });
  return csvAttachment(services.env, stream, datedCsvName("customers"));
}
