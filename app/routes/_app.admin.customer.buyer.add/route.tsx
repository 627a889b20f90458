import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { randomToken } from "~/.server/crypto";
import { submissionKeyOf } from "~/.server/replies";
import { formSubmissions } from "~/.server/db/schema";
import { findUserById, normalizeEmail } from "~/models/users.server";
import type { SQL } from "drizzle-orm";
import { PageHeader } from "~/components/page-header";
import { UserForm } from "~/components/user-form";
import { titleMeta } from "~/lib/meta";
import { customerChoices, findCustomer, madeBy } from "~/models/customer-accounts.server";
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
  // the form's one-time key (decision 083): sent twice (a double click without JavaScript), it adds one member
  return { customers, customerId, back: customerId ? backToCustomer(args.request, Number(customerId)) : null, submissionKey: randomToken(16) };
}

/** The customer's page as the admin left it, when opened from there (its `?back=`), or the bare page. */
function backToCustomer(request: Request, customerId: number) {
  const page = `/admin/customers/${customerId}`;
  return backWithin(new URL(request.url).search, [page], page);
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const form = await readForm(args.request);
  const submission = parseWithZod(form, { schema: memberSchema() });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { customerId, name, email, roles } = submission.value;
  const submissionKey = submissionKeyOf(form);
  // the key is taken in the batch that makes the account: the second post of one form was refused for the e-mail
  // its first had just taken ("exists already" over the form, the member added unseen); it is answered as the first
  const alongside = (newUser: SQL<number>) => (submissionKey ? [services.db.insert(formSubmissions).values({ submissionKey, subjectType: "user", subjectId: newUser })] : []);
  const invite = (keyed: boolean) => inviteMember(services, { customerId, name, email, roles, actor: user, address: clientAddress(args.request), alongside: keyed ? alongside : undefined });
  let invited = await invite(true);
  const first = !invited.ok && submissionKey ? await madeBy(services.db, submissionKey, "user") : null;
  const account = first ? await findUserById(services.db, first) : undefined;
  if (account && account.email === normalizeEmail(email)) {
    const to = account.customerId ?? customerId;
    return redirectWithNotification(services, args.request, backToCustomer(args.request, to), `${account.name} is added, once: the form was sent twice, and one invitation is on its way to ${account.email}.`);
  }
  // the key made another member (back, another e-mail typed, sent from the old page): this one is added without it
  if (account) invited = await invite(false);
  if (!invited.ok) return json({ result: submission.reply({ fieldErrors: { [invited.field]: [invited.message] } }) }, { status: 409 });
  // to the page of the customer the member joined, as the admin left it when the form was opened from it
  return redirectWithNotification(services, args.request, backToCustomer(args.request, customerId), `${name} is added; an invitation e-mail is on its way to ${email}.`);
}

export default function AddMemberPage() {
  const { customers, customerId, back, submissionKey } = useLoaderData<typeof loader>();
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
        submissionKey={submissionKey}
        defaultValue={{ customerId, roles: ["ROLE_BUYER"] }}
        submitLabel="Add and invite"
        note="The person gets an e-mail with a link, valid for 7 days, to choose a password."
      />
    </>
  );
}
