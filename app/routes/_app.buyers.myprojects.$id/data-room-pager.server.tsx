import { StaticPager } from "~/components/pager";
import { staticMarkup } from "~/components/static-html.server";

type Paging = { page: number; pageSize: number; total: number };

/**
 * The data room's pager drawn on the server, as the desk's are: plain links, and (in a .server
 * module) none of the pager's code in the workspace's bundle. Nothing when the room fits on a page.
 */
export function dataRoomPagerMarkup(paging: Paging, at: { pathname: string; search: string }) {
  if (paging.total <= paging.pageSize) return null;
  return staticMarkup(<StaticPager {...paging} noun="documents" param="documents" label="Pages of the data room" anchor="data-room" at={at} />);
}
