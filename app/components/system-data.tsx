import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { resultFor, type ActionResult } from "~/lib/action-result";
import { hrefWith } from "~/lib/href-with";
import { RATES_IMPORT_MAX_BYTES, refuseLargeFile } from "~/lib/upload-limit";
import { controlProps, FieldErrors, FormErrors, repliedFields, type PlainField } from "./plain-fields";


/**
 * The parts the pricing data pages (/admin/system/interest-rates and coefficients) share: the CSV
 * links and import form, and the add-or-edit panel with its form (a row's buttons are drawn with the rows:
 * system-data-cells.server).
 */

/**
 * The server's refusal, arrived while the page stayed: the focus to the first field to mend, as forms.tsx's
 * forms take it. It stayed on Add (or Import), and a keyboard user went back through the form to find what
 * to mend; it moves only from the form itself or from nowhere, so a member who went elsewhere stays there.
 */
function useFocusRefused(formId: string) {
  const answer = useActionData();
  useEffect(() => {
    const form = document.getElementById(formId);
    const active = document.activeElement;
    if (answer && form && (active === document.body || form.contains(active))) form.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [answer, formId]);
}

/** Export (this view's rows) and the import form: a CSV with a header of `columns`; a bad line imports nothing. */
export function CsvImport({ result, exportHref, columns, children }: { result: ActionResult | undefined; exportHref: string; columns: readonly string[]; children?: ReactNode }) {
  const field = repliedFields("import", resultFor(result, "import"));
  const [form, file] = [field(), field("file")];
  useFocusRefused(form.id);
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
          <input {...controlProps(file)} type="file" accept=".csv,text/csv" className="input" onChange={refuseLargeFile(RATES_IMPORT_MAX_BYTES)} />
        </div>
        <button type="submit" className="btn-primary">
          Import
        </button>
      </Form>
      <FormErrors id={form.errorId} errors={form.errors} />
      <FieldErrors field={file} />
    </section>
  );
}

/**
 * The add form, or the edit form of one row (with its id and a way back): the fields are the
 * page's, the rest (intent, id, the form's errors, Add or Save) is the same on every page.
 */
export function RowPanel({
  editing,
  gone,
  opened,
  title,
  formId,
  form,
  children,
}: {
  editing: number | null;
  /** The row the address's Edit names is deleted (who, when): said over the add form, for want of another answer. */
  gone?: string | null;
  /** When the row the form shows was saved (or, after a refusal, the other admin's save it was refused for). */
  opened?: string;
  title: string;
  formId: string;
  form: PlainField;
  children: ReactNode;
}) {
  const cancel = hrefWith(useLocation(), { edit: null });
  useFocusRefused(formId);
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
      {/* keyed by the row, so that another row's edit link draws the fields afresh with its values */}
      <Form key={formId} method="post" id={formId} aria-describedby={form.errors ? form.errorId : undefined} className="flex flex-wrap items-start gap-4">
        <input type="hidden" name="intent" value={editing !== null ? "update" : "create"} />
        {editing !== null ? <input type="hidden" name="id" value={editing} /> : null}
        {editing !== null && opened ? <input type="hidden" name="opened" value={opened} /> : null}
        <FormErrors id={form.errorId} errors={form.errors ?? (gone ? [gone] : undefined)} />
        {children}
        <button type="submit" className="btn-primary mt-6">
          {editing !== null ? "Save" : "Add"}
        </button>
      </Form>
    </section>
  );
}
