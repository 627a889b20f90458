import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { invalid, refuse } from "~/.server/replies";
import { FormErrors, SelectField, TextField } from "~/components/forms";
import { ListReach } from "~/components/list-reach";
import { PageHeader } from "~/components/page-header";
import { LIST_CHANNEL_LABELS, LIST_CHANNELS, type ListDefinition } from "~/lib/marketing";
import { titleMeta } from "~/lib/meta";
import { saveListSchema } from "~/lib/schemas/index.server";
import { createRecipientList, leftOutOf, reachOf, savableDefinition } from "~/models/recipient-lists.server";
import { parseWithZod } from "~/lib/schemas/index.server";
import { recordId } from "~/lib/query-params";
import { randomToken } from "~/.server/crypto";

export const meta = () => titleMeta("Save a recipient list");

/** What the URL asks to save: the rows picked on /admin/customers, its filters, or a project's matched buyers. */
function definitionFrom(params: URLSearchParams): ListDefinition | null {
  const kind = params.get("kind");
  if (kind === "selection") {
    const ids = [...new Set(params.getAll("customerId").map(Number).filter((n) => Number.isInteger(n) && n > 0))].slice(0, 5000);
    return ids.length ? { customerIds: ids } : null;
  }
  if (kind === "filters") return { query: (params.get("query") ?? "").slice(0, 4000) };
  const projectId = recordId(params.get("projectId"));
  if (kind === "project" && projectId) return { projectId };
  return null;
}

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const params = new URL(args.request.url).searchParams;
  const definition = definitionFrom(params);
  // the form's one-time key (decision 083): sent twice (a resend, a second tab), it saves one list
  const [reach, leftOut] = definition ? await Promise.all([reachOf(services.db, { definition }), leftOutOf(services.db, { definition })]) : [null, 0];
  return { kind: params.get("kind") ?? "", definition, reach, leftOut, submissionKey: randomToken(16) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: saveListSchema() });
  if (submission.status !== "success") return invalid(submission);
  const v = submission.value;
  const asked: ListDefinition = v.kind === "selection" ? { customerIds: v.customerId } : v.kind === "filters" ? { query: v.query } : { projectId: v.projectId };
  const definition = await savableDefinition(services.db, asked);
  if (!definition) return refuse(submission, v.kind === "selection" ? "None of the selected customers exists any more." : "The project is not published.", 409);
  const listId = await createRecipientList(services.db, { name: v.name, channel: v.channel, kind: v.kind, definition, actor: user, address: clientAddress(args.request), submissionKey: v.key || null });
  return redirectWithNotification(services, args.request, `/admin/marketing/lists/${listId}`, `The list "${v.name}" is saved.`);
}

const KIND_TITLES: Record<string, string> = {
  selection: "the selected customers",
  filters: "the customers these filters match (resolved again when sending)",
  project: "the buyers matched to the project (resolved again when sending)",
};

export default function NewListPage() {
  const { kind, definition, reach, leftOut, submissionKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "save-list",
    lastResult: data?.result,
    defaultValue: { channel: "email" },
    schema: () => import("~/lib/schemas/marketing").then((m) => m.saveListSchema()),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (!definition || !reach) {
    return (
      <>
        <PageHeader title="Save a recipient list" />
        <p role="alert" className="mb-4">
          {kind === "selection" ? "Select at least one customer." : "Nothing to save: start from the customers table or a project."}
        </p>
        <Link to="/admin/customers" className="link">
          Back to customers
        </Link>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Save a recipient list" back={{ to: "/admin/marketing/lists", label: "All lists" }} />
      <p className="mb-4 text-sm text-slate-600">A list of {KIND_TITLES[kind]}.</p>
      <ListReach size={reach.size} leftOut={leftOut} reach={reach} />
      <Form method="post" className="card mt-4 max-w-xl space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="key" value={submissionKey} />
        {"customerIds" in definition ? definition.customerIds.map((id) => <input key={id} type="hidden" name="customerId" value={id} />) : null}
        {"query" in definition ? <input type="hidden" name="query" value={definition.query} /> : null}
        {"projectId" in definition ? <input type="hidden" name="projectId" value={definition.projectId} /> : null}
        <TextField meta={fields.name} label="List name" maxLength={120} />
        <SelectField meta={fields.channel} label="For" options={LIST_CHANNELS.map((c) => ({ value: c, label: LIST_CHANNEL_LABELS[c] }))} />
        <button type="submit" className="btn-primary">
          Save list
        </button>
      </Form>
    </>
  );
}
