import { Link, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { useFooterLinks } from "~/root";
import { safeHref } from "~/lib/safe-href";
import { errorPageHeaders, GeneralErrorBoundary } from "~/components/error-boundary";

function PublicFrame({ children }: { children: ReactNode }) {
  const links = useFooterLinks();
  return (
    <>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-slate-200 bg-white">
        <nav aria-label="Footer" className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-600">
          <span>© Secondary Marketplace</span>
          {links.map((link) => {
            const href = safeHref(link.href);
            if (!href) return null;
            return href.startsWith("/") ? (
              <Link key={href} to={href} className="link">
                {link.label}
              </Link>
            ) : (
              <a key={href} href={href} className="link">
                {link.label}
              </a>
            );
          })}
        </nav>
      </footer>
    </>
  );
}

/** A content page's 503 keeps its Retry-After (this layout's boundary shows it). */
export const headers = errorPageHeaders;

/** The public layout: marketing pages with the site footer (its links come from the CMS). */
export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

/** A marketing page that fails (an unknown job, ...) keeps the navigation and the footer. */
export function ErrorBoundary() {
  return (
    <PublicFrame>
      <div className="mx-auto w-full max-w-3xl px-4 py-16">
        <GeneralErrorBoundary />
      </div>
    </PublicFrame>
  );
}
