import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A page's title, with the way back to the list it belongs to and the page's own actions. */
export function PageHeader({ title, back, children }: { title: string; back?: { to: string; label: string }; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {back ? (
        <Link to={back.to} className="link">
          {back.label}
        </Link>
      ) : null}
      {children}
    </div>
  );
}
