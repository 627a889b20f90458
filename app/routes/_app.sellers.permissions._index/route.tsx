import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, notFound } from "~/.server/http";
import { DateTime, SimpleTable } from "~/components/data-table";
import { FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { PermissionGrid } from "~/components/permission-grid";
import { titleMeta } from "~/lib/meta";
import { pageNumber } from "~/lib/query-params";
import { inviteColleagueSchema } from "~/lib/schemas/index.server";
import { sentJustNowNotice } from "~/models/invitations.server";
import { colleagueInviteRefused, colleaguesOf, inviteColleague, resendColleagueInvitation, teamOf, teamProjects } from "~/models/seller-permissions.server";
import { summarizeGrants } from "./summary";
import { parseWithZod, grantsFromValues } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Team and permissions");

/** What the invitation ticks first: viewing all the team's projects. */
const INVITE_DEFAULTS = { grant: ["all:view"] };

/** How many of the team's projects the invitation lists. */
const INVITE_PROJECTS = 50;

/** The seller's colleagues (members of the same company) and what each may do; the first member invites and decides. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const team = await teamOf(services.db, { userId: user.id });
  if (!team) return { team: null, colleagues: [], projects: [], paging: { page: 1, pageSize: 1, total: 0 } };
  const [colleagues, projects] = await Promise.all([
    colleaguesOf(services.db, { customerId: team.customerId, page: pageNumber(new URL(args.request.url).searchParams.get("page")) }),
    // the invitation names the newest; the colleague's own page lists every project, a page at a time
    teamProjects(services.db, { customerId: team.customerId, limit: team.isLead ? INVITE_PROJECTS : 0 }),
  ]);
  // each row as the table shows it: which projects a colleague was given, their roles and start stay off the page
  const rows = colleagues.rows.map(({ id, name, email, lastLoginAt, lead, grants, enabled, invited }) => ({
    id,
    name,
    email,
    lastLoginAt,
    lead,
    summary: lead ? "Every permission (first member)" : summarizeGrants(grants),
    // a colleague who left (disabled) or never came in read as one who simply had not signed in lately
    state: !enabled ? ("disabled" as const) : invited ? ("invited" as const) : null,
  }));
  return { team, colleagues: rows, projects, paging: { page: colleagues.page, pageSize: colleagues.pageSize, total: colleagues.total } };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const team = await teamOf(services.db, { userId: user.id });
  if (!team?.isLead) throw notFound();
  const form = await readForm(args.request);
  if (form.get("intent") === "resend-invitation") {
    const memberId = Number(form.get("memberId"));
    const refused = Number.isSafeInteger(memberId) ? await colleagueInviteRefused(services.db, { leadId: user.id }) : null;
    if (refused) return redirectWithNotification(services, args.request, "/sellers/permissions", refused, "error");
    const sent = Number.isSafeInteger(memberId) && (await resendColleagueInvitation(services, { actor: user, memberId, address: clientAddress(args.request) }));
    if (!sent) throw notFound();
    if (sent.sentJustNow) return redirectWithNotification(services, args.request, "/sellers/permissions", sentJustNowNotice("An invitation", sent.email, sent.sentJustNow), "info");
    return redirectWithNotification(services, args.request, "/sellers/permissions", `A new invitation is on its way to ${sent.email}.`);
  }
  const submission = parseWithZod(form, { schema: inviteColleagueSchema() });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { name, email, grant } = submission.value;
  const refused = await colleagueInviteRefused(services.db, { leadId: user.id });
  if (refused) return json({ result: submission.reply({ formErrors: [refused] }) }, { status: 429 });
  const invited = await inviteColleague(services, { actor: user, customerId: team.customerId, name, email, grants: grantsFromValues(grant), address: clientAddress(args.request) });
  if (!invited.ok) return json({ result: submission.reply({ fieldErrors: { [invited.field === "email" ? "email" : "name"]: [invited.message] } }) }, { status: 409 });
  return redirectWithNotification(services, args.request, "/sellers/permissions", `${name} is invited; the e-mail with a link to join is on its way to ${email}.`);
}

const listOf = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

export default function SellerPermissionsPage() {
  const { team, colleagues, projects, paging } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const location = useLocation();
  const [form, fields] = useForm({
    id: "invite-colleague",
    lastResult,
    defaultValue: INVITE_DEFAULTS,
    schema: () => import("~/lib/schemas/seller-permissions").then((m) => m.inviteColleagueSchema()),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (!team) {
    return (
      <>
        <PageHeader title="Team and permissions" />
        <p className="text-sm text-slate-600">Your account does not belong to a company yet, so there is no team to manage. Please contact us to set up your company.</p>
      </>
    );
  }
  return (
    <div className="max-w-5xl space-y-8">
      <PageHeader title="Team and permissions" back={{ to: "/sellers/myprojects", label: "My projects" }} />
      <SimpleTable caption="Colleagues" count={paging.total} empty="No colleagues yet." headers={["Name", "E-mail", "Permissions", "Last sign-in", ""]}>
        {colleagues.map((c) => (
          <tr key={c.id} data-testid="colleague-row">
            <td>{c.name}</td>
            <td>{c.email}</td>
            <td data-testid="colleague-permissions">{c.summary}</td>
            <td>{c.state === "disabled" ? "Disabled" : c.state === "invited" ? "Invited, not signed in yet" : <DateTime at={c.lastLoginAt} />}</td>
            <td>
              {team.isLead && !c.lead ? (
                <span className="flex flex-wrap items-center gap-3">
                  {c.state === "invited" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend-invitation" />
                      <input type="hidden" name="memberId" value={c.id} />
                      <button type="submit" className="link">Send the invitation again<span className="sr-only"> to {c.name}</span></button>
                    </Form>
                  ) : null}
                  <Link to={`/sellers/permissions/${c.id}`} className="link">Permissions<span className="sr-only"> of {c.name}</span></Link>
                  <Link to={`/sellers/permissions/${c.id}/profile`} className="link">Profile<span className="sr-only"> of {c.name}</span></Link>
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </SimpleTable>
      {paging.total > paging.pageSize ? <Pager {...paging} noun="colleagues" label="Colleague pages" /> : null}
      <p className="text-sm text-slate-600">
        The first member is your company's earliest enabled seller account; a colleague who has not yet joined through their invitation
        comes after those who have.
      </p>
      {team.isLead ? (
        <section aria-labelledby="invite-heading" className="card space-y-4">
          <h2 id="invite-heading" className="text-lg font-semibold">Invite a colleague</h2>
          {/* drawn anew once an invitation is sent (it redirects here, with no action data): with JavaScript the page
              stayed, and so did the invited colleague's name, e-mail and permissions, as if not sent (sent again: "exists
              already"). Kept while refusals come back, so that a box ticked meanwhile stays ticked */}
          <Form method="post" className="space-y-4" {...getFormProps(form)} key={lastResult ? "answered" : location.key}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField meta={fields.name} label="Full name" autoComplete="off" />
              <TextField meta={fields.email} label="E-mail" type="email" autoComplete="off" />
            </div>
            {/* after a refusal, what was sent: drawn anew without JavaScript, the defaults were ticked instead, and an
                invitation sent again once the e-mail was mended gave the colleague other permissions than chosen */}
            <PermissionGrid projects={projects} checked={listOf(fields.grant.initialValue)} errors={fields.grant.errors} errorId={fields.grant.errorId} />
            {projects.length === INVITE_PROJECTS ? (
              <p className="text-sm text-slate-600">The newest {INVITE_PROJECTS} projects are listed: permissions on older ones are given on the colleague's page once they are invited.</p>
            ) : null}
            <p className="text-sm text-slate-600">They get an e-mail with a link, valid for 7 days and usable once, to choose a password.</p>
            <button type="submit" className="btn-primary">Send invitation</button>
          </Form>
        </section>
      ) : (
        <p className="text-sm text-slate-600">The first member of your company invites colleagues and decides what each may do.</p>
      )}
    </div>
  );
}
