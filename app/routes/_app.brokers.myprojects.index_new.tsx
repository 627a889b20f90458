import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { dealsLoader } from "~/routes/_app.buyers.myprojects.index_new/queries.server";
import { DealsPage } from "~/routes/_app.buyers.myprojects.index_new/deals";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("My deals");

export const loader = (args: LoaderFunctionArgs) => dealsLoader(args);

export default DealsPage;
