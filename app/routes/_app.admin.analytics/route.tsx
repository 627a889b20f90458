import { Form, useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { PAGE_TYPES, type PageType } from "~/lib/analytics/page-types";
import { formatDuration } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { listPageSessions, PAGE_SESSIONS_PAGE_SIZE, type SessionFilters } from "~/models/engagement.server";
import { Pager } from "~/components/pager";
import { StaticHtml } from "~/components/static-html";
import { sessionsChart } from "./charts.server";
import { SESSION_HEADERS } from "./headers";
import { sessionRowsBody } from "./rows.server";
import { calendarDay, pageNumber, recordId } from "~/lib/query-params";
import { DAY_FORMAT, messages as fieldMessages } from "~/lib/field-rules";

export const meta = () => titleMeta("Page sessions");

/** Who looked at what, for how long: page sessions filtered by member, project, page type and dates. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const query = new URL(args.request.url).searchParams;
  const pageType = query.get("pageType") ?? "";
  const project = query.get("project")?.trim() ?? "";
  const filters: SessionFilters = {
    email: query.get("email")?.trim() || undefined,
    projectId: recordId(project),
    pageType: PAGE_TYPES.includes(pageType as PageType) ? (pageType as PageType) : undefined,
    from: calendarDay(query.get("from")),
    to: calendarDay(query.get("to")),
  };
  const [{ rows, totals, page }, chart] = await Promise.all([listPageSessions(services.db, filters, { page: pageNumber(query.get("page")) }), sessionsChart(services.db, { now: new Date() })]);
  // a project id that is none ("abc") filters nothing: said by the box, which keeps what was typed, not a list of every session passed off as the project's
  const projectProblem = project && !filters.projectId ? { typed: project.slice(0, 40), message: fieldMessages.integer } : null;
  // a from after the to (typed the wrong way round) matches nothing: said by the boxes, not left as "0 sessions"
  const daysProblem = filters.from && filters.to && filters.from > filters.to ? "The To day is before the From day: no session falls between them." : null;
  // a day that is none ("2026-13-45", "abc") is no bound either: said by its field, as the project's is
  const dayProblem = (name: "from" | "to") => {
    const typed = query.get(name)?.trim() ?? "";
    return typed && !filters[name] ? { typed: typed.slice(0, 40), message: DAY_FORMAT } : null;
  };
  const dayProblems = { from: dayProblem("from"), to: dayProblem("to") };
  return { filters, projectProblem, dayProblems, daysProblem, page, pageSize: PAGE_SESSIONS_PAGE_SIZE, body: sessionRowsBody(rows), totals, chart };
}

export default function PageSessionsPage() {
  const { filters, projectProblem, dayProblems, daysProblem, page, pageSize, body, totals, chart } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title="Page sessions" />
      <StaticHtml markup={chart} />
      <Form method="get" className="card flex flex-wrap items-end gap-3 text-sm" role="search" aria-label="Filter page sessions">
        <label className="flex flex-col gap-1">
          Member e-mail
          <input className="input" name="email" type="email" defaultValue={filters.email ?? ""} />
        </label>
        <label className="flex flex-col gap-1">
          Project id
          <input
            className="input w-28"
            name="project"
            inputMode="numeric"
            defaultValue={projectProblem?.typed ?? filters.projectId ?? ""}
            aria-invalid={projectProblem ? true : undefined}
            aria-describedby={projectProblem ? "project-error" : undefined}
          />
          {projectProblem ? (
            <span id="project-error" className="field-error" role="alert">
              {projectProblem.message} Showing sessions of every project.
            </span>
          ) : null}
        </label>
        <label className="flex flex-col gap-1">
          Page type
          <select className="input" name="pageType" defaultValue={filters.pageType ?? ""}>
            <option value="">Any</option>
            {PAGE_TYPES.map((t) => (
              <option key={t} value={t}>{t}</option>
            ))}
          </select>
        </label>
        <DayField name="from" label="From" day={filters.from} problem={dayProblems.from} />
        <DayField name="to" label="To" day={filters.to} problem={dayProblems.to} reversed={daysProblem} />
        <button type="submit" className="btn-primary">Filter</button>
      </Form>
      <p className="text-sm text-slate-600" data-testid="session-totals">
        {totals.sessions} sessions · {formatDuration(totals.totalTime)} in total · {formatDuration(totals.activeTime)} active
      </p>
      <SimpleTable caption="Page sessions" headers={SESSION_HEADERS} body={body} />
      <Pager page={page} pageSize={pageSize} total={totals.sessions} noun="sessions" testId="session-range" label="Page-session pages" />
    </div>
  );
}

/** A date bound; one that was no day is named under it (a date input cannot show what it refused), and not used. */
function DayField({ name, label, day, problem, reversed = null }: { name: string; label: string; day?: string; problem: { typed: string; message: string } | null; reversed?: string | null }) {
  const said = problem ? `${problem.message} “${problem.typed}” is no date: showing sessions with no ${name === "from" ? "start" : "end"} date.` : reversed;
  return (
    <label className="flex flex-col gap-1">
      {label}
      <input
        className="input"
        name={name}
        type="date"
        defaultValue={day ?? ""}
        aria-invalid={said ? true : undefined}
        aria-describedby={said ? `${name}-error` : undefined}
      />
      {said ? (
        <span id={`${name}-error`} className="field-error" role="alert">
          {said}
        </span>
      ) : null}
    </label>
  );
}
