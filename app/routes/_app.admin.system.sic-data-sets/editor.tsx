import { getFormProps, useForm } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { EditorButtons } from "~/components/system-data-rows";
import { FormErrors, SelectField, TextField } from "~/components/forms";
import { openedOf, resultFor, type ActionResult } from "~/lib/action-result";
import { SIC_DIVISIONS, SIC_DIVISION_KEYS } from "~/lib/system-data";

type Row = { code: string; title: string; division: string; opened: string };

const DIVISION_OPTIONS = SIC_DIVISION_KEYS.map((d) => ({ value: d, label: `${d} — ${SIC_DIVISIONS[d]}` }));

/** Add a code, or change the one opened with Edit (`?edit=code`), the code itself included. */
export function SicCodeEditor({ editing, gone, result }: { editing: Row | null; gone?: string | null; result?: ActionResult | null }) {
  const intent = editing ? "update" : "create";
  const lastResult = resultFor(result, intent);
  // the save the form shows (or, after a refusal, the other admin's it was refused for)
  const opened = openedOf(lastResult) ?? editing?.opened;
  const [form, fields] = useForm({
    id: `sic-${editing?.code ?? "new"}`,
    lastResult,
    defaultValue: editing ? { code: editing.code, title: editing.title, division: editing.division } : undefined,
    schema: () => import("~/lib/schemas/system-data").then((m) => m.sicIntentSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section id="editor" className="card space-y-3" aria-labelledby="editor-title">
      <h2 id="editor-title" className="text-lg font-semibold">
        {editing ? `Edit SIC ${editing.code}` : "Add a code"}
      </h2>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        {editing ? <input type="hidden" name="original" value={editing.code} /> : null}
        {editing ? <input type="hidden" name="opened" value={opened} /> : null}
        {/* the row the address's Edit names is deleted (who, when), said over the add form */}
        <FormErrors id={form.errorId} errors={form.errors ?? (gone ? [gone] : undefined)} />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <TextField meta={fields.code} label="Code" inputMode="numeric" maxLength={4} />
          <TextField meta={fields.title} label="Title" />
        </div>
        <SelectField meta={fields.division} label="Division" options={DIVISION_OPTIONS} placeholder="Choose…" />
        <EditorButtons editing={Boolean(editing)} />
      </Form>
    </section>
  );
}
