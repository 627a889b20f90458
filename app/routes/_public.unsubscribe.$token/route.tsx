import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone, type GuardArgs } from "~/auth/guards.server";
import { readForm } from "~/.server/body";
import { clientAddress, notFound } from "~/.server/http";
import { answer } from "~/.server/replies";
import { readUnsubscribeToken } from "~/.server/unsubscribe-token";
import { FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { isSuppressed, subscribeAgain, suppress } from "~/models/suppressions.server";
import { parseWithZod, resubscribeSchema, unsubscribeSchema } from "~/lib/schemas/index.server";

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

/** Why mail to an address stopped that its owner may not undo here (decision 142): they contact us. */
const KEPT_BECAUSE: Record<string, string> = {
  bounced: "mail to it bounced",
  complained: "our e-mail to it was marked as spam",
  stop: "it was stopped",
};

export async function loader(args: LoaderFunctionArgs) {
  const { services, address } = await requireUnsubscribeToken(args);
  const row = await isSuppressed(services.db, { channel: "email", address });
  // `kept`: a stop the address's owner may not lift (a bounce, a spam complaint); null when unsubscribed or subscribed
  return { address, unsubscribed: Boolean(row), kept: row && row.reason !== "unsubscribed" ? (KEPT_BECAUSE[row.reason] ?? KEPT_BECAUSE.stop!) : null };
}

/**
 * The page's button and RFC 8058's one-click POST send the same body: List-Unsubscribe=One-Click.
 * "Subscribe again" (intent=resubscribe) lifts the address's own unsubscribe, the same signed link
 * proving the address as it did for unsubscribing (decision 142); a bounce or a complaint stays (409).
 */
export async function action(args: ActionFunctionArgs) {
  const { services, address } = await requireUnsubscribeToken(args);
  const form = await readForm(args.request);
  if (form.get("intent") === "resubscribe") {
    const submission = parseWithZod(form, { schema: resubscribeSchema() });
    if (submission.status !== "success") return answer(submission.reply(), 400, { done: false, resubscribed: false });
    const outcome = await subscribeAgain(services.db, { address, actor: null, via: "link", clientAddress: clientAddress(args.request) });
    if (!outcome.ok) {
      const message = `${address} cannot be subscribed again here: ${KEPT_BECAUSE[outcome.reason] ?? KEPT_BECAUSE.stop}. To get our e-mail there again, contact us.`;
      return answer(submission.reply({ formErrors: [message] }), 409, { done: false, resubscribed: false });
    }
    return answer(submission.reply(), 200, { done: false, resubscribed: true });
  }
  const submission = parseWithZod(form, { schema: unsubscribeSchema() });
  if (submission.status !== "success") return answer(submission.reply(), 400, { done: false, resubscribed: false });
  await suppress(services.db, { channel: "email", address, reason: "unsubscribed" });
  return answer(submission.reply(), 200, { done: true, resubscribed: false });
}

export default function UnsubscribePage() {
  const { address, unsubscribed, kept } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  // after "Subscribe again" the loader reads the address as subscribed: the unsubscribe form is back, with a word above it
  const done = unsubscribed && !data?.resubscribed;
  return (
    <div className="mx-auto max-w-xl py-8">
      <PageHeader title="Unsubscribe" />
      {done ? (
        <div className="space-y-4">
          <p role="status" data-testid="unsubscribed">
            {address} is unsubscribed: it will get no more marketing e-mail from us, nor saved-search alerts. Messages about your own deals and account still arrive.
          </p>
          {kept ? (
            <p data-testid="resubscribe-kept">
              It cannot be subscribed again here: {kept}. To get our e-mail there again, <a className="link" href="/contact-us">contact us</a>.
            </p>
          ) : (
            <Form method="post" className="card space-y-4">
              <FormErrors errors={data?.result.error?.[""] ?? data?.result.error?.intent ?? undefined} />
              <p>Changed your mind? Get our marketing e-mail, and the alerts of your saved searches, at <strong>{address}</strong> again.</p>
              <button type="submit" name="intent" value="resubscribe" className="btn-secondary">
                Subscribe again
              </button>
            </Form>
          )}
        </div>
      ) : (
        <>
          {data?.resubscribed ? (
            <p role="status" className="mb-4" data-testid="resubscribed">
              {address} is subscribed again: it gets our marketing e-mail, and your saved searches&apos; alerts, once more.
            </p>
          ) : null}
          <Form method="post" className="card space-y-4">
            <FormErrors errors={data?.result.error?.["List-Unsubscribe"] ?? undefined} />
            <p>
              Stop marketing e-mail, and saved-search alerts, to <strong>{address}</strong>?
            </p>
            <button type="submit" name="List-Unsubscribe" value="One-Click" className="btn-primary">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
