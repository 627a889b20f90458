import { useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { notFound } from "~/.server/http";
import { CriteriaForm } from "~/components/criteria-form";
import { openedOf } from "~/lib/action-result";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { findCustomer } from "~/models/customer-accounts.server";
import { criteriaClash, criteriaFormData, submitCriteria } from "~/routes/_app.preferences/criteria.server";
import { NoCompany } from "~/routes/_app.preferences/no-company";

export const meta = () => titleMeta("Company profile");

/** The buyer's company as our team keeps it (read-only: admins manage it), and the company's criteria. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "buyer" });
  const customer = user.customerId === null ? undefined : await findCustomer(services.db, { customerId: user.customerId });
  if (!customer) return { company: null, form: null };
  const { name, businessType, headquarters, website, contactPerson, attentionEmail, attentionPhone } = customer;
  return {
    company: { name, businessType, headquarters, website, contactPerson, attentionEmail, attentionPhone },
    form: await criteriaFormData(services, customer.id),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "buyer" });
  if (user.customerId === null) throw notFound();
  const { submission, saved, valid } = await submitCriteria(services, args.request, await readForm(args.request), { customerId: user.customerId, actor: user });
  if (!valid) return json({ result: submission.reply() }, { status: 400 });
  if (!saved) throw notFound();
  if (typeof saved === "object") return criteriaClash(submission, saved);
  return redirectWithNotification(services, args.request, "/buyers/profile", "Your criteria are saved.");
}

export default function BuyerProfilePage() {
  const { company, form } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  if (!company || !form) {
    return (
      <div className="max-w-4xl space-y-4">
        <PageHeader title="Company profile" />
        <NoCompany />
      </div>
    );
  }
  // refused, the form stays opened on what it was sent with (or, after a clash, on the criteria as they are now)
  const opened = openedOf(result) ?? form.opened;
  const facts: Array<[string, string]> = [
    ["Business type", company.businessType],
    ["Headquarters", company.headquarters],
    ["Website", company.website],
    ["Contact", [company.contactPerson, company.attentionEmail, company.attentionPhone].filter(Boolean).join(" · ")],
  ];
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader title={company.name} />
      <section className="card" aria-label="Company">
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd>{value || "—"}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-slate-500">Our team keeps these details; write to us to change them.</p>
      </section>
      <h2 className="text-lg font-semibold">Criteria</h2>
      <CriteriaForm key={opened} id="criteria" options={form.options} defaultValue={form.defaultValue} opened={opened} choices={form.choices} lastResult={result} />
    </div>
  );
}
