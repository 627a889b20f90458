import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAnonymous } from "~/auth/guards.server";
import { clientAddress } from "~/.server/http";
import { CAPTCHA_MESSAGE, captchaSiteKey, passesCaptcha } from "~/auth/captcha.server";
import { siteOrigin } from "~/.server/mailer";
import { secretPlaceholder, sendEmail } from "~/models/outbox.server";
import { Turnstile } from "~/components/turnstile";
import { FormErrors, TextField } from "~/components/forms";
import { titleMeta } from "~/lib/meta";
import { requestResetSchema } from "~/lib/schemas/index.server";
import { createPasswordReset, PASSWORD_RESET_TTL_MS } from "~/models/password-resets.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { findUserByEmail } from "~/models/users.server";
import { findCustomer } from "~/models/customer-accounts.server";
import { readForm } from "~/.server/body";
import { answer } from "~/.server/replies";
import { parseWithZod } from "~/lib/schemas/index.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

export const meta = () => titleMeta("Reset your password");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireAnonymous(args);
  return { captchaSiteKey: captchaSiteKey(services.env) };
}

/** Reset links mailed in an hour: to one account (its owner has those links), and asked for from one address. */
export const RESET_LINKS = {
  perAccount: { limit: 5, windowMs: 60 * 60_000 },
  // an office behind one address has room for its members' own resets
  perAddress: { limit: 50, windowMs: 60 * 60_000 },
};

/** What a member of a disabled or locked company is sent in place of a reset link. */
export const ACCESS_SUSPENDED_SUBJECT = "Your company's access to Secondary Marketplace is suspended";

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: requestResetSchema() });
  if (submission.status !== "success") return answer(submission.reply(), 400, { sent: false });
  if (!(await passesCaptcha(services.env, formData, clientAddress(args.request)))) {
    return answer(submission.reply({ formErrors: [CAPTCHA_MESSAGE] }), 400, { sent: false });
  }
  const { email } = submission.value;
  // counted per account whatever the address, and per address whatever the account: counted per pair, a
  // visitor with a few addresses could send one member any number of links, and one address could send
  // five to every member; every post counts, so the limit tells nothing of whether the account exists
  const [forAccount, fromAddress] = await Promise.all([
    hitRateLimit(services.db, `reset-account:${email}`, RESET_LINKS.perAccount),
    hitRateLimit(services.db, `reset-address:${clientAddress(args.request)}`, RESET_LINKS.perAddress),
  ]);
  const user = forAccount.allowed && fromAddress.allowed ? await findUserByEmail(services.db, email) : undefined;
  // a member of a disabled or locked company: a new password would not let them in (sign-in refuses them
  // all the same), so no link, and the e-mail says why and whom to ask; the page's answer is the same
  const company = user?.enabled && user.customerId ? await findCustomer(services.db, { customerId: user.customerId }) : undefined;
  if (user && user.enabled && company && (!company.enabled || company.locked)) {
    await sendEmail(services, {
      to: user.email,
      subject: ACCESS_SUSPENDED_SUBJECT,
      body:
        `Hello ${user.name},\n\nsomeone asked for a link to reset the password of your account. We have not sent one: ` +
        `${company.name}'s access to Secondary Marketplace is suspended, so none of its members can sign in for now, ` +
        `whatever their password.\nTo have it restored, ask the person who manages your company's account with us, ` +
        `or contact us: ${siteOrigin(services)}/contact-us\n\n` +
        `If you did not ask for this, you need do nothing; your password stays as it is.\n`,
    });
  } else if (user && user.enabled) {
    const token = await createPasswordReset(services.db, user.id);
    const minutes = PASSWORD_RESET_TTL_MS / 60_000;
    await sendEmail(services, {
      to: user.email,
      subject: "Reset your Secondary Marketplace password",
      body:
        `Hello ${user.name},\n\nopen this link to choose a new password (it works once, for ${minutes} minutes):\n` +
        `${siteOrigin(services)}/uobs/reset/${secretPlaceholder("token")}\n\n` +
        `If you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
      secrets: { token },
    });
  }
  // the same answer whether or not the account exists
  return answer(submission.reply({ resetForm: true }), 200, { sent: true });
}

export default function RequestResetPage() {
  const { captchaSiteKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "request-reset",
    lastResult: data?.result,
    schema: () => import("~/lib/schemas/account").then((m) => m.requestResetSchema()),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="card">
      <h1 className="mb-2 text-2xl font-bold">Reset your password</h1>
      {data?.sent ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          If an account exists for that e-mail, we have sent a link to reset its password. It works once, for one hour.
        </p>
      ) : (
        <p className="mb-4 text-sm text-slate-600">We will e-mail you a link to choose a new password.</p>
      )}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" />
        {captchaSiteKey ? (
          <Turnstile
            siteKey={captchaSiteKey}
            withoutScript="Sending a reset link needs JavaScript for its robot check. Turn JavaScript on, or write to us through the contact page."
          />
        ) : null}
        <button type="submit" className="btn-primary w-full">
          Send reset link
        </button>
        <p className="text-center text-sm">
          <Link to="/signin" className="link">Back to sign in</Link>
        </p>
      </Form>
    </div>
  );
}
