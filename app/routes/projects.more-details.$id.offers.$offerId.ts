import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { loiDownload } from "~/models/deal-documents.server";

export const loader = (args: LoaderFunctionArgs) => loiDownload(args);
