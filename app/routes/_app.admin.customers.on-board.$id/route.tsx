import { getFormProps, getSelectProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, idParam, notFound } from "~/.server/http";
import { FieldErrors, FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { ONBOARDING_LABELS, ONBOARDING_STATUSES } from "~/lib/customers";
import { DOCUMENT_CONTENT_TYPES } from "~/lib/deal";
import { DOCUMENT_MAX_BYTES, refuseLargeFile } from "~/lib/upload-limit";
import { formatDateTime } from "~/components/data-table";
import { titleMeta } from "~/lib/meta";
import { onboardingSchema } from "~/lib/schemas/index.server";
import {
  findCustomer,
  onboardingChecklist,
  setOnboardingStatus,
  updateOnboarding,
} from "~/models/customer-accounts.server";
import { checkUpload, documentName } from "~/models/data-room.server";
import { parseWithZod } from "~/lib/schemas/index.server";
import { backWithin, withBack } from "~/lib/table-back.server";

export const meta = () => titleMeta("On-boarding");

const EVIDENCE_TYPES = ["pdf", "docx"] as const;

const ONBOARDING_STEPS: Array<{ key: keyof Awaited<ReturnType<typeof onboardingChecklist>>; label: string }> = [
  { key: "investorType", label: "Investor type" },
  { key: "evidence", label: "Accreditation or QIB evidence" },
  { key: "terms", label: "Terms accepted" },
  { key: "preferences", label: "Preferences captured" },
  { key: "members", label: "Members invited" },
];

async function investorTypesOf(services: { content: { options(list: string): Promise<Array<{ value: string }>> } }) {
  return (await services.content.options("investorTypes")).map((o) => o.value);
}

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const customer = await findCustomer(services.db, { customerId: idParam(args.params) });
  if (!customer || customer.anonymisedAt) throw notFound();
  // the customer's page as the admin left it (its own way back to the customers table in it), for this page's
  // way back and for the member form it opens
  const page = `/admin/customers/${customer.id}`;
  const back = backWithin(new URL(args.request.url).search, [page], page);
  return {
    ways: { back, addMember: withBack(`/admin/customer/buyer/add?customerId=${customer.id}`, back, page) },
    customer: {
      id: customer.id,
      name: customer.name,
      investorType: customer.investorType,
      evidenceName: customer.evidenceName,
      termsAcceptedAt: customer.termsAcceptedAt,
      onboardingStatus: customer.onboardingStatus,
    },
    checklist: await onboardingChecklist(services.db, customer),
    investorTypes: await investorTypesOf(services),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const customerId = idParam(args.params);
  const form = await readForm(args.request, "upload");
  const submission = parseWithZod(form, { schema: onboardingSchema(await investorTypesOf(services)) });
  if (submission.status !== "success") return json({ intent: String(form.get("intent")), result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const change = { actor: user, customerId, address: clientAddress(args.request) };
  // the page as it was: its way back to the customer's page stays
  const here = `/admin/customers/on-board/${customerId}${new URL(args.request.url).search}`;
  if (value.intent === "status") {
    const done = await setOnboardingStatus(services, { ...change, status: value.status });
    if (!done) throw notFound();
    if (!done.ok) return json({ intent: value.intent, result: submission.reply({ formErrors: [done.message] }) }, { status: 409 });
    return redirectWithNotification(services, args.request, here, `On-boarding status: ${ONBOARDING_LABELS[value.status]}.`);
  }
  let step: Parameters<typeof updateOnboarding>[1]["change"];
  if (value.intent === "investor-type") step = { investorType: value.investorType };
  else if (value.intent === "terms") step = { termsAccepted: true };
  else {
    const file = form.get("file");
    const check = await checkUpload(file, EVIDENCE_TYPES, { pdfAsIs: true });
    if (!check.ok) return json({ intent: value.intent, result: submission.reply({ fieldErrors: { file: [check.message] } }) }, { status: 400 });
    step = { evidence: { name: documentName((file as File).name, check.type), bytes: check.bytes, contentType: DOCUMENT_CONTENT_TYPES[check.type] } };
  }
  const done = await updateOnboarding(services, { ...change, change: step });
  if (!done) throw notFound();
  return redirectWithNotification(services, args.request, here, done === "unchanged" ? "The checklist had this already: nothing changed." : "The checklist is updated.");
}

export default function OnboardingPage() {
  const { customer, ways, checklist, investorTypes } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const formFor = (intent: string, defaultValue?: Record<string, string>) => ({
    id: `onboarding-${intent}`,
    lastResult: data?.intent === intent ? data.result : undefined,
    defaultValue,
    schema: () => import("~/lib/schemas/customer").then((m) => m.onboardingSchema(investorTypes)),
    shouldValidate: "onSubmit" as const,
  });
  const [typeForm, typeFields] = useForm(formFor("investor-type", { investorType: customer.investorType }));
  const [evidenceForm] = useForm(formFor("evidence"));
  const [termsForm, termsFields] = useForm(formFor("terms"));
  const [statusForm, statusFields] = useForm(formFor("status", { status: customer.onboardingStatus }));
  const investorType = typeFields.investorType!;
  const accepted = termsFields.accepted!;
  const status = statusFields.status!;
  const fileErrors = data?.intent === "evidence" ? (data.result.error?.file ?? undefined) : undefined;
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title={`On-boarding: ${customer.name}`} back={{ to: ways.back, label: "Back to the customer" }} />
      <p className="text-sm">
        Status: <strong data-testid="onboarding-status">{ONBOARDING_LABELS[customer.onboardingStatus]}</strong>
      </p>
      <ul className="card space-y-1 text-sm" aria-label="Checklist">
        {ONBOARDING_STEPS.map((s) => (
          <li key={s.key} data-testid={`step-${s.key}`}>
            {checklist[s.key] ? "✓" : "○"} {s.label}: {checklist[s.key] ? "done" : "missing"}
          </li>
        ))}
      </ul>

      <section className="card space-y-3">
        <h2 className="font-semibold">Investor type</h2>
        <Form method="post" className="flex flex-wrap items-end gap-2" {...getFormProps(typeForm)}>
          <input type="hidden" name="intent" value="investor-type" />
          <div>
            <label htmlFor={investorType.id} className="label">
              Investor type
            </label>
            <select className="input" {...getSelectProps(investorType)}>
              <option value="">Choose…</option>
              {investorTypes.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
            <FieldErrors id={investorType.errorId} errors={investorType.errors} />
          </div>
          <button type="submit" className="btn-secondary">
            Save investor type
          </button>
        </Form>
      </section>

      <section className="card space-y-3">
        <h2 className="font-semibold">Accreditation or QIB evidence</h2>
        <p className="text-sm">
          {customer.evidenceName ? (
            <>
              On file:{" "}
              <a href={`/admin/customers/evidence/${customer.id}`} className="link" download>
                {customer.evidenceName}
              </a>
            </>
          ) : (
            "No document yet."
          )}
        </p>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2" {...getFormProps(evidenceForm)}>
          <input type="hidden" name="intent" value="evidence" />
          <div>
            <label htmlFor="evidence-file" className="label">
              Document (PDF or Word)
            </label>
            <input id="evidence-file" type="file" name="file" accept=".pdf,.docx" className="text-sm" onChange={refuseLargeFile(DOCUMENT_MAX_BYTES)} />
            <FieldErrors id="evidence-file-error" errors={fileErrors} />
          </div>
          <button type="submit" className="btn-secondary">
            Upload evidence
          </button>
        </Form>
      </section>

      <section className="card space-y-3">
        <h2 className="font-semibold">Terms</h2>
        {customer.termsAcceptedAt ? (
          <p className="text-sm">Accepted {formatDateTime(customer.termsAcceptedAt)}.</p>
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-2" {...getFormProps(termsForm)}>
            <input type="hidden" name="intent" value="terms" />
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" name={accepted.name} id={accepted.id} />
              The customer accepted the marketplace&apos;s terms
            </label>
            <FieldErrors id={accepted.errorId} errors={accepted.errors} />
            <button type="submit" className="btn-secondary">
              Record acceptance
            </button>
          </Form>
        )}
      </section>

      <section className="card space-y-2 text-sm">
        <h2 className="font-semibold">Preferences and members</h2>
        <p>Preferences: {checklist.preferences ? "captured" : "not captured yet"}.</p>
        <p>
          Members: {checklist.members ? "invited" : "none yet"}.{" "}
          <Link to={ways.addMember} className="link">
            Add a member
          </Link>
        </p>
      </section>

      <section className="card space-y-3">
        <h2 className="font-semibold">Status</h2>
        <Form method="post" className="flex flex-wrap items-end gap-2" {...getFormProps(statusForm)}>
          <FormErrors id={statusForm.errorId} errors={statusForm.errors} />
          <input type="hidden" name="intent" value="status" />
          <div>
            <label htmlFor={status.id} className="label">
              On-boarding status
            </label>
            <select className="input" {...getSelectProps(status)}>
              {ONBOARDING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ONBOARDING_LABELS[s]}
                </option>
              ))}
            </select>
            <FieldErrors id={status.errorId} errors={status.errors} />
          </div>
          <button type="submit" className="btn-primary">
            Set status
          </button>
        </Form>
      </section>
    </div>
  );
}
