import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { FormErrors } from "~/components/forms";
import { formErrorsOf } from "~/lib/action-result";
import { titleMeta } from "~/lib/meta";
import { refuseUnread } from "~/.server/replies";
import { completeAccountUnlock, findUsableAccountUnlock } from "~/models/account-unlocks.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

export const meta = () => titleMeta("Unlock your account");

export const UNLOCK_LINK_SPENT = "This link has expired or was used already. Reset your password to unlock your account.";

/** Opening the link changes nothing (mail scanners open links); the button does. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await allowAnyone(args);
  const unlock = await findUsableAccountUnlock(services.db, args.params.id ?? "");
  return json({ valid: Boolean(unlock) }, { status: unlock ? 200 : 410 });
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await allowAnyone(args);
  const userId = await completeAccountUnlock(services.db, args.params.id ?? "");
  if (!userId) return refuseUnread(UNLOCK_LINK_SPENT, 410);
  return redirectWithNotification(services, args.request, "/signin", "Your account is unlocked. You can sign in again.");
}

export default function UnlockAccountPage() {
  const { valid } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const errors = formErrorsOf(data?.result) ?? (valid ? [] : [UNLOCK_LINK_SPENT]);
  return (
    <div className="card">
      <h1 className="mb-2 text-2xl font-bold">Unlock your account</h1>
      <p className="mb-4 text-sm text-slate-600">
        After too many failed sign-ins your account stopped accepting its password. Unlock it to sign in again.
      </p>
      <FormErrors errors={errors} />
      {valid && !data ? (
        <Form method="post" className="mt-4">
          <button type="submit" className="btn-primary w-full">
            Unlock my account
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-center text-sm">
          <Link to="/uobs/reset" className="link">Reset your password</Link>
        </p>
      )}
    </div>
  );
}
