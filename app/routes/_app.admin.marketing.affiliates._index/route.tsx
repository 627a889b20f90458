import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { siteOrigin } from "~/.server/mailer";
import { invalid, refuse } from "~/.server/replies";
import { SimpleTable } from "~/components/data-table";
import { FormErrors, SelectField, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { referralLink } from "~/lib/affiliates";
import { titleMeta } from "~/lib/meta";
import { approveAffiliateSchema } from "~/lib/schemas/index.server";
import { affiliateApplications, approveAffiliate, listAffiliates } from "~/models/affiliates.server";
import { parseWithZod } from "~/lib/schemas/index.server";
import { pageNumber } from "~/lib/query-params";

export const meta = () => titleMeta("Affiliates");

const PAGE_SIZE = 25;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"), 10_000);
  const [partners, applications] = await Promise.all([listAffiliates(services.db, { page, pageSize: PAGE_SIZE }), affiliateApplications(services.db)]);
  return { ...partners, applications, origin: siteOrigin(services) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: approveAffiliateSchema });
  if (submission.status !== "success") return invalid(submission);
  const { inquiryId, commissionPercent } = submission.value;
  const partner = await approveAffiliate(services.db, { inquiryId, commissionPercent, actor: user, address: clientAddress(args.request) });
  if (!partner) return refuse(submission, "That application is no longer open.", 404);
  return redirectWithNotification(services, args.request, `/admin/marketing/affiliates/${partner.id}`, `${partner.name} is a partner with the code ${partner.code}.`);
}

/** Partners approved from /broker-affiliate applications, what their links brought, and their commissions. */
export default function AffiliatesPage() {
  const { rows, total, page, applications, origin } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "approve",
    lastResult: data?.result,
    schema: () => import("~/lib/schemas/affiliates").then((m) => m.approveAffiliateSchema),
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <PageHeader title="Affiliates">
        <Link to="/admin/affilate-inquiries" className="link">Affiliate inquiries</Link>
        <a href="/admin/marketing/affiliates.csv" className="link" download>Export referrals (CSV)</a>
      </PageHeader>
      <Form method="post" className="card mb-6 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
        <h2 className="w-full font-semibold">Approve an application</h2>
        <FormErrors errors={form.errors} />
        <SelectField
          meta={fields.inquiryId}
          label="Application"
          placeholder={applications.length ? "Choose…" : "No open applications"}
          options={applications.map((a) => ({ value: String(a.id), label: `${a.name}${a.company ? `, ${a.company}` : ""} <${a.email}>` }))}
        />
        <TextField meta={fields.commissionPercent} label="Commission %" inputMode="decimal" />
        <button type="submit" className="btn-primary">Approve as partner</button>
      </Form>
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
    </>
  );
}
