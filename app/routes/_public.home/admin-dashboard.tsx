import { DailyChartFigure } from "~/components/charts";
import type { DailyChart } from "~/lib/charts";
import { INBOUND_ADMIN_PATHS, INBOUND_KINDS, type InboundKind } from "~/lib/inbound";
import type { PublicUser } from "~/models/users.server";

const INBOUND_LABELS: Record<InboundKind, string> = {
  demo: "Demo requests",
  inquiry: "User inquiries",
  affiliate: "Affiliate inquiries",
  contact: "Contact messages",
};

type AdminHome = { attention: Attention; charts: DailyChart[] };
type Attention = {
  inbound: Record<InboundKind, number>;
  review: number;
  outboxFailed: number;
  ndas: number;
  ndaProjects: Array<{ id: number; projectName: string; waiting: number }>;
};

/**
 * The admin's home: counts that link to where the admin acts, then the week in small charts. It shows
 * and links, nothing more, so the server draws all of it (admin-home.server) and the page ships markup.
 */
export function AdminDashboard({ user, home }: { user: Pick<PublicUser, "name" | "company">; home: AdminHome }) {
  const { attention, charts } = home;
  const shown = attention.ndaProjects.reduce((sum, p) => sum + p.waiting, 0);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">Welcome, {user.name}</h1>
      <p className="mt-1 text-slate-600" data-testid="dashboard-role">
        Administrator · {user.company}
      </p>

      <section className="mt-8" aria-labelledby="needs-action">
        <h2 id="needs-action" className="mb-3 text-lg font-semibold">
          Needs action
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {INBOUND_KINDS.map((kind) => (
            <Attention key={kind} id={kind} count={attention.inbound[kind]} label={INBOUND_LABELS[kind]} note="new" to={`${INBOUND_ADMIN_PATHS[kind]}?status=new`} />
          ))}
          <Attention id="review" count={attention.review} label="Projects to review" note="submitted" to="/admin/projects?listing=submitted" />
          <Attention id="outbox" count={attention.outboxFailed} label="Outbox failures" note="not sent" to="/admin/outbox?status=failed" />
          <li className="card sm:col-span-2" data-testid="attention-ndas">
            <p>
              <span className="text-3xl font-bold text-slate-900" data-testid="attention-count">
                {attention.ndas}
              </span>{" "}
              <span className="font-semibold">NDAs to approve</span>
            </p>
            {attention.ndaProjects.length ? (
              <ul className="mt-2 space-y-1 text-sm" aria-label="Projects with signed NDAs waiting">
                {attention.ndaProjects.map((p) => (
                  <li key={p.id}>
                    <a href={`/admin/projects/${p.id}`} className="link">
                      {p.projectName || `Project ${p.id}`}
                    </a>{" "}
                    <span className="text-slate-500">· {p.waiting} waiting</span>
                  </li>
                ))}
                {attention.ndas > shown ? <li className="text-slate-500">and {attention.ndas - shown} more on other projects</li> : null}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-500">No signed NDA is waiting.</p>
            )}
          </li>
        </ul>
      </section>

      <section className="mt-10" aria-labelledby="this-week">
        <h2 id="this-week" className="mb-3 text-lg font-semibold">
          The last 7 days
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {charts.map((chart) => (
            <DailyChartFigure key={chart.title} chart={chart} period="last 7 days" />
          ))}
        </div>
      </section>

      <section className="mt-10" aria-labelledby="content-tools">
        <h2 id="content-tools" className="mb-3 text-lg font-semibold">
          Content
        </h2>
        <form method="post" action="/api/cms/preview" className="card max-w-md">
          <p className="font-semibold text-primary">Content preview</p>
          <p className="mb-3 mt-1 text-sm text-slate-600">See unpublished drafts from the studio on the site.</p>
          <input type="hidden" name="redirect" value="/jobs" />
          <button type="submit" name="preview" value="on" className="btn-secondary">
            Turn preview on
          </button>
        </form>
      </section>
    </div>
  );
}

function Attention({ id, count, label, note, to }: { id: string; count: number; label: string; note: string; to: string }) {
  return (
    <li data-testid={`attention-${id}`}>
      <a href={to} className="card block h-full hover:border-primary">
        <span className="block text-3xl font-bold text-slate-900" data-testid="attention-count">
          {count}
        </span>{" "}
        <span className="font-semibold text-primary">{label}</span> <span className="text-sm text-slate-500">{note}</span>
      </a>
    </li>
  );
}
