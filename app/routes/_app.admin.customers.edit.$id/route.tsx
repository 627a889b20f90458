import { useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, idParam, notFound } from "~/.server/http";
import { CriteriaForm } from "~/components/criteria-form";
import { CustomerForm } from "~/components/customer-form";
import { invalid } from "~/.server/replies";
import { openedOf, resultFor, type ActionResult } from "~/lib/action-result";
import { criteriaOptions, saveCriteria } from "~/models/buyer-criteria.server";
import { criteriaClash, criteriaFormData, openedCriteria } from "~/routes/_app.preferences/criteria.server";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { backWithin } from "~/lib/table-back.server";
import { CHANGED_MEANWHILE, changedMeanwhileTo, findCustomer, updateCustomer } from "~/models/customer-accounts.server";
import type { Customer } from "~/.server/db/schema";
import { CUSTOMER_TYPE_LABELS } from "~/lib/customers";
import { formatNumber } from "~/lib/format";
import type { Services } from "~/.server/services";
import { customerEditSchema, parseWithZod } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Edit customer");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const customer = await findCustomer(services.db, { customerId: idParam(args.params) });
  if (!customer || customer.anonymisedAt) throw notFound();
  return {
    id: customer.id,
    back: backFromEdit(new URL(args.request.url).search, customer.id),
    values: formValues(customer),
    businessTypes: (await services.content.options("businessDescriptions")).map((o) => o.value),
    criteria: await criteriaFormData(services, customer.id),
  };
}

/** The customer's details as its form shows them (and its hidden `opened` holds them). */
function formValues(customer: Customer) {
  return {
    customerName: customer.name,
    customerType: customer.customerType,
    contactPerson: customer.contactPerson,
    attentionEmail: customer.attentionEmail,
    attentionPhone: customer.attentionPhone,
    website: customer.website,
    type: customer.businessType,
    size: customer.size === null ? "" : String(customer.size),
    headquarters: customer.headquarters,
    smsAllowance: String(customer.smsAllowance),
    comments: customer.comments,
  };
}

/** Two forms: the customer's details, and the criteria it buys by (the same form buyers fill in). */
export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const customerId = idParam(args.params);
  const businessTypes = (await services.content.options("businessDescriptions")).map((o) => o.value);
  const criteria = await criteriaOptions(services.content);
  const schema = customerEditSchema(businessTypes, criteria);
  const submission = parseWithZod(await readForm(args.request), { schema });
  if (submission.status !== "success") return invalid(submission);
  const here = backFromEdit(new URL(args.request.url).search, customerId);
  const address = clientAddress(args.request);
  if (submission.value.intent === "criteria") {
    const { intent: _intent, ...values } = submission.value;
    // a deleted customer's criteria were cleared with its name: a stale page's form does not bring them back
    const customer = await findCustomer(services.db, { customerId });
    if (!customer || customer.anonymisedAt) throw notFound();
    const saved = await saveCriteria(services.db, { customerId, values, opened: openedCriteria(criteria, submission.payload), actor: user, address });
    if (!saved) throw notFound();
    if (typeof saved === "object") return criteriaClash(submission, saved);
    return redirectWithNotification(services, args.request, here, "The criteria are saved.");
  }
  const { intent: _intent, ...values } = submission.value;
  const updated = await updateCustomer(services, { actor: user, customerId, values, address, opened: openedValues(schema, submission.payload) });
  if (!updated) throw notFound();
  if (!updated.ok && updated.message === CHANGED_MEANWHILE && updated.field) return theirChangeShown(services, { customerId, submission, field: updated.field });
  if (!updated.ok) return json({ result: submission.reply({ fieldErrors: { [updated.field]: [updated.message] } }) }, { status: 409 });
  return redirectWithNotification(services, args.request, here, updated.unchanged ? "Nothing changed: the customer is as it was." : "The customer is saved.");
}

/**
 * A save refused for a field another admin changed meanwhile: the page shows the customer as it is now
 * (the other's changes), with what this admin changed kept as they typed it, says on the field what the
 * other saved there, and is now opened on the customer as stored. Saving again is a decision made having
 * seen theirs: it writes this admin's values, and leaves the other's other changes as they are.
 */
async function theirChangeShown(services: Services, { customerId, submission, field }: { customerId: number; submission: { payload: Record<string, unknown>; reply: (o: { fieldErrors: Record<string, string[]> }) => ActionResult }; field: string }) {
  const customer = await findCustomer(services.db, { customerId });
  if (!customer || customer.anonymisedAt) throw notFound();
  const now = formValues(customer);
  let was: Record<string, unknown> = {};
  try {
    was = JSON.parse(String(submission.payload.opened ?? "")) as Record<string, unknown>;
  } catch {
    // unreadable: every field counts as this admin's
  }
  const typed = submission.payload;
  const shown = Object.fromEntries(Object.entries(now).map(([key, value]) => [key, String(typed[key] ?? "") !== String(was[key] ?? "") ? typed[key] : value]));
  // said as the form shows it: the type by its label, the size grouped as typed ("3,000,000", not "3000000")
  const said = field === "customerType" ? CUSTOMER_TYPE_LABELS[customer.customerType] : field === "size" && customer.size !== null ? formatNumber(customer.size) : String(now[field as keyof typeof now] ?? "");
  const result = submission.reply({ fieldErrors: { [field]: [changedMeanwhileTo(said)] } });
  return json({ result: { ...result, initialValue: { ...result.initialValue, ...shown, opened: JSON.stringify(now) } } }, { status: 409 });
}

/**
 * The values the form was opened with (its hidden `opened`), read by the same schema as the typed ones;
 * undefined when missing or unreadable (the save then writes every field, as before).
 */
function openedValues(schema: ReturnType<typeof customerEditSchema>, payload: Record<string, unknown>) {
  try {
    const opened = JSON.parse(String(payload.opened ?? "")) as Record<string, string>;
    const parsed = schema.safeParse({ ...opened, intent: "customer" });
    return parsed.success && parsed.data.intent === "customer" ? (({ intent: _intent, ...values }) => values)(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the edit page goes back to, and a save: the customers table as the admin left it, when opened from
 * there (its `?back=`), or the customer's page (as it was, which names the table in its own `?back=`).
 */
function backFromEdit(search: string, id: number) {
  const page = `/admin/customers/${id}`;
  return backWithin(search, [page, "/admin/customers"], page);
}

export default function EditCustomerPage() {
  const { id, back, values, businessTypes, criteria } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  // refused, the page stays opened on what it was sent with (or what the refusal showed in its place)
  const opened = openedOf(resultFor(result, "customer")) ?? JSON.stringify(values);
  const criteriaOpened = openedOf(resultFor(result, "criteria")) ?? criteria?.opened;
  return (
    <>
      <PageHeader title={`Edit ${values.customerName}`} back={{ to: back, label: back.startsWith(`/admin/customers/${id}`) ? "Back to the customer" : "Back to customers" }} />
      <CustomerForm key={opened} id="customer" intent="customer" lastResult={resultFor(result, "customer")} defaultValue={values} opened={opened} businessTypes={businessTypes} submitLabel="Save" />
      {criteria ? (
        <section aria-label="Criteria" className="mt-6 max-w-3xl space-y-2">
          <h2 className="text-lg font-semibold">Criteria</h2>
          <CriteriaForm
            key={criteriaOpened}
            id="criteria"
            intent="criteria"
            options={criteria.options}
            defaultValue={criteria.defaultValue}
            opened={criteriaOpened}
            choices={criteria.choices}
            lastResult={resultFor(result, "criteria")}
          />
        </section>
      ) : null}
    </>
  );
}
