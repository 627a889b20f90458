import { Link, useLocation } from "@remix-run/react";
import { formatNumber } from "~/lib/format";

/**
 * "1–25 of 200 projects", Previous and Next: the links keep the URL's filters and
 * sort and change only the page, so paging works the same without JavaScript.
 */
/** `param` and `label` let a second table on the page page on its own (and name its own landmark). */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  testId,
  param = "page",
  label = "Pages",
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: string;
  testId?: string;
  param?: string;
  label?: string;
}) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hrefOf = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n > 1) params.set(param, String(n));
    else params.delete(param);
    return `${location.pathname}?${params}`;
  };
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p data-testid={testId} aria-live="polite">
        {total === 0 ? `No ${noun}` : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)} ${noun}`}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-3">
          {page > 1 ? (
            <Link to={hrefOf(page - 1)} rel="prev" className="btn-secondary px-3 py-1">
              Previous
            </Link>
          ) : null}
          <span>
            Page {formatNumber(page)} of {formatNumber(pages)}
          </span>
          {page < pages ? (
            <Link to={hrefOf(page + 1)} rel="next" className="btn-secondary px-3 py-1">
              Next
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
