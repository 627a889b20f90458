import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { dealsLoader } from "~/.server/deal/deals-page";
import { DealsPage } from "~/components/deal/deals";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("My deals");

export const loader = (args: LoaderFunctionArgs) => dealsLoader(args);

export default DealsPage;
