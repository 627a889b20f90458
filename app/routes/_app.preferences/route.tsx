import { useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, notFound } from "~/.server/http";
import { invalid } from "~/.server/replies";
import { CriteriaForm } from "~/components/criteria-form";
import { PageHeader } from "~/components/page-header";
import { openedOf, resultFor } from "~/lib/action-result";
import { titleMeta } from "~/lib/meta";
import { criteriaOptions, saveCriteria } from "~/models/buyer-criteria.server";
import { criteriaClash, criteriaFormData, openedCriteria } from "./criteria.server";
import { NoCompany } from "./no-company";
import { SavedSearches } from "./saved-searches";
import { changeSavedSearch, digestsStopped, resubscribeMember, savedSearchRows } from "./saved-searches.server";
import { MailStopped } from "./mail-stopped";
import { parseWithZod, preferencesPageSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Preferences");

/** Buyers and brokers: what their company looks for (which drives the projects recommended to them), and their saved searches. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: ["buyer", "broker"] });
  const [form, searches, mailStopped] = await Promise.all([criteriaFormData(services, user.customerId), savedSearchRows(services, user), digestsStopped(services, user)]);
  return { form, searches, mailStopped };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: ["buyer", "broker"] });
  const options = await criteriaOptions(services.content);
  const submission = parseWithZod(await readForm(args.request), { schema: preferencesPageSchema(options) });
  if (submission.status !== "success") return invalid(submission);
  const step = submission.value;
  if (step.intent === "resubscribe") return resubscribeMember(services, args.request, { user, submission });
  if (step.intent !== "criteria") return changeSavedSearch(services, args.request, { user, step });
  if (user.customerId === null) throw notFound();
  const { intent: _, ...values } = step;
  const opened = openedCriteria(options, submission.payload);
  const saved = await saveCriteria(services.db, { customerId: user.customerId, values, opened, actor: user, address: clientAddress(args.request) });
  if (!saved) throw notFound();
  if (typeof saved === "object") return criteriaClash(submission, saved);
  return redirectWithNotification(services, args.request, "/preferences", "Your criteria are saved.");
}

export default function PreferencesPage() {
  const { form, searches, mailStopped } = useLoaderData<typeof loader>();
  const result = resultFor(useActionData<typeof action>()?.result, "criteria");
  // refused, the form stays opened on what it was sent with (or, after a clash, on the criteria as they are now)
  const opened = openedOf(result) ?? form?.opened;
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader title="Preferences" />
      {form ? (
        <>
          <p className="text-sm text-slate-600">What your company looks for. We recommend projects, and rank search results, by these criteria.</p>
          <CriteriaForm key={opened} id="criteria" intent="criteria" options={form.options} defaultValue={form.defaultValue} opened={opened} choices={form.choices} lastResult={result} />
        </>
      ) : (
        <NoCompany />
      )}
      {mailStopped ? <MailStopped stopped={mailStopped} /> : null}
      <SavedSearches rows={searches} mailStopped={mailStopped} />
    </div>
  );
}
