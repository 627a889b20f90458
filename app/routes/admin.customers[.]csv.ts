import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { chunkedCsv, csvAttachment, datedCsvName } from "~/.server/csv-download";
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
  let ids: Int32Array | null = null;
  let next = 0;
  const stream = chunkedCsv(
    columns.map((c) => c.label),
    async () => {
      ids ??= await customerIdsInViewOrder(services.db, query);
      const rows = next < ids.length ? await customersInOrder(services.db, ids.subarray(next, next + CHUNK)) : [];
      next += CHUNK;
      return rows.map((row) => columns.map((c) => csvValueOf(row, c.value)));
    },
    "customers.csv",
  );
  return csvAttachment(services.env, stream, datedCsvName("customers"));
}
