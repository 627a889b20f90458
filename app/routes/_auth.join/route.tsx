import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, type MetaFunction } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAnonymous } from "~/auth/guards.server";
import { signIn } from "~/auth/session.server";
import { CAPTCHA_MESSAGE, captchaSiteKey, passesCaptcha } from "~/auth/captcha.server";
import { clientAddress } from "~/.server/http";
import { verifyPassword } from "~/.server/password";
import { siteOrigin } from "~/.server/mailer";
import { sendEmail } from "~/models/outbox.server";
import { Turnstile } from "~/components/turnstile";
import { FormErrors, SelectField, TextField } from "~/components/forms";
import { publicMeta } from "~/lib/seo";
import { ONBOARD_PATHS } from "~/lib/onboarding";
import { safeRedirect } from "~/lib/redirect";
import { JOINABLE_ROLES } from "~/lib/roles";
import { joinSchema } from "~/lib/schemas/index.server";
import { createUser, findUserByEmail } from "~/models/users.server";
import { recordReferral } from "~/models/affiliates.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { readForm } from "~/.server/body";
import { forgetReferralCode, keepReferralCode, referralCodeOf } from "~/.server/referral-cookie";
import { answer } from "~/.server/replies";
import { parseWithZod } from "~/lib/schemas/index.server";

export const meta: MetaFunction = (args) =>
  publicMeta(args, { path: "/join", title: "Join", description: "Join the Secondary Marketplace as a buyer, seller or broker of loan pools, real estate and other illiquid assets." });

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const referral = referralCodeOf(args.request);
  return json(
    {
      businessTypes: await services.content.options("businessDescriptions"),
      captchaSiteKey: captchaSiteKey(services.env),
      // the code of the link the visitor came by, this time or an earlier one
      referralCode: referral.code,
    },
    referral.code && referral.fromUrl ? { headers: { "Set-Cookie": keepReferralCode(services.env, referral.code) } } : undefined,
  );
}

/**
 * "Someone tried to create an account with your e-mail" at most this often to one owner: the form
 * is open to anyone (Turnstile only when keyed), and each post sent the owner another e-mail.
 */
const OWNER_NOTICES = { limit: 3, windowMs: 60 * 60_000 };

/**
 * Accounts one client address may create an hour (JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR when the operator
 * sets it): without Turnstile keyed nothing else stopped one address creating any number. Every post
 * that would create one counts, an address that has an account too, so the refusal tells nothing of
 * which addresses have one.
 */
const JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR = 20;
const JOIN_WINDOW_MS = 60 * 60_000;

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const businessTypes = await services.content.options("businessDescriptions");
  const schema = joinSchema(businessTypes.map((o) => o.value));
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema });
  const hide = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return answer(submission.reply({ hideFields: hide }), 400, { checkEmail: null });
  }
  const address = clientAddress(args.request);
  if (!(await passesCaptcha(services.env, formData, address))) {
    return answer(submission.reply({ formErrors: [CAPTCHA_MESSAGE], hideFields: hide }), 400, { checkEmail: null });
  }
  // counted before anything is looked up, hashed or written, so parallel posts cannot pass it together
  const perAddress = await hitRateLimit(services.db, `join:${address}`, {
    limit: services.env.JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR ?? JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR,
    windowMs: JOIN_WINDOW_MS,
  });
  if (!perAddress.allowed) {
    const minutes = Math.max(1, Math.ceil(perAddress.retryAfterSeconds / 60));
    const wait = `${minutes} minute${minutes === 1 ? "" : "s"}`;
    return answer(submission.reply({ formErrors: [`Too many accounts created from your address. Please try again in ${wait}.`], hideFields: hide }), 429, { checkEmail: null });
  }
  const { name, company, businessType, email, phone, password, role, redirect, ref } = submission.value;
  const roleName = JOINABLE_ROLES.find((r) => r.value === role)!.roleName;
  const user = await createUser(services.db, {
    name,
    company,
    businessType,
    email,
    phone,
    password,
    roles: [roleName],
  });
  if (!user) {
    // no account discovery: the visitor is told to read their e-mail, the owner is told what happened
    const owner = await findUserByEmail(services.db, email);
    // a post with the account's own password is its owner's form sent again (a double click, a resend, two tabs): told
    // "someone tried to create an account" beside their welcome, they read that someone else had their address
    const ownRepeat = owner ? await verifyPassword(password, owner.passwordHash) : false;
    // told a few times an hour at most, however many try (or from however many addresses): the visitor's answer is the same
    if (owner && !ownRepeat && (await hitRateLimit(services.db, `join-taken:${owner.id}`, OWNER_NOTICES)).allowed) {
      await sendEmail(services, {
        to: owner.email,
        subject: "Someone tried to create an account with your e-mail",
        body:
          `Hello ${owner.name},\n\nsomeone just tried to create a Secondary Marketplace account with your e-mail address. ` +
          `You have an account already: sign in at ${siteOrigin(services)}/signin ` +
          `(or choose a new password with "Forgot your password?" there).\n\n` +
          `If this was not you, no account was created and nothing about yours changed.\n`,
      });
    }
    return answer(submission.reply({ resetForm: true }), 200, { checkEmail: email });
  }
  // a page read before the code was kept carries none: the kept one counts
  await recordReferral(services.db, { secret: services.env.SESSION_SECRET, userId: user.id, code: ref || referralCodeOf(args.request).code });
  await sendEmail(services, {
    to: user.email,
    subject: "Welcome to Secondary Marketplace",
    // where to sign in, as the other account e-mails say: this one named the address and no place to use it
    body: `Hello ${user.name},\n\nyour ${role} account for ${user.company} is ready. Sign in with ${user.email} at ${siteOrigin(services)}/signin\n`,
  });
  // a new member starts with the on-boarding chat, which ends where they wanted to go
  const wanted = safeRedirect(redirect, "");
  const onboard = ONBOARD_PATHS[role === "seller" ? "seller" : "buyer"];
  const signedIn = await signIn(services, args.request, user.id, {
    redirectTo: wanted && wanted !== "/home" ? `${onboard}?${new URLSearchParams({ redirect: wanted })}` : onboard,
    notification: `Welcome, ${user.name}. Your account is ready.`,
  });
  // used once: the next account made in this browser is not the referrer's
  signedIn.headers.append("Set-Cookie", forgetReferralCode(services.env));
  return signedIn;
}

export default function JoinPage() {
  const { businessTypes, captchaSiteKey, referralCode } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const lastResult = data?.result;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "join",
    lastResult,
    schema: () => import("~/lib/schemas/account").then((m) => m.joinSchema(businessTypes.map((o) => o.value))),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (data?.checkEmail) {
    return (
      <div className="card">
        <h1 className="mb-2 text-2xl font-bold">Check your e-mail</h1>
        <p role="status" className="text-sm text-slate-700">
          We have sent a message to {data.checkEmail} with what to do next.
        </p>
        <p className="mt-4 text-center text-sm">
          <Link to="/signin" className="link">Sign in</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="card">
      <h1 className="mb-1 text-2xl font-bold">Create your account</h1>
      <p className="mb-6 text-sm text-slate-600">
        Sellers list loan pools, real estate and companies; buyers and brokers find them.
      </p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField meta={fields.role} label="I am a" options={JOINABLE_ROLES} placeholder="Choose…" />
        <TextField meta={fields.name} label="Full name" autoComplete="name" />
        <TextField meta={fields.company} label="Company" autoComplete="organization" />
        <SelectField meta={fields.businessType} label="Business type" options={businessTypes} placeholder="Choose…" />
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" />
        <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" placeholder="+1 212 555 0100" hint="with country code" />
        <TextField meta={fields.password} label="Password" type="password" autoComplete="new-password" hint="at least 10 characters" />
        <TextField meta={fields.confirmPassword} label="Repeat password" type="password" autoComplete="new-password" />
        <input type="hidden" name="redirect" value={params.get("redirect") ?? ""} />
        <input type="hidden" name="ref" value={referralCode ?? ""} />
        {captchaSiteKey ? (
          <Turnstile
            siteKey={captchaSiteKey}
            withoutScript="Creating an account needs JavaScript for its robot check. Turn JavaScript on, or write to us through the contact page."
          />
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          Create account
        </button>
        <p className="text-center text-sm">
          Already a member? <Link to="/signin" className="link">Sign in</Link>
        </p>
      </Form>
    </div>
  );
}
