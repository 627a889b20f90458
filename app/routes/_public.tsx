import { Link, Outlet } from "@remix-run/react";

/** The public layout: marketing pages with the site footer. */
export default function PublicLayout() {
  return (
    <>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-600">
          <span>© Secondary Marketplace</span>
          <Link to="/terms" className="link">Terms</Link>
          <Link to="/privacy" className="link">Privacy</Link>
          <Link to="/jobs" className="link">Jobs</Link>
          <Link to="/broker-affiliate" className="link">Broker affiliate program</Link>
          <Link to="/contact-us" className="link">Contact us</Link>
        </div>
      </footer>
    </>
  );
}
