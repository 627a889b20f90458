import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { loiDownload } from "~/.server/deal/files";

export const loader = (args: LoaderFunctionArgs) => loiDownload(args);
