import type { SiteHeaderData } from "~/lib/navigation";
import type { PublicUser } from "~/models/users.server";

/**
 * Escape in the phone's menu (a <details>, which opens and closes without JavaScript) closes it and
 * gives the focus back to its summary: the page's script hands the header's key presses here.
 */
export function closeMenuOnEscape(event: { key: string; target: EventTarget }) {
  const menu = event.key === "Escape" ? (event.target as Element).closest<HTMLDetailsElement>("details[open]") : null;
  if (!menu) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
}

/** A header link, marked as the current page on its own path (as a NavLink with `end`). */
function NavItem({ to, label, pathname, children, testId, name }: { to: string; label: string; pathname: string; children?: React.ReactNode; testId?: string; name?: string }) {
  const active = pathname === to;
  return (
    <a href={to} className="nav-link" aria-current={active ? "page" : undefined} data-testid={testId} aria-label={name}>
      {label}
      {children}
    </a>
  );
}

/**
 * The header of every page, drawn on the server (site-header.server) for whoever is asking and the
 * path they are on: its links and role name come from `headerFor`, and <StaticHtml> follows the links
 * within the app. Signing out is a plain form post (the next page loads afresh anyway).
 */
export function SiteHeader({
  user,
  inbox = 0,
  header,
  pathname,
}: {
  user: Pick<PublicUser, "name" | "role"> | null;
  inbox?: number;
  header: SiteHeaderData;
  pathname: string;
}) {
  const items = header.navigation.map((item) => <NavItem key={item.to} {...item} pathname={pathname} />);
  return (
    <header className="bg-primary text-white shadow">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <a href={user ? "/home" : "/"} className="text-lg font-bold tracking-tight">
          Secondary Marketplace
        </a>
        <nav aria-label="Main" className="hidden flex-1 flex-wrap items-center gap-1 md:flex">
          {items}
        </nav>
        {/* on a phone the navigation folds into a menu that opens without JavaScript; a new page draws it closed,
            and with JavaScript Escape closes it (root.tsx) */}
        <details className="group order-last w-full md:hidden">
          <summary className="cursor-pointer list-none rounded-md px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 [&::-webkit-details-marker]:hidden">
            <span aria-hidden="true">☰</span> Menu
          </summary>
          <nav aria-label="Main" className="mt-1 flex flex-col gap-1 pb-2">
            {items}
          </nav>
        </details>
        {user ? (
          <div className="ml-auto flex flex-wrap items-center gap-3">
            {user.role ? (
              // the link's name is "Messages, 4 unread": the badge alone ran into the word ("Messages4"), and a hidden
              // ", 4 unread" beside it is read with a space before its comma
              <NavItem to="/messages" label="Messages" pathname={pathname} name={inbox ? `Messages, ${inbox} unread` : undefined}>
                {inbox ? (
                  <span className="ml-1.5 rounded-full bg-white px-1.5 text-xs font-bold text-primary" data-testid="inbox-count">
                    {inbox}
                  </span>
                ) : null}
              </NavItem>
            ) : null}
            <NavItem to="/profile" label={user.name} pathname={pathname} testId="current-user" name={header.roleLabel ? `${user.name}, ${header.roleLabel}` : undefined}>
              {header.roleLabel ? <span className="ml-2 rounded bg-white px-1.5 py-0.5 text-xs font-semibold text-primary">{header.roleLabel}</span> : null}
            </NavItem>
            <form method="post" action="/signout">
              <button type="submit" className="rounded-md border border-white/40 px-3 py-1.5 text-sm hover:bg-white/10">
                Sign out
              </button>
            </form>
          </div>
        ) : (
          <div className="ml-auto flex items-center gap-2">
            <NavItem to="/signin" label="Sign in" pathname={pathname} />
            <a href="/join" className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-primary hover:bg-slate-100">
              Join
            </a>
          </div>
        )}
      </div>
    </header>
  );
}
