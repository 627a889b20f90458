import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { PageHeader } from "~/components/page-header";
import { UserForm } from "~/components/user-form";
import { titleMeta } from "~/lib/meta";
import { customerChoices, findCustomer } from "~/models/customer-accounts.server";
import { recordId } from "~/lib/query-params";
import { inviteMember } from "~/models/invitations.server";
import { parseWithZod, memberSchema } from "~/lib/schemas/index.server";
import { backWithin } from "~/lib/table-back.server";

export const meta = () => titleMeta("Add a member");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const customers = await customerChoices(services.db);
  const wanted = recordId(new URL(args.request.url).searchParams.get("customerId"));
  // the customer whose page links here, though past the list's first 500 by name
  if (wanted && !customers.some((c) => c.id === wanted)) {
    const customer = await findCustomer(services.db, { customerId: wanted });
    if (customer && !customer.anonymisedAt) customers.unshift({ id: customer.id, name: customer.name });
  }
  const customerId = wanted && customers.some((c) => c.id === wanted) ? String(wanted) : "";
  return { customers, customerId, back: customerId ? backToCustomer(args.request, Number(customerId)) : null };
}

/** The customer's page as the admin left it, when opened from there (its `?back=`), or the bare page. */
function backToCustomer(request: Request, customerId: number) {
  const page = `/admin/customers/${customerId}`;
  return backWithin(new URL(request.url).search, [page], page);
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: memberSchema() });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { customerId, name, email, roles } = submission.value;
  const invited = await inviteMember(services, { customerId, name, email, roles, actor: user, address: clientAddress(args.request) });
  if (!invited.ok) return json({ result: submission.reply({ fieldErrors: { [invited.field]: [invited.message] } }) }, { status: 409 });
  // to the page of the customer the member joined, as the admin left it when the form was opened from it
  return redirectWithNotification(services, args.request, backToCustomer(args.request, customerId), `${name} is added; an invitation e-mail is on its way to ${email}.`);
}

export default function AddMemberPage() {
  const { customers, customerId, back } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Add a member">
        {back ? (
          <Link to={back} className="link">
            Back to the customer
          </Link>
        ) : null}
      </PageHeader>
      <UserForm
        customers={customers}
        lastResult={data?.result}
        defaultValue={{ customerId, roles: ["ROLE_BUYER"] }}
        submitLabel="Add and invite"
        note="The person gets an e-mail with a link, valid for 7 days, to choose a password."
      />
    </>
  );
}
