import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvAttachment, datedCsvName } from "~/.server/csv-download";
import { notFound } from "~/.server/http";
import { projectOptions } from "~/.server/project-options";
import { isUploadPath, templateCsv, UPLOADS, uploadColumns } from "~/lib/listing-upload";

/** The CSV template of an upload: its columns and one example row. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const path = args.params.kind ?? "";
  if (!isUploadPath(path)) throw notFound();
  const { kind } = UPLOADS[path];
  return csvAttachment(services.env, templateCsv(kind, uploadColumns(kind, (await projectOptions(services)).values)), datedCsvName(`${path}-template`));
}
