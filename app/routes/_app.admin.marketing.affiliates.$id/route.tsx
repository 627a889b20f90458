import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, idParam, notFound } from "~/.server/http";
import { siteOrigin } from "~/.server/mailer";
import { invalid, refuse } from "~/.server/replies";
import { DateTime, SimpleTable } from "~/components/data-table";
import { FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { COMMISSION_STATUSES, referralLink } from "~/lib/affiliates";
import { titleMeta } from "~/lib/meta";
import { affiliateReferrals, findAffiliate, setAffiliateStatus, setCommissionStatus } from "~/models/affiliates.server";
import { parseWithZod, affiliatePageSchema } from "~/lib/schemas/index.server";
import { pageNumber } from "~/lib/query-params";

export const meta = () => titleMeta("Affiliate partner");

const PAGE_SIZE = 50;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const partner = await findAffiliate(services.db, { affiliateId: idParam(args.params) });
  if (!partner) throw notFound();
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"), 10_000);
  const referrals = await affiliateReferrals(services.db, { affiliateId: partner.id, page, pageSize: PAGE_SIZE });
  return { partner, ...referrals, link: referralLink(siteOrigin(services), partner.code) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const affiliateId = idParam(args.params);
  const submission = parseWithZod(await readForm(args.request), { schema: affiliatePageSchema() });
  if (submission.status !== "success") return invalid(submission);
  const who = { actor: user, address: clientAddress(args.request) };
  // the page of referrals the step was taken on: the admin working through page 3 stays there
  const url = new URL(args.request.url);
  const here = url.pathname + url.search;
  if (submission.value.intent === "partner") {
    const { status } = submission.value;
    const row = await setAffiliateStatus(services.db, { affiliateId, status, ...who });
    if (!row) throw notFound();
    return redirectWithNotification(services, args.request, here, status === "active" ? "Partner active: its link attributes sign-ups again." : "Partner inactive: its link no longer attributes sign-ups.");
  }
  const { referralId, status, from } = submission.value;
  const row = await setCommissionStatus(services.db, { affiliateId, referralId, status, from, ...who });
  if (!row) return refuse(submission, "That referral is not this partner's.", 404);
  if ("moved" in row) return refuse(submission, `Someone set this commission to ${row.moved} since you opened the page: reload it to see it, then make your change.`, 409);
  return redirectWithNotification(services, args.request, here, `Commission ${status}.`);
}

/** One partner: its link, and every member it brought with their conversions and commission status. */
export default function AffiliatePage() {
  const { partner, rows, total, page, link } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <PageHeader title={partner.name}>
        <Link to="/admin/marketing/affiliates" className="link">All partners</Link>
      </PageHeader>
      <p className="mb-4 text-sm">
        {partner.email} · {partner.commissionPercent}% commission · {partner.status} · link <code className="break-all" data-testid="referral-link">{link}</code>
      </p>
      <Form method="post" className="mb-4">
        <input type="hidden" name="intent" value="partner" />
        <input type="hidden" name="status" value={partner.status === "active" ? "inactive" : "active"} />
        <button type="submit" className="btn-secondary" data-testid="partner-status">
          {partner.status === "active" ? "Deactivate partner" : "Reactivate partner"}
        </button>
      </Form>
      <FormErrors errors={data?.result.error?.[""] ?? undefined} />
      <SimpleTable caption="Referrals" headers={["Member", "Joined", "NDAs signed", "Offers accepted", "Commission"]} count={rows.length} empty="No referrals yet.">
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              {r.memberName}
              <div className="text-xs text-slate-500">{r.memberEmail}{r.company ? ` · ${r.company}` : ""}</div>
            </td>
            <td><DateTime at={r.joinedAt} /></td>
            <td>{r.ndasSigned}</td>
            <td>{r.offersAccepted}</td>
            <td>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="commission" />
                <input type="hidden" name="referralId" value={r.id} />
                <input type="hidden" name="from" value={r.commissionStatus} />
                <select name="status" defaultValue={r.commissionStatus} className="input py-1" aria-label={`Commission for ${r.memberName}`}>
                  {COMMISSION_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
                </select>
                <button type="submit" className="btn-secondary px-3 py-1">Set</button>
              </Form>
            </td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} noun="referrals" />
    </>
  );
}
