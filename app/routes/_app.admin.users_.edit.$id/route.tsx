import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, idParam, notFound } from "~/.server/http";
import { PageHeader } from "~/components/page-header";
import { UserForm } from "~/components/user-form";
import { CustomerOfMember } from "./customer-of-member";
import { TwoFactorOfMember } from "./two-factor-of-member";
import { titleMeta } from "~/lib/meta";
import { intentOf, openedOf, type ActionResult } from "~/lib/action-result";
import { changedFields, recordAudit, type AuditChange } from "~/models/audit.server";
import { EMAIL_TAKEN_MESSAGE, sendInvitation } from "~/models/invitations.server";
import { accountChangedMeanwhileTo, accountEdit, findUserById, type AccountField, LAST_ADMIN_MESSAGE, normalizeEmail, updateUserAccount } from "~/models/users.server";
import { attachToCustomer } from "~/models/customer-names.server";
import { findCustomer } from "~/models/customer-accounts.server";
import { sendEmail } from "~/models/outbox.server";
import { turnOffTotpForMember } from "~/models/two-factor.server";
import { siteOrigin } from "~/.server/mailer";
import type { User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { attachCustomerSchema, MEMBER_ADMIN_MESSAGE, parseWithZod, userSchema } from "~/lib/schemas/index.server";
import { primaryRole, ROLE_TEXT } from "~/lib/roles";
import { usersTableBack } from "~/lib/user-table";

export const meta = () => titleMeta("Edit user");

const SELF_OUTRANKED_MESSAGE = "You cannot give yourself a role that comes before Admin (Buyer, Seller): you would lose the admin pages.";

export async function loader(args: LoaderFunctionArgs) {
  const { services, user: admin } = await requireUser(args, { role: "admin" });
  const user = await findUserById(services.db, idParam(args.params));
  if (!user) throw notFound();
  const customer = user.customerId ? await findCustomer(services.db, { customerId: user.customerId }) : null;
  return {
    id: user.id,
    values: { name: user.name, email: user.email, company: user.company, phone: user.phone, roles: user.roles },
    // an admin belongs to no customer: nothing to attach them to
    customer: customer ? { id: customer.id, name: customer.name } : null,
    attachable: !user.customerId && !user.roles.includes("ROLE_ADMIN"),
    // an admin's own is turned off nowhere: admins must keep it (decision 009)
    twoFactorOn: Boolean(user.totpEnabledAt) && user.id !== admin.id,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user: admin } = await requireUser(args, { role: "admin" });
  const userId = idParam(args.params);
  const form = await readForm(args.request);
  if (form.get("intent") === "attach") return attach(args, { services, form, userId, admin });
  if (form.get("intent") === "two-factor-off") return twoFactorOff(args, { services, userId, admin });
  const submission = parseWithZod(form, { schema: userSchema() });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const before = await findUserById(services.db, userId);
  if (!before) throw notFound();
  const edit = accountEdit(before, submission.value, openedValues(submission.payload));
  if ("clash" in edit) return theirChangeShown(submission, before, edit.clash);
  // what the save writes: this admin's changes over the account as it is now
  const values = edit.values;
  if (userId === admin.id && !values.roles.includes("ROLE_ADMIN")) {
    return json({ result: submission.reply({ fieldErrors: { roles: ["You cannot remove your own admin role."] } }) }, { status: 409 });
  }
  // a member acts as the first of their roles (spec §3: buyer, seller, admin, broker): Admin beside
  // Buyer or Seller is a buyer or a seller, and the last admin doing it to themselves left no one with the admin pages
  if (userId === admin.id && primaryRole(values.roles) !== "admin") {
    return json({ result: submission.reply({ fieldErrors: { roles: [SELF_OUTRANKED_MESSAGE] } }) }, { status: 409 });
  }
  // Admin is for staff accounts: a customer's deletion disables its members, and its disabling or lock keeps
  // them out, which would shut an admin out of the back office (one made so before this rule keeps it)
  if (before.customerId && values.roles.includes("ROLE_ADMIN") && !before.roles.includes("ROLE_ADMIN")) {
    return json({ result: submission.reply({ fieldErrors: { roles: [MEMBER_ADMIN_MESSAGE] } }) }, { status: 400 });
  }
  const asRead = { name: before.name, email: before.email, company: before.company, phone: before.phone, roles: before.roles };
  const outcome = await updateUserAccount(services.db, { userId, values, changed: edit.changed, asRead });
  if (outcome === "missing") throw notFound();
  // another save of these fields landed between the check above and the write: refused as one made before it
  if (outcome === "changed-meanwhile") {
    const now = await findUserById(services.db, userId);
    if (!now) throw notFound();
    const again = accountEdit(now, submission.value, openedValues(submission.payload));
    return theirChangeShown(submission, now, "clash" in again ? again.clash : (edit.changed[0] ?? "name"));
  }
  // another admin took this one's admin away a moment ago: this edit would leave none
  if (outcome === "last-admin") return json({ result: submission.reply({ fieldErrors: { roles: [LAST_ADMIN_MESSAGE] } }) }, { status: 409 });
  if (outcome === "email-taken") return json({ result: submission.reply({ fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } }) }, { status: 409 });
  // the links mailed to the old address are spent: one who never got in is invited again at the new one
  if (outcome.awaitingInvitation) await sendInvitation(services, { userId, actor: admin });
  // a member who uses the account is told at the address they knew it by: a change they did not ask for (an
  // admin deceived, or one whose access is misused, then a reset sent to the new address) took it unseen. The new
  // address is not named: the old one may be a mailbox the member lost
  else if (outcome.emailChanged) await tellOldAddress(services, { name: before.name, email: before.email });
  // each change of what the account may do or where its links go is an entry of its own: new roles (as a set:
  // the same roles ticked in another order are none) and a new e-mail, with what it replaced; the other fields
  // changed go with a "user.update", itself written for a save that changed neither (as before)
  const address = clientAddress(args.request);
  const entry = (action: string, detail: string, changes: AuditChange[]) =>
    recordAudit(services.db, { actor: admin, action, subjectType: "user", subjectId: userId, detail, address, changes });
  const sameRoles = before.roles.length === values.roles.length && values.roles.every((r) => before.roles.includes(r));
  const edited = changedFields(before, { ...values, email: normalizeEmail(values.email) }, ["name", "email", "company", "phone", "roles"]);
  const only = (...fields: string[]) => edited.filter((c) => fields.includes(c.field));
  if (!sameRoles) await entry("user.roles", `${before.roles.join(", ")} → ${values.roles.join(", ")}`, only("roles"));
  if (outcome.emailChanged) await entry("user.email", `${before.email} → ${normalizeEmail(values.email)}`, only("email"));
  const others = only("name", "company", "phone");
  if ((sameRoles && !outcome.emailChanged) || others.length) await entry("user.update", values.email, others);
  const saved = outcome.awaitingInvitation ? `The account is saved; a new invitation is on its way to ${normalizeEmail(values.email)}.` : "The account is saved.";
  return redirectWithNotification(services, args.request, usersTableBack(new URL(args.request.url).search), saved);
}

