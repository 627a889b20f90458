import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, idParam, notFound } from "~/.server/http";
import { CustomerForm } from "~/components/customer-form";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { customerSchema } from "~/lib/schemas/customer";
import { findCustomer, updateCustomer } from "~/models/customer-accounts.server";

export const meta = () => titleMeta("Edit customer");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const customer = await findCustomer(services.db, { customerId: idParam(args.params) });
  if (!customer || customer.anonymisedAt) throw notFound();
  return json({
    id: customer.id,
    values: {
      customerName: customer.name,
      customerType: customer.customerType,
      contactPerson: customer.contactPerson,
      attentionEmail: customer.attentionEmail,
      attentionPhone: customer.attentionPhone,
      website: customer.website,
      type: customer.businessType,
      size: customer.size === null ? "" : String(customer.size),
      headquarters: customer.headquarters,
      smsAllowance: String(customer.smsAllowance),
      comments: customer.comments,
    },
    businessTypes: (await services.content.options("businessDescriptions")).map((o) => o.value),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const customerId = idParam(args.params);
  const businessTypes = (await services.content.options("businessDescriptions")).map((o) => o.value);
  const submission = parseWithZod(await readForm(args.request), { schema: customerSchema(businessTypes) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const updated = await updateCustomer(services, { actor: user, customerId, values: submission.value, address: clientAddress(args.request) });
  if (!updated) throw notFound();
  if (!updated.ok) return json({ result: submission.reply({ fieldErrors: { [updated.field]: [updated.message] } }) }, { status: 409 });
  return redirectWithNotification(services, args.request, `/admin/customers/${customerId}`, "The customer is saved.");
}

export default function EditCustomerPage() {
  const { id, values, businessTypes } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <PageHeader title={`Edit ${values.customerName}`}>
        <Link to={`/admin/customers/${id}`} className="link">
          Back to the customer
        </Link>
      </PageHeader>
      <CustomerForm id="customer" lastResult={data?.result} defaultValue={values} businessTypes={businessTypes} submitLabel="Save" />
    </>
  );
}
