import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { siteOrigin } from "~/.server/mailer";
import { invalid, refuse } from "~/.server/replies";
import { DateTime, SimpleTable } from "~/components/data-table";
import { FormErrors, SelectField, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { referralLink } from "~/lib/affiliates";
import { titleMeta } from "~/lib/meta";
import { approveAffiliateSchema } from "~/lib/schemas/index.server";
import { APPLICATIONS_LISTED, affiliateApplications, approveAffiliate, listAffiliates, memberReferralsForAdmin, partnerOfApplicant, partnerOfApplication } from "~/models/affiliates.server";
import { parseWithZod } from "~/lib/schemas/index.server";
import { pageNumber, recordId } from "~/lib/query-params";

export const meta = () => titleMeta("Affiliates");

const PAGE_SIZE = 25;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const params = new URL(args.request.url).searchParams;
  const page = pageNumber(params.get("page"), 10_000);
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const wanted = recordId(params.get("application"));
  const membersPage = pageNumber(params.get("members"), 10_000);
  const [partners, applications, members] = await Promise.all([
    listAffiliates(services.db, { page, pageSize: PAGE_SIZE }),
    affiliateApplications(services.db, { q }),
    // the members' own links (the referral programme): who brought whom, for the credit the programme promises
    memberReferralsForAdmin(services.db, { page: membersPage, pageSize: PAGE_SIZE }),
  ]);
  // the application whose row links here ("Approve as partner"), though older than the newest hundred
  if (wanted && !applications.some((a) => a.id === wanted)) applications.unshift(...(await affiliateApplications(services.db, { inquiryId: wanted })));
  const applicationId = wanted && applications.some((a) => a.id === wanted) ? String(wanted) : "";
  return { ...partners, applications, applicationId, q, listed: APPLICATIONS_LISTED, origin: siteOrigin(services), members };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: approveAffiliateSchema() });
  if (submission.status !== "success") return invalid(submission);
  const { inquiryId, commissionPercent } = submission.value;
  const already = await partnerOfApplicant(services.db, { inquiryId });
  if (already) {
    const inactive = already.status === "inactive" ? ", now inactive: reactivate it on its page" : "";
    return refuse(submission, `This applicant is a partner already: ${already.name}, code ${already.code}${inactive}.`, 409);
  }
  const partner = await approveAffiliate(services, { inquiryId, commissionPercent, actor: user, address: clientAddress(args.request) });
  if (!partner) {
    // approved already (a double click, a resend, another admin): where the first approval landed, not a failure
    const first = await partnerOfApplication(services.db, { inquiryId });
    if (first) return redirectWithNotification(services, args.request, `/admin/marketing/affiliates/${first.id}`, `${first.name} is a partner already, with the code ${first.code}: approved once.`);
    return refuse(submission, "That application is no longer open.", 404);
  }
  return redirectWithNotification(services, args.request, `/admin/marketing/affiliates/${partner.id}`, `${partner.name} is a partner with the code ${partner.code}.`);
}

/** Partners approved from /broker-affiliate applications, what their links brought, and their commissions. */
export default function AffiliatesPage() {
  const { rows, total, page, applications, applicationId, q, listed, origin, members } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "approve",
    lastResult: data?.result,
    defaultValue: { inquiryId: applicationId },
    schema: () => import("~/lib/schemas/affiliates").then((m) => m.approveAffiliateSchema()),
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <PageHeader title="Affiliates">
        <Link to="/admin/affilate-inquiries" className="link">Affiliate inquiries</Link>
        <a href="/admin/marketing/affiliates.csv" className="link" download>Export referrals (CSV)</a>
      </PageHeader>
      <section className="card mb-6 space-y-3">
        <h2 className="font-semibold">Approve an application</h2>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="label">Search</span>
            <input type="search" name="q" defaultValue={q} className="input" placeholder="Name, e-mail, company" />
          </label>
          <button type="submit" className="btn-secondary">Search</button>
          {q ? <Link to="/admin/marketing/affiliates" className="link text-sm">Show the newest</Link> : null}
          <p className="w-full text-xs text-slate-500">
            {q ? `Open applications matching "${q}"` : `The newest ${listed} open applications`}; an older or dismissed one is approved from its row in the affiliate inquiries.
          </p>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-3" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <SelectField
            meta={fields.inquiryId}
            label="Application"
            placeholder={applications.length ? "Choose…" : q ? "No open application matches" : "No open applications"}
            options={applications.map((a) => ({ value: String(a.id), label: `${a.name}${a.company ? `, ${a.company}` : ""} <${a.email}>` }))}
          />
          <TextField meta={fields.commissionPercent} label="Commission %" inputMode="decimal" />
          <button type="submit" className="btn-primary">Approve as partner</button>
        </Form>
      </section>
      <SimpleTable caption="Partners" headers={["Partner", "Referral link", "Status", "Referrals", "NDAs signed", "Offers accepted", "Pending", "Approved", "Paid"]} count={rows.length} empty="No partners yet.">
        {rows.map((r) => (
          <tr key={r.affiliate.id} data-testid={`partner-${r.affiliate.code}`}>
            <td>
              <Link to={`/admin/marketing/affiliates/${r.affiliate.id}`} className="link font-medium">{r.affiliate.name}</Link>
              <div className="text-xs text-slate-500">{r.affiliate.email} · {r.affiliate.commissionPercent}%</div>
            </td>
            <td><code className="break-all text-xs">{referralLink(origin, r.affiliate.code)}</code></td>
            <td>{r.affiliate.status}</td>
            <td>{r.referrals}</td>
            <td>{r.ndasSigned}</td>
            <td>{r.offersAccepted}</td>
            <td>{r.pending}</td>
            <td>{r.approved}</td>
            <td>{r.paid}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} noun="partners" />
      <SimpleTable caption="Members' referrals (referral program)" headers={["Member", "Referred by", "Joined", "NDAs signed", "Offers accepted"]} count={members.rows.length} empty="No member has joined through another member's link yet.">
        {members.rows.map((r) => (
          <tr key={r.id}>
            <td>
              {r.memberName}
              <div className="text-xs text-slate-500">{r.memberEmail}{r.company ? ` · ${r.company}` : ""}</div>
            </td>
            <td>
              {r.referrerName}
              <div className="text-xs text-slate-500">{r.referrerEmail}{r.referrerCompany ? ` · ${r.referrerCompany}` : ""}</div>
            </td>
            <td><DateTime at={r.joinedAt} /></td>
            <td>{r.ndasSigned}</td>
            <td>{r.offersAccepted}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={members.page} pageSize={PAGE_SIZE} total={members.total} noun="referrals" param="members" label="Members' referral pages" />
    </>
  );
}