/**
 * A save refused for a field another admin (or the member) changed meanwhile: the page shows the account
 * as it is now, with what this admin changed kept as they typed it, says on the field what it holds now,
 * and is now opened on the account as stored. Saving again is a decision made having seen the other's
 * change: it writes this admin's values, and leaves the other's other changes as they are.
 */
function theirChangeShown(submission: { payload: Record<string, unknown>; reply: (o: { fieldErrors: Record<string, string[]> }) => ActionResult }, account: User, field: AccountField) {
  const now = { name: account.name, email: account.email, company: account.company, phone: account.phone, roles: account.roles };
  const was = openedValues(submission.payload);
  const typed = submission.payload;
  // as posted: one ticked box is a text, none is no field
  const text = (value: unknown) => [value ?? []].flat().map(String).sort().join();
  const shown = Object.fromEntries(
    Object.entries(now).map(([key, value]) => [key, was && text(typed[key]) === text(was[key as AccountField]) ? value : typed[key]]),
  );
  const stored = field === "roles" ? now.roles.map((role) => ROLE_TEXT[role as keyof typeof ROLE_TEXT] ?? role).join(", ") : now[field];
  const result = submission.reply({ fieldErrors: { [field]: [accountChangedMeanwhileTo(stored)] } });
  return json({ result: { ...result, initialValue: { ...result.initialValue, ...shown, opened: JSON.stringify(now) } } }, { status: 409 });
}

/**
 * The values the form was opened with (its hidden `opened`), read by the same schema as the typed ones;
 * undefined when missing or unreadable (the save then writes every field, as before).
 */
