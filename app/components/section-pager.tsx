import { StaticPager, type PageAt, type Paging } from "./pager";

/**
 * The pager of one of a page's lists drawn on the server, on its own parameter (the links keep the
 * others), opening at the list's section; nothing when the list fits on one page. A module of its
 * own: only server-drawn markup uses it, and no page's bundle carries it.
 */
export function SectionPager({ paging, at, noun, param, label, anchor }: { paging: Paging; at: PageAt; noun: string; param: string; label: string; anchor: string }) {
  return paging.total > paging.pageSize ? <StaticPager {...paging} noun={noun} param={param} label={label} at={at} anchor={anchor} /> : null;
}
