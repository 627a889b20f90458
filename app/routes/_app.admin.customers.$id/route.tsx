import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, idParam, notFound } from "~/.server/http";
// not forms.tsx: it would bring the form hook, which this page (no field of its own) does not use
import { FormErrors } from "~/components/plain-fields";
import { formatDateTime } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { StaticHtml } from "~/components/static-html";
import { Members } from "./members";
import { timelineMarkup } from "./timeline.server";
import { matchedProjectsMarkup } from "./matched-projects.server";
import { customerMatchesForAdmin } from "~/models/matches.server";
import { CUSTOMER_TYPE_LABELS, ONBOARDING_LABELS } from "~/lib/customers";
import { customerCriteriaToRead } from "~/models/buyer-criteria.server";
import { formatCompactCurrency } from "~/lib/format-figures";
import { titleMeta } from "~/lib/meta";
import { hrefWith } from "~/lib/href-with";
import { backWithin, withBack } from "~/lib/table-back.server";
import { recordAudit } from "~/models/audit.server";
import {
  CUSTOMER_LAST_ADMIN_MESSAGE,
  customerProfile,
  customerTimeline,
  deleteOrAnonymiseCustomer,
  findCustomer,
  findMember,
  memberListPage,
  setCustomerEnabled,
  setCustomerLocked,
  timelineCursor,
} from "~/models/customer-accounts.server";
import { resendInvitation, sentJustNowNotice } from "~/models/invitations.server";
import { emailPasswordReset } from "~/models/password-resets.server";
import { handleTableAction } from "~/models/table-view.server";
import { findUserById } from "~/models/users.server";
import { parseWithZod, customerPageSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Customer");


export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const customerId = idParam(args.params);
  const before = timelineCursor(new URL(args.request.url).searchParams.get("before"));
  const matchesPage = Number(new URL(args.request.url).searchParams.get("matches")) || 1;
  // read together (on D1 reads started at once go as one call); an unknown customer's lists are
  // empty, and nothing of them is sent
  const [customer, members, timeline, matched] = await Promise.all([
    customerProfile(services.db, { customerId }),
    memberListPage(services, { admin: user, customerId, request: args.request }),
    customerTimeline(services.db, { customerId, before }),
    customerMatchesForAdmin(services.db, { customerId, page: matchesPage }),
  ]);
  if (!customer) throw notFound();
  const url = new URL(args.request.url);
  // the customers table as the admin left it, and this page as it is, for the way back of the pages it opens
  const opened = (href: string) => withBack(href, url.pathname + url.search, url.pathname);
  const ways = {
    back: backWithin(url.search, ["/admin/customers"]),
    edit: opened(`/admin/customers/edit/${customerId}`),
    onboarding: opened(`/admin/customers/on-board/${customerId}`),
    addMember: opened(`/admin/customer/buyer/add?customerId=${customerId}`),
  };
  return {
    customer,
    ways,
    criteria: customerCriteriaToRead(customer.preferences),
    matched: { total: matched.total, markup: matchedProjectsMarkup(matched, url) },
    members,
    timeline: { ...timeline, events: timelineMarkup(timeline.events) },
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const customerId = idParam(args.params);
  const submission = parseWithZod(await readForm(args.request), { schema: customerPageSchema() });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const customer = await findCustomer(services.db, { customerId });
  if (!customer) throw notFound();
  const change = { actor: user, customerId, address: clientAddress(args.request) };
  // the page as it was: the members table's view, and the customers table's address to go back to
  const here = `/admin/customers/${customerId}${new URL(args.request.url).search}`;
  const value = submission.value;
  // a deleted customer's page has no such buttons; a stale page's would switch a deleted company back on
  if (customer.anonymisedAt && ["enable", "disable", "lock", "unlock"].includes(value.intent)) {
    return json({ result: submission.reply({ formErrors: ["This customer is deleted."] }) }, { status: 409 });
  }
  switch (value.intent) {
    case "columns":
    case "save-view":
    case "reset":
      return handleTableAction(services, user.id, value, args.request);
    case "enable":
    case "disable": {
      // a disable that would take the last admin who can sign in is refused in the write
      const done = await setCustomerEnabled(services, { ...change, enabled: value.intent === "enable" });
      if (done === "last-admin") return json({ result: submission.reply({ formErrors: [CUSTOMER_LAST_ADMIN_MESSAGE] }) }, { status: 409 });
      if (!done) throw notFound();
      return redirectWithNotification(services, args.request, here, `The customer is ${value.intent}d.`);
    }
    case "lock":
    case "unlock": {
      const done = await setCustomerLocked(services, { ...change, locked: value.intent === "lock" });
      if (done === "last-admin") return json({ result: submission.reply({ formErrors: [CUSTOMER_LAST_ADMIN_MESSAGE] }) }, { status: 409 });
      if (!done) throw notFound();
      return redirectWithNotification(services, args.request, here, `The customer is ${value.intent}ed.`);
    }
    case "reset-password": {
      const member = await findUserById(services.db, value.userId);
      if (!member || member.customerId !== customerId || !member.enabled) throw notFound();
      // one sent less than a minute ago (a double click, another admin) is not sent again
      const sent = await emailPasswordReset(services, { user: member });
      if (sent !== true) return redirectWithNotification(services, args.request, here, sentJustNowNotice("A password-reset e-mail", member.email, sent), "info");
      await recordAudit(services.db, { actor: user, action: "user.password-reset-sent", subjectType: "user", subjectId: member.id, address: change.address });
      return redirectWithNotification(services, args.request, here, `A password-reset e-mail is on its way to ${member.email}.`);
    }
    case "resend-invitation": {
      const member = await findMember(services.db, { customerId, userId: value.userId });
      if (!member || !member.invited || !member.enabled) throw notFound();
      const sent = await resendInvitation(services, { userId: member.id, actor: user });
      if (!sent) throw notFound();
      if (sent !== true) return redirectWithNotification(services, args.request, here, sentJustNowNotice("An invitation", member.email, sent), "info");
      await recordAudit(services.db, { actor: user, action: "user.invite-resent", subjectType: "user", subjectId: member.id, address: change.address });
      return redirectWithNotification(services, args.request, here, `A new invitation is on its way to ${member.email}.`);
    }
    case "delete": {
      const done = await deleteOrAnonymiseCustomer(services, change);
      if (!done) throw notFound();
      if (!done.ok) return json({ result: submission.reply({ formErrors: [done.message] }) }, { status: 409 });
      return redirectWithNotification(services, args.request, here, "The customer is deleted: its name and contacts are anonymised, its deal history kept.");
    }
  }
}

const COUNT_LABELS = { views: "Views", ndas: "NDAs", messages: "Thread messages", offers: "Offers", emails: "E-mails", sms: "SMS" } as const;

export default function CustomerPage() {
  const { customer, ways, criteria, matched, members, timeline } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const deleted = Boolean(customer.anonymisedAt);
  const location = useLocation();
  return (
    <div className="space-y-6">
      <PageHeader title={customer.name}>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link to={ways.back} className="link">
            Back to customers
          </Link>
          {!deleted ? (
            <>
              <Link to={ways.edit} className="link">
                Edit
              </Link>
              <Link to={ways.onboarding} className="link">
                On-boarding
              </Link>
              <Link to={ways.addMember} className="link">
                Add a member
              </Link>
            </>
          ) : null}
          <Link to={`/admin/log?subjectType=customer&subjectId=${customer.id}`} className="link">
            Audit history
          </Link>
        </div>
      </PageHeader>

      <FormErrors errors={data?.result.error?.[""] ?? undefined} />
      <section className="card" aria-label="Profile">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          {(
            [
              ["Customer type", CUSTOMER_TYPE_LABELS[customer.customerType]],
              ["On-boarding", ONBOARDING_LABELS[customer.onboardingStatus]],
              ["Status", deleted ? "Deleted (anonymised)" : !customer.enabled ? "Disabled" : customer.locked ? "Locked" : "Enabled"],
              ["Contact person", customer.contactPerson],
              ["Attention e-mail", customer.attentionEmail],
              ["Attention phone", customer.attentionPhone],
              ["Website", customer.website],
              ["Business type", customer.businessType],
              ["Investor type", customer.investorType],
              ["Size", formatCompactCurrency(customer.size)],
              ["Headquarters", customer.headquarters],
              ["SMS allowance", String(customer.smsAllowance)],
              ["Created", formatDateTime(customer.createdAt)],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="font-medium text-slate-500">{label}</dt>
              <dd>{value || "—"}</dd>
            </div>
          ))}
        </dl>
        {customer.comments ? <p className="mt-3 whitespace-pre-line break-words text-sm">{customer.comments}</p> : null}
        {!deleted ? (
          <div className="mt-4 flex flex-wrap items-start gap-2">
            <Form method="post" className="flex flex-wrap gap-2">
              <button name="intent" value={customer.enabled ? "disable" : "enable"} className="btn-secondary">
                {customer.enabled ? "Disable" : "Enable"}
              </button>
              <button name="intent" value={customer.locked ? "unlock" : "lock"} className="btn-secondary">
                {customer.locked ? "Unlock" : "Lock"}
              </button>
            </Form>
            {/* for good, unlike Disable and Lock beside it: behind a second, worded click, as a listing's withdrawal is */}
            <details className="space-y-2">
              <summary className="btn-secondary cursor-pointer list-none text-red-700">Delete…</summary>
              <Form method="post" className="card max-w-md space-y-2 text-sm">
                <p>The customer&apos;s name and contacts are anonymised and each of its members is disabled, for good; its deal history is kept.</p>
                <button name="intent" value="delete" className="btn-secondary text-red-700">
                  Yes, delete the customer
                </button>
              </Form>
            </details>
          </div>
        ) : null}
      </section>

      <Members list={members} deleted={deleted} />

      <section className="card" aria-label="Preferences">
        <h2 className="mb-2 text-lg font-semibold">
          Preferences{" "}
          <Link to={`${ways.edit}#criteria`} className="link text-sm font-normal">
            Edit criteria
          </Link>
        </h2>
        {criteria.length ? (
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            {criteria.map(({ label, text }) => (
              <div key={label}>
                <dt className="font-medium text-slate-500">{label}</dt>
                <dd className="whitespace-pre-line break-words">{text}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-500">No preferences captured yet.</p>
        )}
      </section>

      {/* a company with criteria or matches: a seller's page has none to show */}
      {criteria.length || matched.total ? (
        <section className="card" aria-labelledby="matched-projects-heading" id="matched-projects">
          <h2 id="matched-projects-heading" className="mb-2 text-lg font-semibold">
            Matched projects
          </h2>
          <StaticHtml markup={matched.markup} />
        </section>
      ) : null}

      <section className="card" aria-label="Timeline" id="timeline">
        <h2 className="mb-2 text-lg font-semibold">Timeline</h2>
        <ul className="mb-4 flex flex-wrap gap-4 text-sm" data-testid="timeline-counts">
          {Object.entries(COUNT_LABELS).map(([key, label]) => (
            <li key={key}>
              {label}: <strong>{timeline.counts[key as keyof typeof COUNT_LABELS]}</strong>
            </li>
          ))}
        </ul>
        {timeline.events ? (
          <StaticHtml markup={timeline.events} />
        ) : (
          <p className="text-sm text-slate-500">Nothing yet.</p>
        )}
        {timeline.older ? (
          <Link to={hrefWith(location, { before: timeline.older }, "timeline")} className="link mt-3 inline-block text-sm" rel="next">
            Older events
          </Link>
        ) : null}
      </section>
    </div>
  );
}
