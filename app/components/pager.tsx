import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { charRef, formatNumber } from "~/lib/format";
import { hrefWith } from "~/lib/href-with";

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  noun: string;
  testId?: string;
  /** `param` and `label` let a second table on the page page on its own (and name its own landmark). */
  param?: string;
  label?: string;
  /** The id of the part of the page the links open at (a list far down a long page), if not its top. */
  anchor?: string;
  /** `total` is where a count stopped, not all there are (decision 104): there are more, and a next page. */
  more?: boolean;
  /** Show "No …" where what is paged says nothing when empty (a table says so in its empty row). */
  showNone?: boolean;
};

/**
 * "1–25 of 200 projects", Previous and Next: the links keep the URL's filters and
 * sort and change only the page, so paging works the same without JavaScript.
 */
export function Pager(props: PagerProps) {
  const location = useLocation();
  return <PagerNav {...props} at={location} link={(href, rel, text) => <Link to={href} rel={rel} className="btn-secondary px-3 py-1">{text}</Link>} />;
}

/** The pager for a page drawn on the server: the URL it pages is given, and its links are plain anchors. */
export function StaticPager(props: PagerProps & { at: { pathname: string; search: string } }) {
  return <PagerNav {...props} link={(href, rel, text) => <a href={href} rel={rel} className="btn-secondary px-3 py-1">{text}</a>} />;
}

export type Paging = { page: number; pageSize: number; total: number };
export type PageAt = { pathname: string; search: string };

function PagerNav({
  page,
  pageSize,
  total,
  noun,
  testId,
  param = "page",
  label = "Pages",
  anchor,
  more = false,
  showNone = false,
  at,
  link,
}: PagerProps & { at: { pathname: string; search: string }; link: (href: string, rel: string, text: string) => ReactNode }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hrefOf = (n: number) => hrefWith(at, { [param]: n > 1 ? n : null }, anchor);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      {/* none: a table already said so in its empty row ("No campaigns yet." over "No campaigns"); still told to screen readers, as a filter leaving none is */}
      <p data-testid={testId} aria-live="polite" className={total === 0 && !showNone ? "sr-only" : undefined}>
        {total === 0 ? (
          `No ${noun}`
        ) : (
          <>
            {formatNumber(first)}
            <span dangerouslySetInnerHTML={charRef(0x2013)} />
            {`${formatNumber(last)} of ${more ? "more than " : ""}${formatNumber(total)} ${noun}`}
          </>
        )}
      </p>
      {pages > 1 || more ? (
        <div className="flex items-center gap-3">
          {page > 1 ? link(hrefOf(page - 1), "prev", "Previous") : null}
          <span>{more ? `Page ${formatNumber(page)}` : `Page ${formatNumber(page)} of ${formatNumber(pages)}`}</span>
          {page < pages || more ? link(hrefOf(page + 1), "next", "Next") : null}
        </div>
      ) : null}
    </nav>
  );
}
