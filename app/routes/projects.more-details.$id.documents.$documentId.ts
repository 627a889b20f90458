import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { documentDownload } from "~/models/deal-documents.server";

export const loader = (args: LoaderFunctionArgs) => documentDownload(args);
