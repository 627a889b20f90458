import { useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { idParam, notFound } from "~/.server/http";
import { DateTime, SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { formatDateTime } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { colleagueActivity, colleagueLedBy } from "~/models/seller-permissions.server";

export const meta = () => titleMeta("Colleague's profile");

/** A colleague's profile and what they did (the deal steps the audit log keeps); only the company's first member opens it. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const found = await colleagueLedBy(services.db, { userId: user.id, memberId: idParam(args.params) });
  if (!found) throw notFound();
  const { member } = found;
  const activity = await colleagueActivity(services.db, { memberId: member.id });
  return {
    member: { id: member.id, name: member.name, email: member.email, phone: member.phone, company: member.company, createdAt: member.createdAt, lastLoginAt: member.lastLoginAt, enabled: member.enabled },
    activity,
  };
}

export default function ColleagueProfilePage() {
  const { member, activity } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title={member.name} back={{ to: `/sellers/permissions/${member.id}`, label: "Permissions" }} />
      <dl className="card grid gap-3 text-sm sm:grid-cols-2">
        {[
          ["E-mail", member.email],
          ["Phone", member.phone || "—"],
          ["Company", member.company],
          ["Member since", formatDateTime(member.createdAt)],
          ["Last sign-in", formatDateTime(member.lastLoginAt)],
          ["Account", member.enabled ? "Enabled" : "Disabled"],
        ].map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="mb-2 text-lg font-semibold">Activity</h2>
        <SimpleTable caption="Activity" count={activity.length} empty="Nothing yet." headers={["When", "What", "Detail"]}>
          {activity.map((a) => (
            <tr key={a.id} data-testid="activity-row">
              <td><DateTime at={a.at} /></td>
              <td>{a.what}</td>
              <td>{a.detail}</td>
            </tr>
          ))}
        </SimpleTable>
      </section>
    </div>
  );
}
