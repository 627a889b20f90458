import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { ndaDownload } from "~/.server/deal/files";

export const loader = (args: LoaderFunctionArgs) => ndaDownload(args);
