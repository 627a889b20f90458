import { searchAction, searchLoader } from "~/.server/search-page";
import { SearchPage } from "~/components/search-page";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("Search projects");
export const loader = searchLoader;
export const action = searchAction;

export default function Search() {
  return <SearchPage title="Search projects" />;
}
