import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvAttachment, datedCsvName } from "~/.server/csv-download";
import { csvLine } from "~/lib/csv";
import { PROPERTY_ASSUMPTION_COLUMNS } from "~/lib/system-data";
import { allPropertyAssumptions } from "~/models/property-assumptions.server";

/** The property assumptions matching the page's search, in the import's columns: an export is a valid import. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const rows = await allPropertyAssumptions(services.db, { q });
  const body = csvLine(PROPERTY_ASSUMPTION_COLUMNS) + rows.map((r) => csvLine(PROPERTY_ASSUMPTION_COLUMNS.map((c) => r[c]))).join("");
  return csvAttachment(services.env, body, datedCsvName("property-assumptions"));
}
