import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvDownload } from "~/.server/csv-download";
import { allInterestRates } from "~/models/interest-rates.server";
import { INTEREST_RATE_COLUMNS } from "~/lib/schemas/index.server";

/** Every curve point, in the columns the import reads: a file exported can be edited and imported again. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const rows = await allInterestRates(services.db);
  return csvDownload(services.env, "interest-rates", INTEREST_RATE_COLUMNS, rows.map((r) => [r.asOf, r.tenorMonths, r.rate]));
}
