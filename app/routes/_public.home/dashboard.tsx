import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { SiteHeaderData } from "~/lib/navigation";
import type { PublicUser } from "~/models/users.server";

const INTRO = {
  buyer: "Find loan pools, real estate and companies that fit your mandate, sign NDAs and make offers.",
  seller: "List your portfolios and assets, follow buyers' interest and negotiate offers.",
  broker: "Find opportunities for your clients and follow your deals.",
  admin: "Run the customer base, the listings, matchmaking and marketing.",
  member: "Your account has no role yet. Contact us to get access.",
} as const;

type Recent = { id: number; kind: string; projectName: string; industry: string; viewedAt: string; href: string };

/** A member's home: their role's places (the header's links, from the server) and what they looked at lately. */
export function Dashboard({ user, header, agent, recent = [] }: { user: PublicUser; header: SiteHeaderData; agent: boolean; recent?: Recent[] }) {
  const key = user.role ?? "member";
  const links = header.navigation.filter((item) => item.to !== "/home");
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">Welcome, {user.name}</h1>
      <p className="mt-1 text-slate-600" data-testid="dashboard-role">
        {header.roleLabel ?? "Member"}
        {agent ? " · Agent" : ""} · {user.company}
      </p>
      <p className="mt-4 max-w-2xl text-slate-700">{INTRO[key]}</p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[...links, { to: "/profile", label: "Profile" }].map((item) => (
          <Link key={item.to} to={item.to} className="card block hover:border-primary">
            <span className="font-semibold text-primary">{item.label}</span>
          </Link>
        ))}
      </div>
      {recent.length ? (
        <section className="mt-10" aria-labelledby="recently-viewed">
          <h2 id="recently-viewed" className="mb-3 text-lg font-semibold">
            Recently viewed
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {recent.map((p) => (
              <li key={p.id} className="flex items-center justify-between px-4 py-2 text-sm">
                <Link to={p.href} className="link">
                  {p.projectName}
                </Link>
                <span className="text-slate-500">
                  {p.industry} · {formatDate(p.viewedAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
