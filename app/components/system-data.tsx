import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { resultFor, type ActionResult } from "~/lib/action-result";
import { hrefWith } from "~/lib/href-with";

/**
 * The parts the pricing data pages (/admin/system/interest-rates and coefficients) share: the CSV
 * links and import form, and the add-or-edit panel (a row's buttons are drawn with the rows:
 * system-data-cells.server).
 */

/** Export (this view's rows) and the import form: a CSV with a header of `columns`; a bad line imports nothing. */
export function CsvImport({ result, exportHref, columns, children }: { result: ActionResult | undefined; exportHref: string; columns: readonly string[]; children?: ReactNode }) {
  const field = repliedFields("import", resultFor(result, "import"));
  const [form, file] = [field(), field("file")];
  return (
    <section className="card space-y-3" aria-label="CSV">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">CSV import and export</h2>
        <a href={exportHref} className="btn-secondary" download>
          Export CSV
        </a>
      </div>
      <p className="text-sm text-slate-600">
        A file whose first line names the columns <code>{columns.join(",")}</code>. Rows that exist take the file's value, the others are added; if a
        line is wrong nothing is imported and each line's problem is listed. {children}
      </p>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3" id={form.id} aria-describedby={form.errors ? form.errorId : undefined}>
        <input type="hidden" name="intent" value="import" />
        <div>
          <label htmlFor={file.id} className="label">
            CSV file
          </label>
          <input {...controlProps(file)} type="file" accept=".csv,text/csv" className="input" />
        </div>
        <button type="submit" className="btn-primary">
          Import
        </button>
      </Form>
      <FormErrors errors={form.errors} />
      <FieldErrors field={file} />
    </section>
  );
}

/** The add form, or the edit form of one row (with its id and a way back). */
export function RowPanel({ editing, title, children }: { editing: number | null; title: string; children: ReactNode }) {
  const cancel = hrefWith(useLocation(), { edit: null });
  return (
    <section className="card space-y-3" aria-label={title}>
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{title}</h2>
        {editing !== null ? (
          <Link to={cancel} className="link text-sm">
            Cancel
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/**
 * A field of these pages' forms as the server's last reply leaves it (its errors, the value sent) or
 * as first drawn: the ids, names and aria attributes `useForm` gives (`{form}-{field}`, `…-error`).
 * The forms are checked by the server only, with the same schema as always, and held back by the
 * browser while a field is empty: the pages load neither the form hook nor its zod adapter, which
 * kept them at the JavaScript budget's edge (decision 030). So this file does not import forms.tsx
 * either (it imports the hook): its few lines of markup are drawn here the same way.
 */
export type PlainField = { id: string; name: string; errorId: string; value: string | undefined; errors: string[] | undefined };

export function repliedFields(formId: string, result: ActionResult | undefined, defaults: Record<string, string> = {}) {
  const values = result?.initialValue ?? defaults;
  return (name = ""): PlainField => {
    const id = name ? `${formId}-${name}` : formId;
    const value = values[name];
    const errors = result?.error?.[name];
    return { id, name, errorId: `${id}-error`, value: typeof value === "string" ? value : undefined, errors: errors?.length ? errors : undefined };
  };
}

/** A required control's attributes: the browser holds it back while empty, the server checks the rest. */
export function controlProps(field: PlainField) {
  return {
    id: field.id,
    name: field.name,
    defaultValue: field.value,
    required: true,
    "aria-invalid": field.errors ? true : undefined,
    "aria-describedby": field.errors ? field.errorId : undefined,
  };
}

export function FieldLabel({ field, children, hint }: { field: PlainField; children: ReactNode; hint?: string }) {
  return (
    <label htmlFor={field.id} className="label">
      {children}
      {hint ? <span className="ml-1 font-normal text-slate-500">{hint}</span> : null}
    </label>
  );
}

/** As forms.tsx's FieldErrors. */
export function FieldErrors({ field }: { field: PlainField }) {
  if (!field.errors) return null;
  return (
    <div id={field.errorId} className="field-error" role="alert">
      {field.errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** As forms.tsx's FormErrors. */
export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" data-testid="form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** A required text field with its label and errors. */
export function TextField({ field, label, hint, inputMode }: { field: PlainField; label: string; hint: string; inputMode?: "numeric" | "decimal" }) {
  return (
    <div>
      <FieldLabel field={field} hint={hint}>
        {label}
      </FieldLabel>
      <input className="input" type="text" inputMode={inputMode} {...controlProps(field)} />
      <FieldErrors field={field} />
    </div>
  );
}
