import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone, type GuardArgs } from "~/auth/guards.server";
import { readForm } from "~/.server/body";
import { notFound } from "~/.server/http";
import { answer } from "~/.server/replies";
import { readUnsubscribeToken } from "~/.server/unsubscribe-token";
import { FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { isSuppressed, suppress } from "~/models/suppressions.server";
import { parseWithZod, unsubscribeSchema } from "~/lib/schemas/index.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

export const meta = () => titleMeta("Unsubscribe");

/** The link names one address with an HMAC: it works signed out, and a forged one is not found. */
async function requireUnsubscribeToken(args: GuardArgs) {
  const { services } = await allowAnyone(args);
  const address = await readUnsubscribeToken(services.env.SESSION_SECRET, args.params?.token ?? "");
  if (!address) throw notFound();
  return { services, address };
}

export async function loader(args: LoaderFunctionArgs) {
  const { services, address } = await requireUnsubscribeToken(args);
  return { address, unsubscribed: Boolean(await isSuppressed(services.db, { channel: "email", address })) };
}

/** The page's button and RFC 8058's one-click POST send the same body: List-Unsubscribe=One-Click. */
export async function action(args: ActionFunctionArgs) {
  const { services, address } = await requireUnsubscribeToken(args);
  const submission = parseWithZod(await readForm(args.request), { schema: unsubscribeSchema() });
  if (submission.status !== "success") return answer(submission.reply(), 400, { done: false });
  await suppress(services.db, { channel: "email", address, reason: "unsubscribed" });
  return answer(submission.reply(), 200, { done: true });
}

export default function UnsubscribePage() {
  const { address, unsubscribed } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const done = unsubscribed || data?.done;
  return (
    <div className="mx-auto max-w-xl py-8">
      <PageHeader title="Unsubscribe" />
      {done ? (
        <p role="status" data-testid="unsubscribed">
          {address} is unsubscribed: it will get no more marketing e-mail from us, nor saved-search alerts. Messages about your own deals and account still arrive.
        </p>
      ) : (
        <Form method="post" className="card space-y-4">
          <FormErrors errors={data?.result.error?.["List-Unsubscribe"] ?? undefined} />
          <p>
            Stop marketing e-mail, and saved-search alerts, to <strong>{address}</strong>?
          </p>
          <button type="submit" name="List-Unsubscribe" value="One-Click" className="btn-primary">
            Unsubscribe
          </button>
        </Form>
      )}
    </div>
  );
}
