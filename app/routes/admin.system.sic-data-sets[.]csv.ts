import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvAttachment, datedCsvName } from "~/.server/csv-download";
import { csvLine } from "~/lib/csv";
import { SIC_CODE_COLUMNS, sicFiltersOf } from "~/lib/system-data";
import { allSicCodes } from "~/models/sic-codes.server";

/** The SIC codes matching the page's filters, in the import's columns: an export is a valid import. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const rows = await allSicCodes(services.db, sicFiltersOf(new URL(args.request.url).searchParams));
  const body = csvLine(SIC_CODE_COLUMNS) + rows.map((r) => csvLine(SIC_CODE_COLUMNS.map((c) => r[c]))).join("");
  return csvAttachment(services.env, body, datedCsvName("sic-codes"));
}
