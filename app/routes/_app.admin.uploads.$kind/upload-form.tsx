import { Form } from "@remix-run/react";
import { formErrorsOf, resultFor, type ActionResult } from "~/lib/action-result";
import { ProblemList } from "~/components/problem-list";
import { UPLOAD_MAX_BYTES, refuseLargeFile } from "~/lib/upload-limit";

type Seller = { id: number; name: string; company: string; email: string };
/** The sellers listed (those matching `find`, the first of them) and how many match. */
type SellerChoices = { rows: Seller[]; total: number; find: string };

/**
 * One form, two buttons: "Check" is the dry run (nothing written), "Import" checks
 * again and imports the whole file or nothing.
 */
export function UploadForm({
  path,
  noun,
  columns,
  sellers,
  result,
  checked,
  askAgain,
  submissionKey,
}: {
  path: string;
  noun: string;
  columns: readonly string[];
  sellers: SellerChoices;
  result?: ActionResult | null;
  checked?: { rows: number; file: string; before?: string | null } | null;
  /** The import was refused for a file imported before: the form asks whether to import it again. */
  askAgain?: boolean;
  /** One per page: the same form posted twice imports once. */
  submissionKey: string;
}) {
  const answer = resultFor(result, ["check", "import"]);
  const summary = formErrorsOf(answer)?.[0];
  const problems = answer?.error?.file ?? [];
  const sellerError = answer?.error?.seller?.[0];
  // a target no radio sends (a forged or scripted post): said here, or the 400 showed no word of what was wrong
  const targetError = answer?.error?.target?.[0];
  const sent = answer?.initialValue ?? {};
  return (
    <section className="card space-y-4" aria-labelledby="upload-title">
      <h2 id="upload-title" className="text-lg font-semibold">
        Upload {noun}
      </h2>
      <p className="text-sm text-slate-600">
        A CSV or XLSX file with the columns <code>{columns.join(", ")}</code>, one listing a row, checked with the listing form&apos;s rules.
        Templates: <a className="link" href={`/admin/uploads/${path}/template.csv`} download>CSV</a>,{" "}
        <a className="link" href={`/templates/${path}.xlsx`} download>XLSX</a>.
      </p>
      <SellerSearch sellers={sellers} />
      <Form method="post" encType="multipart/form-data" className="grid gap-4 md:grid-cols-2">
        <input type="hidden" name="key" value={submissionKey} />
        <label className="text-sm">
          <span className="label">Seller</span>
          <select name="seller" className="input" defaultValue={String(sent.seller ?? "")} aria-invalid={sellerError ? true : undefined} aria-describedby={sellerError ? "seller-error" : undefined}>
            <option value="">Choose a seller</option>
            {sellers.rows.map((s) => (
              <option key={s.id} value={s.id}>
                {s.company} — {s.name} ({s.email})
              </option>
            ))}
          </select>
          {sellerError ? (
            <span id="seller-error" className="field-error">
              {sellerError}
            </span>
          ) : null}
        </label>
        <label className="text-sm">
          <span className="label">File (CSV or XLSX)</span>
          <input type="file" name="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="input" onChange={refuseLargeFile(UPLOAD_MAX_BYTES)} aria-invalid={problems.length > 0 || undefined} aria-describedby={problems.length ? "upload-errors" : undefined} />
        </label>
        <fieldset className="text-sm md:col-span-2" aria-invalid={targetError ? true : undefined} aria-describedby={targetError ? "target-error" : undefined}>
          <legend className="label">Import as</legend>
          {/* 24 px tall: on a phone the two wrap one above the other, and a tap must not land on the wrong one */}
          <label className="mr-4 inline-block py-0.5">
            <input type="radio" name="target" value="draft" defaultChecked={sent.target !== "published"} /> Drafts (the seller submits them)
          </label>
          <label className="inline-block py-0.5">
            <input type="radio" name="target" value="published" defaultChecked={sent.target === "published"} /> Published
          </label>
          {targetError ? (
            <span id="target-error" className="field-error block">
              {targetError}
            </span>
          ) : null}
        </fieldset>
        {askAgain ? (
          <label className="text-sm md:col-span-2">
            <input type="checkbox" name="again" value="1" /> Import it again (choose the file again if it is no longer chosen)
          </label>
        ) : null}
        <div className="flex gap-3 md:col-span-2">
          <button type="submit" name="intent" value="check" className="btn-secondary">
            Check (dry run)
          </button>
          <button type="submit" name="intent" value="import" className="btn-primary">
            Import
          </button>
        </div>
      </Form>
      {checked ? (
        <p role="status" data-testid="upload-checked" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          All {checked.rows} rows of {checked.file} are valid. Nothing is imported yet: choose the file again and Import.
          {checked.before ? <strong className="mt-1 block font-semibold text-amber-800" data-testid="upload-imported-before">{checked.before}</strong> : null}
        </p>
      ) : null}
      <ProblemList id="upload-errors" testId="upload-errors" summary={summary} problems={problems} />
    </section>
  );
}

/** Narrows the seller list by name, company or e-mail: a GET form, so it works without JavaScript and stays in the URL. */
function SellerSearch({ sellers }: { sellers: SellerChoices }) {
  const { rows, total, find } = sellers;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2 text-sm" role="search" aria-label="Find a seller">
      <label>
        <span className="label">Find a seller</span>
        <input type="search" name="find" defaultValue={find} className="input" placeholder="Name, company or e-mail" />
      </label>
      <button type="submit" className="btn-secondary">
        Find
      </button>
      <p className="text-slate-600" aria-live="polite">
        {total === 0 ? `No seller matches “${find}”.` : rows.length < total ? `The first ${rows.length} of ${total} sellers${find ? ` matching “${find}”` : ""}: type to narrow them.` : `${total} seller${total === 1 ? "" : "s"}${find ? ` matching “${find}”` : ""}.`}
      </p>
    </Form>
  );
}
