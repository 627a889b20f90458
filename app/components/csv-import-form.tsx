import { Form } from "@remix-run/react";
import { formErrorsOf, resultFor, type ActionResult } from "~/lib/action-result";
import { ProblemList } from "~/components/problem-list";
import { SYSTEM_DATA_MAX_BYTES, refuseLargeFile } from "~/lib/upload-limit";

/**
 * Import and export of a system-data table: the export link (the table's CSV, which
 * is also the import's template) and an upload form posting `intent=import` with a
 * `file`. A refused file shows how many problems there were and each one by line.
 */
export function CsvImportForm({
  noun,
  columns,
  exportHref,
  result,
}: {
  /** What the rows are, plural ("property assumptions"). */
  noun: string;
  columns: readonly string[];
  exportHref: string;
  result?: ActionResult | null;
}) {
  const answer = resultFor(result, "import");
  const summary = formErrorsOf(answer)?.[0];
  const problems = answer?.error?.file ?? [];
  return (
    <section className="card space-y-3" aria-labelledby="csv-import-title">
      <h2 id="csv-import-title" className="text-lg font-semibold">
        Import and export
      </h2>
      <p className="text-sm text-slate-600">
        <a href={exportHref} className="link" download>
          Export as CSV
        </a>{" "}
        — the export is also the import&apos;s template. A file needs the columns <code>{columns.join(", ")}</code>; a row with the same key
        replaces the one in the table, and nothing is imported until every line is valid.
      </p>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="label">CSV file of {noun}</span>
          <input
            type="file"
            name="file"
            accept=".csv,text/csv"
            className="input"
            onChange={refuseLargeFile(SYSTEM_DATA_MAX_BYTES)}
            aria-invalid={problems.length > 0 || undefined}
            aria-describedby={problems.length ? "csv-import-errors" : undefined}
          />
        </label>
        <button type="submit" name="intent" value="import" className="btn-secondary">
          Import
        </button>
      </Form>
      <ProblemList id="csv-import-errors" testId="import-errors" summary={summary} problems={problems} />
    </section>
  );
}
