import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvDownload } from "~/.server/csv-download";
import { allCoefficients } from "~/models/coefficients.server";
import { COEFFICIENT_COLUMNS } from "~/lib/schemas/index.server";

/** The coefficients of the page's view (one dimension's, `?dimension=`, or all), in the columns the import reads. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const rows = await allCoefficients(services.db, { dimension: new URL(args.request.url).searchParams.get("dimension") ?? undefined });
  return csvDownload(services.env, "coefficients", COEFFICIENT_COLUMNS, rows.map((r) => [r.dimension, r.band, r.value]));
}
