import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvDownload } from "~/.server/csv-download";
import { allCoefficients } from "~/models/coefficients.server";
import { COEFFICIENT_COLUMNS } from "~/lib/schemas/index.server";

/** Every coefficient, in the columns the import reads. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const rows = await allCoefficients(services.db);
  return csvDownload(services.env, "coefficients", COEFFICIENT_COLUMNS, rows.map((r) => [r.dimension, r.band, r.value]));
}
