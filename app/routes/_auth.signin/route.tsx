import { useActionData, useLoaderData, useRouteLoaderData, useSearchParams, type MetaFunction } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAnonymous } from "~/auth/guards.server";
import { beginSecondStep, signIn, signinAuthenticator } from "~/auth/session.server";
import { CAPTCHA_MESSAGE, captchaSiteKey, passesCaptcha, recordSigninFailureFrom, signinNeedsCaptcha } from "~/auth/captcha.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { answer } from "~/.server/replies";
import { SigninForm } from "~/components/signin-form";
import { publicMeta } from "~/lib/seo";
import { safeRedirect } from "~/lib/redirect";
import { hitRateLimit } from "~/models/rate-limits.server";
import { SIGNIN_MESSAGES } from "~/models/users.server";
import { parseWithZod, signinSchema } from "~/lib/schemas/index.server";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = (args) =>
  publicMeta(args, { path: "/signin", title: "Sign in", description: "Sign in to the Secondary Marketplace to follow your listings, NDAs, data rooms and offers." });

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const needed = await signinNeedsCaptcha(services.db, services.env, clientAddress(args.request));
  return { captchaSiteKey: needed ? captchaSiteKey(services.env) : null };
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const { request } = args;
  const address = clientAddress(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: signinSchema() });
  const captchaNeeded = () => signinNeedsCaptcha(services.db, services.env, address);
  const hide = { hideFields: ["password"] };
  // a signed-out form's text shown above the form goes with it, and is shown again after a refusal
  const kept = typeof formData.get("kept") === "string" ? String(formData.get("kept")).slice(0, 4000) : "";
  const reply = async (message: string, status: number) =>
    answer(submission.reply({ formErrors: [message], ...hide }), status, {
      captchaSiteKey: (await captchaNeeded()) ? captchaSiteKey(services.env) : null,
      kept,
    });
  if (submission.status !== "success") return answer(submission.reply(hide), 400, { captchaSiteKey: null, kept });

  const perAddress = await hitRateLimit(services.db, `signin:${address}`, {
    limit: 300,
    windowMs: 10 * 60_000,
  });
  if (!perAddress.allowed) {
    return reply(`Too many sign-in attempts from your address. Please wait ${perAddress.retryAfterSeconds} seconds.`, 429);
  }
  // after a few failures from one address, bots must pass the robot check before a password is even looked at
  if ((await captchaNeeded()) && !(await passesCaptcha(services.env, formData, address))) {
    return reply(CAPTCHA_MESSAGE, 400);
  }

  // the body is read once, within its limit; the strategy gets the same form
  const result = await signinAuthenticator(services).authenticate("form", new Request(request.url, { method: "POST", body: formData }));
  if (!result.ok) {
    await recordSigninFailureFrom(services.db, address);
    // the same answer whether the e-mail is unknown, the password wrong, or the account slowed or locked
    if (result.reason === "disabled") return reply(SIGNIN_MESSAGES.disabled, 403);
    return reply(SIGNIN_MESSAGES.refused, 401);
  }
  const redirectTo = `/auth/signed-in?${new URLSearchParams({ redirect: safeRedirect(submission.value.redirect) })}`;
  if (result.secondFactor) return beginSecondStep(services, request, result.user.id, redirectTo);
  return signIn(services, request, result.user.id, { redirectTo });
}

export default function SigninPage() {
  const loaderData = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const siteKey = data ? data.captchaSiteKey : loaderData.captchaSiteKey;
  // a form sent after its member was signed out: its text, which the page it was typed on no longer has
  const notice = useRouteLoaderData<typeof rootLoader>("root")?.notification;
  const kept = data ? data.kept : notice?.kept;
  return (
    <div className="card">
      <h1 className="mb-6 text-2xl font-bold">Sign in</h1>
      {kept ? (
        <div className="mb-6">
          <label htmlFor="kept-text" className="label">
            What you typed (not sent)
          </label>
          <textarea id="kept-text" name="kept" form="signin" className="input" rows={6} readOnly defaultValue={kept} />
        </div>
      ) : null}
      <SigninForm lastResult={data?.result} redirectTo={params.get("redirect") ?? undefined} captchaSiteKey={siteKey} />
    </div>
  );
}
