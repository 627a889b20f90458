import { searchAction, searchLoader } from "~/routes/_app.buyers.search/queries.server";
import { SearchPage } from "~/routes/_app.buyers.search/search-page";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("Search projects");
export const loader = searchLoader;
export const action = searchAction;

export default function Search() {
  return <SearchPage title="Search projects" />;
}
