import { useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { notFound } from "~/.server/http";
import { CriteriaForm } from "~/components/criteria-form";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { criteriaFormData, submitCriteria } from "./criteria.server";
import { NoCompany } from "./no-company";

export const meta = () => titleMeta("Preferences");

/** Buyers and brokers: what their company looks for, which drives the projects recommended to them. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: ["buyer", "broker"] });
  return json({ form: await criteriaFormData(services, user.customerId) });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: ["buyer", "broker"] });
  if (user.customerId === null) throw notFound();
  const { submission, saved, valid } = await submitCriteria(services, args.request, await readForm(args.request), { customerId: user.customerId, actor: user });
  if (!valid) return json({ result: submission.reply() }, { status: 400 });
  if (!saved) throw notFound();
  return redirectWithNotification(services, args.request, "/preferences", "Your criteria are saved.");
}

export default function PreferencesPage() {
  const { form } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader title="Preferences" />
      {form ? (
        <>
          <p className="text-sm text-slate-600">What your company looks for. We recommend projects, and rank search results, by these criteria.</p>
          <CriteriaForm id="criteria" options={form.options} defaultValue={form.defaultValue} lastResult={result} />
        </>
      ) : (
        <NoCompany />
      )}
    </div>
  );
}
