import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { NAVIGATION, VISITOR_NAVIGATION } from "~/lib/navigation";
import { ROLE_LABELS } from "~/lib/roles";
import type { PublicUser } from "~/models/users.server";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "bg-white/15 text-white"
      : "text-white/85 hover:bg-white/10 hover:text-white"
  }`;

function NavItems({ items }: { items: ReadonlyArray<{ to: string; label: string }> }) {
  return items.map((item) => (
    <NavLink key={item.to} to={item.to} className={navClass} end>
      {item.label}
    </NavLink>
  ));
}

export function SiteHeader({
  user,
  inbox = 0,
}: {
  user: Pick<PublicUser, "name" | "role"> | null;
  inbox?: number;
}) {
  const items = user ? NAVIGATION[user.role ?? "member"] : VISITOR_NAVIGATION;
  const { pathname } = useLocation();
  return (
    <header className="bg-primary text-white shadow">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link
          to={user ? "/home" : "/"}
          className="text-lg font-bold tracking-tight"
        >
          Secondary Marketplace
        </Link>
        <nav aria-label="Main" className="hidden flex-1 flex-wrap items-center gap-1 md:flex">
          <NavItems items={items} />
        </nav>
        {/* on a phone the navigation folds into a menu that opens without JavaScript; a new page closes it */}
        <details key={pathname} className="group order-last w-full md:hidden">
          <summary className="cursor-pointer list-none rounded-md px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 [&::-webkit-details-marker]:hidden">
            <span aria-hidden="true">☰</span> Menu
          </summary>
          <nav aria-label="Main" className="mt-1 flex flex-col gap-1 pb-2">
            <NavItems items={items} />
          </nav>
        </details>
        {user ? (
          <div className="ml-auto flex flex-wrap items-center gap-3">
            {user.role ? (
              <NavLink to="/messages" className={navClass} end>
                Messages
                {inbox ? (
                  <span
                    className="ml-1.5 rounded-full bg-white px-1.5 text-xs font-bold text-primary"
                    data-testid="inbox-count"
                    aria-label={`${inbox} unread`}
                  >
                    {inbox}
                  </span>
                ) : null}
              </NavLink>
            ) : null}
            <NavLink
              to="/profile"
              className={navClass}
              data-testid="current-user"
            >
              {user.name}
              {user.role ? (
                <span className="ml-2 rounded bg-white px-1.5 py-0.5 text-xs font-semibold text-primary">
                  {ROLE_LABELS[user.role]}
                </span>
              ) : null}
            </NavLink>
            <Form method="post" action="/signout">
              <button
                type="submit"
                className="rounded-md border border-white/40 px-3 py-1.5 text-sm hover:bg-white/10"
              >
                Sign out
              </button>
            </Form>
          </div>
        ) : (
          <div className="ml-auto flex items-center gap-2">
            <NavLink to="/signin" className={navClass}>
              Sign in
            </NavLink>
            <Link
              to="/join"
              className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-primary hover:bg-slate-100"
            >
              Join
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
