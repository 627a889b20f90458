import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useSearchParams } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { beginSecondStep, requireAnonymous, signIn, signinAuthenticator } from "~/.server/auth";
import { clientAddress } from "~/.server/http";
import { SigninForm } from "~/components/signin-form";
import { titleMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/redirect";
import { signinSchema } from "~/lib/schemas/account";
import { hitRateLimit } from "~/models/rate-limits.server";
import { SIGNIN_MESSAGES } from "~/models/users.server";

export const meta = () => titleMeta("Sign in");

export async function loader(args: LoaderFunctionArgs) {
  await requireAnonymous(args);
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const { request } = args;
  const submission = parseWithZod(await request.clone().formData(), { schema: signinSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const reply = (message: string, status: number) =>
    json(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status });

  const perAddress = await hitRateLimit(services.db, `signin:${clientAddress(request)}`, {
    limit: 300,
    windowMs: 10 * 60_000,
  });
  if (!perAddress.allowed) {
    return reply(`Too many sign-in attempts from your address. Please wait ${perAddress.retryAfterSeconds} seconds.`, 429);
  }

  const result = await signinAuthenticator(services).authenticate("form", request);
  if (!result.ok) {
    // the same answer whether the e-mail is unknown, the password wrong, or the account slowed or locked
    if (result.reason === "disabled") return reply(SIGNIN_MESSAGES.disabled, 403);
    return reply(SIGNIN_MESSAGES.refused, 401);
  }
  const redirectTo = `/auth/signed-in?${new URLSearchParams({ redirect: safeRedirect(submission.value.redirect) })}`;
  if (result.secondFactor) return beginSecondStep(services, request, result.user.id, redirectTo);
  return signIn(services, request, result.user.id, { redirectTo });
}

export default function SigninPage() {
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <div className="card">
      <h1 className="mb-6 text-2xl font-bold">Sign in</h1>
      <SigninForm lastResult={lastResult} redirectTo={params.get("redirect") ?? undefined} />
    </div>
  );
}
