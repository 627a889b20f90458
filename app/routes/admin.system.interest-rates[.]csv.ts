import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvDownload } from "~/.server/csv-download";
import { allInterestRates } from "~/models/interest-rates.server";
import { INTEREST_RATE_COLUMNS } from "~/lib/schemas/index.server";

/**
 * The curve points of the page's view (one day's, `?asOf=`, or every day's), in the columns the import reads: a file
 * exported can be edited and imported again. It gave every day's whatever day the page showed.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const asOf = new URL(args.request.url).searchParams.get("asOf");
  const rows = await allInterestRates(services.db, { asOf: asOf && asOf !== "Any" ? asOf : undefined });
  return csvDownload(services.env, "interest-rates", INTEREST_RATE_COLUMNS, rows.map((r) => [r.asOf, r.tenorMonths, r.rate]));
}
