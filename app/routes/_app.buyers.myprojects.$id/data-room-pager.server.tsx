import type { PageAt, Paging } from "~/components/pager";
import { SectionPager } from "~/components/section-pager";
import { staticMarkup } from "~/components/static-html.server";

/**
 * The data room's pager drawn on the server, as the desk's is: plain links, and (in a .server
 * module) none of the pager's code in the workspace's bundle. Nothing when the room fits on a page.
 */
export function dataRoomPagerMarkup(paging: Paging, at: PageAt) {
  if (paging.total <= paging.pageSize) return null;
  return staticMarkup(<SectionPager paging={paging} at={at} noun="documents" param="documents" label="Pages of the data room" anchor="data-room" />);
}
