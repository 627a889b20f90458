import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useSearchParams } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAnonymous, signIn, signinAuthenticator } from "~/.server/auth";
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

const STATUS = { invalid: 401, disabled: 403, locked: 403, slowed: 429 } as const;

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
  if (!perAddress.allowed) return reply(SIGNIN_MESSAGES.slowed(perAddress.retryAfterSeconds), 429);

  const result = await signinAuthenticator(services).authenticate("form", request);
  if (!result.ok) {
    const message =
      result.reason === "slowed" ? SIGNIN_MESSAGES.slowed(result.retryAfterSeconds) : SIGNIN_MESSAGES[result.reason];
    return reply(message, STATUS[result.reason]);
  }
  const wanted = safeRedirect(submission.value.redirect);
  return signIn(services, request, result.user.id, {
    redirectTo: `/auth/signed-in?${new URLSearchParams({ redirect: wanted })}`,
  });
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
