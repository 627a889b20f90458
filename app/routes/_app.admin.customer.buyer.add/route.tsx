import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { FieldErrors, FormErrors, SelectField, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { MEMBER_ROLES, memberSchema } from "~/lib/schemas/customer";
import { customerChoices } from "~/models/customer-accounts.server";
import { inviteMember } from "~/models/invitations.server";

export const meta = () => titleMeta("Add a member");

const ROLE_TEXT: Record<(typeof MEMBER_ROLES)[number], string> = {
  ROLE_BUYER: "Buyer",
  ROLE_SELLER: "Seller",
  ROLE_BROKER: "Broker",
  ROLE_AGENT: "Agent",
};

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const customers = await customerChoices(services.db);
  const wanted = Number(new URL(args.request.url).searchParams.get("customerId"));
  return json({ customers, customerId: customers.some((c) => c.id === wanted) ? String(wanted) : "" });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: memberSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { customerId, name, email, roles } = submission.value;
  const invited = await inviteMember(services, { customerId, name, email, roles, actor: user, address: clientAddress(args.request) });
  if (!invited.ok) return json({ result: submission.reply({ fieldErrors: { [invited.field]: [invited.message] } }) }, { status: 409 });
  return redirectWithNotification(services, args.request, `/admin/customers/${customerId}`, `${name} is added; an invitation e-mail is on its way to ${email}.`);
}

export default function AddMemberPage() {
  const { customers, customerId } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "member",
    lastResult: data?.result,
    defaultValue: { customerId, roles: ["ROLE_BUYER"] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: memberSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const chosen = (fields.roles.initialValue as string[] | string | undefined) ?? [];
  return (
    <>
      <PageHeader title="Add a member">
        {customerId ? (
          <Link to={`/admin/customers/${customerId}`} className="link">
            Back to the customer
          </Link>
        ) : null}
      </PageHeader>
      <Form method="post" className="card max-w-xl space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <SelectField meta={fields.customerId} label="Customer" placeholder="Choose a customer" options={customers.map((c) => ({ value: String(c.id), label: c.name }))} />
        <TextField meta={fields.name} label="Name" autoComplete="off" />
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="off" />
        <fieldset aria-describedby={fields.roles.errorId}>
          <legend className="label">Roles</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {MEMBER_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-1">
                <input type="checkbox" name={fields.roles.name} value={role} defaultChecked={chosen.includes(role)} />
                {ROLE_TEXT[role]}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.roles.errorId} errors={fields.roles.errors} />
        </fieldset>
        <p className="text-sm text-slate-600">The person gets an e-mail with a link, valid for 7 days, to choose a password.</p>
        <button type="submit" className="btn-primary">
          Add and invite
        </button>
      </Form>
    </>
  );
}
