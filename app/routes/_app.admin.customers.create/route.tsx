import { useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { randomToken } from "~/.server/crypto";
import { submissionKeyOf } from "~/.server/replies";
import { CustomerForm } from "~/components/customer-form";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { createCustomer } from "~/models/customer-accounts.server";
import { parseWithZod, customerSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("New customer");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  // the form's one-time key (decision 083): sent twice (a double click, a resend), it makes one customer
  return { businessTypes: (await services.content.options("businessDescriptions")).map((o) => o.value), submissionKey: randomToken(16) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const businessTypes = (await services.content.options("businessDescriptions")).map((o) => o.value);
  const form = await readForm(args.request);
  const submission = parseWithZod(form, { schema: customerSchema(businessTypes) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const created = await createCustomer(services, { actor: user, values: submission.value, address: clientAddress(args.request), submissionKey: submissionKeyOf(form) });
  if (!created.ok) return json({ result: submission.reply({ fieldErrors: { [created.field]: [created.message] } }) }, { status: 409 });
  const said = created.repeated ? `The customer is created, once: the form was sent twice, and ${created.customer.name} is the one it made.` : "The customer is created.";
  return redirectWithNotification(services, args.request, `/admin/customers/${created.customer.id}`, said);
}

export default function CreateCustomerPage() {
  const { businessTypes, submissionKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="New customer" back={{ to: "/admin/customers", label: "All customers" }} />
      <CustomerForm id="customer" lastResult={data?.result} businessTypes={businessTypes} submitLabel="Create customer" submissionKey={submissionKey} />
    </>
  );
}
