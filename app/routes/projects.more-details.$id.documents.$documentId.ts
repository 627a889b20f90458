import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { documentDownload } from "~/.server/deal/files";

export const loader = (args: LoaderFunctionArgs) => documentDownload(args);
