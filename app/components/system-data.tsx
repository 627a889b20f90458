import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { resultFor, type ActionResult } from "~/lib/action-result";
import { FieldErrors, FormErrors } from "./forms";
import { hrefWith } from "~/lib/href-with";

/**
 * The parts the system-data pages (/admin/system/…) share: the CSV links and
 * import form, a row's edit and delete buttons, and the add-or-edit panel.
 */

/** Export (this view's rows) and the import form: a CSV with a header of `columns`; a bad line imports nothing. */
export function CsvImport({ result, exportHref, columns, children }: { result: ActionResult | undefined; exportHref: string; columns: readonly string[]; children?: ReactNode }) {
  const [form, fields] = useForm<{ intent: string; file: File }>({ id: "import", lastResult: resultFor(result, "import") });
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
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="import" />
        <div>
          <label htmlFor={fields.file.id} className="label">
            CSV file
          </label>
          <input {...getInputProps(fields.file, { type: "file", ariaAttributes: true })} accept=".csv,text/csv" className="input" required />
        </div>
        <button type="submit" className="btn-primary">
          Import
        </button>
      </Form>
      <FormErrors errors={form.errors} />
      <FieldErrors id={fields.file.errorId} errors={fields.file.errors} />
    </section>
  );
}

/** Edit (the page again with ?edit=id, which opens the form on that row) and delete. */
export function RowActions({ id, label }: { id: number; label: string }) {
  return (
    <Form method="post" className="flex gap-2 whitespace-nowrap">
      <Link to={hrefWith(useLocation(), { edit: id })} className="btn-secondary px-2 py-1" aria-label={`Edit ${label}`}>
        Edit
      </Link>
      <input type="hidden" name="id" value={id} />
      <button name="intent" value="delete" className="btn-secondary px-2 py-1" aria-label={`Delete ${label}`}>
        Delete
      </button>
    </Form>
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
