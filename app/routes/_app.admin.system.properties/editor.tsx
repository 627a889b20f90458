import { getFormProps, useForm } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { EditorButtons } from "~/components/system-data-rows";
import { FormErrors, SelectField, TextField } from "~/components/forms";
import { openedOf, resultFor, type ActionResult } from "~/lib/action-result";
import { type PropertyOptions } from "~/lib/schemas/system-data";

type Row = { id: number; propertyType: string; region: string; capRate: number; vacancy: number; expenseRatio: number; opened: string };

const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Add a row, or change the one opened with Edit (`?edit=id`). */
export function PropertyAssumptionEditor({ editing, gone, options, result }: { editing: Row | null; gone?: string | null; options: PropertyOptions; result?: ActionResult | null }) {
  const intent = editing ? "update" : "create";
  const lastResult = resultFor(result, intent);
  // the save the form shows (or, after a refusal, the other admin's it was refused for)
  const opened = openedOf(lastResult) ?? editing?.opened;
  const [form, fields] = useForm({
    id: `property-${editing?.id ?? "new"}`,
    lastResult,
    defaultValue: editing
      ? { propertyType: editing.propertyType, region: editing.region, capRate: String(editing.capRate), vacancy: String(editing.vacancy), expenseRatio: String(editing.expenseRatio) }
      : undefined,
    schema: () => import("~/lib/schemas/system-data").then((m) => m.propertyIntentSchema(options)),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section id="editor" className="card space-y-3" aria-labelledby="editor-title">
      <h2 id="editor-title" className="text-lg font-semibold">
        {editing ? `Edit ${editing.propertyType} in ${editing.region}` : "Add a row"}
      </h2>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {editing ? <input type="hidden" name="opened" value={opened} /> : null}
        {/* the row the address's Edit names is deleted (who, when), said over the add form */}
        <FormErrors id={form.errorId} errors={form.errors ?? (gone ? [gone] : undefined)} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField meta={fields.propertyType} label="Property type" options={optionsOf(options.propertyTypes)} placeholder="Choose…" />
          <SelectField meta={fields.region} label="Region" options={optionsOf(options.regions)} placeholder="Choose…" />
          <TextField meta={fields.capRate} label="Cap rate (%)" inputMode="decimal" />
          <TextField meta={fields.vacancy} label="Vacancy (%)" inputMode="decimal" />
          <TextField meta={fields.expenseRatio} label="Expense ratio (% of income)" inputMode="decimal" />
        </div>
        <EditorButtons editing={Boolean(editing)} />
      </Form>
    </section>
  );
}
