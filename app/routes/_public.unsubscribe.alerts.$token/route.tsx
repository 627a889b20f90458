import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAlertsToken } from "~/auth/alerts-token.server";
import { readForm } from "~/.server/body";
import { answer } from "~/.server/replies";
import { FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { alertsOf, stopAlerts } from "~/models/saved-searches.server";
import { parseWithZod, unsubscribeSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Stop saved-search alerts");
/** A link made for one person: no page for search engines. */
export const handle = { noindex: true };

/** A digest's stop link: one search's alerts, or all of a member's; nothing else they receive changes. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, claim } = await requireAlertsToken(args);
  const alerts = await alertsOf(services.db, claim);
  return { one: "searchId" in claim, names: alerts?.names ?? [], on: alerts?.on ?? false };
}

/** The page's button and RFC 8058's one-click POST send the same body: List-Unsubscribe=One-Click. */
export async function action(args: ActionFunctionArgs) {
  const { services, claim } = await requireAlertsToken(args);
  const submission = parseWithZod(await readForm(args.request), { schema: unsubscribeSchema() });
  if (submission.status !== "success") return answer(submission.reply(), 400, { done: false });
  await stopAlerts(services.db, claim);
  return answer(submission.reply(), 200, { done: true });
}

export default function StopAlertsPage() {
  const { one, names, on } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  // a link to one search names that search alone, even once it is deleted (the member's others still send)
  const what = one ? (names[0] ? `the saved search “${names[0]}”` : "this saved search") : "all your saved searches";
  return (
    <div className="mx-auto max-w-xl py-8">
      <PageHeader title="Stop saved-search alerts" />
      {!on || data?.done ? (
        <p role="status" data-testid="alerts-stopped">
          E-mail alerts for {what} are off. Your saved searches stay on your <Link to="/preferences" className="link">preferences</Link>, where
          you can turn alerts back on.
        </p>
      ) : (
        <Form method="post" className="card space-y-4">
          <FormErrors errors={data?.result.error?.["List-Unsubscribe"] ?? undefined} />
          <p>Stop the daily e-mail for {what}?</p>
          <button type="submit" name="List-Unsubscribe" value="One-Click" className="btn-primary">
            Stop alerts
          </button>
        </Form>
      )}
    </div>
  );
}