function openedValues(payload: Record<string, unknown>) {
  try {
    const parsed = userSchema().safeParse(JSON.parse(String(payload.opened ?? "")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The notice to the address an account signed in with until an admin changed it. */
async function tellOldAddress(services: Services, member: { name: string; email: string }) {
  await sendEmail(services, {
    to: member.email,
    subject: "The e-mail address of your Secondary Marketplace account was changed",
    body:
      `Hello ${member.name},\n\nour team changed the e-mail address you sign in to the Secondary Marketplace with: ` +
      `this address no longer signs in, nor receives the account's e-mail.\n\nIf you did not ask for this, contact us at once: ${siteOrigin(services)}/contact-us\n`,
  });
}

/**
 * Turns off the member's two-factor sign-in, for one who lost their authenticator and recovery codes (they
 * sign in with the password alone and may turn it on again; an admin is asked to at once). Audited, and the
 * member is told by e-mail: a change to how their account signs in that they did not make themselves.
 */
async function twoFactorOff(args: ActionFunctionArgs, { services, userId, admin }: { services: Services; userId: number; admin: User }) {
  const member = await findUserById(services.db, userId);
  if (!member || member.id === admin.id) throw notFound();
  if (!(await turnOffTotpForMember(services.db, member.id))) {
    return redirectWithNotification(services, args.request, `/admin/users/edit/${userId}${new URL(args.request.url).search}`, "Two-factor sign-in was off already.", "info");
  }
  await recordAudit(services.db, { actor: admin, action: "user.two-factor-off", subjectType: "user", subjectId: member.id, detail: member.email, address: clientAddress(args.request) });
  await sendEmail(services, {
    to: member.email,
    subject: "Two-factor sign-in is off for your Secondary Marketplace account",
    body:
      `Hello ${member.name},\n\nour team turned off two-factor sign-in for your account: you sign in with your password alone, ` +
      `and your recovery codes no longer work.\nTurn it on again, with your new phone, on your profile: ${siteOrigin(services)}/profile\n\n` +
      `If you did not ask for this, reset your password and contact us at once.\n`,
  });
  return redirectWithNotification(services, args.request, `/admin/users/edit/${userId}${new URL(args.request.url).search}`, `Two-factor sign-in is off for ${member.email}; they are told by e-mail.`);
}

/** Attaches the member to a customer by its name, audited; the page says why not. */
async function attach(args: ActionFunctionArgs, { services, form, userId, admin }: { services: Services; form: FormData; userId: number; admin: User }) {
  const submission = parseWithZod(form, { schema: attachCustomerSchema() });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const attached = await attachToCustomer(services.db, { userId, name: submission.value.customerName });
  if (!attached) throw notFound();
  if ("refused" in attached) return json({ result: submission.reply({ fieldErrors: { customerName: [attached.refused] } }) }, { status: 409 });
  const { customer } = attached;
  await recordAudit(services.db, {
    actor: admin,
    action: "user.customer",
    subjectType: "user",
    subjectId: userId,
    detail: `→ ${customer.name} (customer ${customer.id})`,
    address: clientAddress(args.request),
    // the write takes only a member of no customer
    changes: [{ field: "customerId", from: "", to: String(customer.id) }],
  });
  return redirectWithNotification(services, args.request, `/admin/users/edit/${userId}${new URL(args.request.url).search}`, `The member is attached to ${customer.name}.`);
}

export default function EditUserPage() {
  const { id, values, customer, attachable, twoFactorOn } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const attaching = intentOf(data?.result) === "attach";
  // refused, the page stays opened on what it was sent with (or what the refusal showed in its place)
  const opened = (attaching ? undefined : openedOf(data?.result)) ?? JSON.stringify(values);
  return (
    <>
      <PageHeader title={`Edit ${values.name}`} back={{ to: usersTableBack(useLocation().search), label: "All users" }}>
        <Link to={`/admin/log?subjectType=user&subjectId=${id}`} className="link text-sm">
          Audit history
        </Link>
      </PageHeader>
      <UserForm key={opened} lastResult={attaching ? undefined : data?.result} defaultValue={values} opened={opened} submitLabel="Save" />
      <CustomerOfMember customer={customer} attachable={attachable} lastResult={attaching ? data?.result : undefined} />
      {twoFactorOn ? <TwoFactorOfMember /> : null}
    </>
  );
}
