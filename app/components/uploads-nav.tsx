import { NavLink } from "@remix-run/react";

const LINKS = [
  { to: "/admin/uploads/individual-listings", label: "Individual listings" },
  { to: "/admin/uploads/real-estates", label: "Real estates" },
  { to: "/admin/uploads/contract-templates", label: "NDA and sale-agreement templates" },
];

/** The uploads section's pages. */
export function UploadsNav() {
  return (
    <nav aria-label="Uploads" className="flex flex-wrap gap-4 border-b border-slate-200 pb-2 text-sm">
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} className={({ isActive }) => (isActive ? "font-semibold text-slate-900" : "link")}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
