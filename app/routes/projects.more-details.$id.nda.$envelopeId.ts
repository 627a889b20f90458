import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { ndaDownload } from "~/models/deal-documents.server";

export const loader = (args: LoaderFunctionArgs) => ndaDownload(args);
