import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SearchFilter } from "~/components/table-controls";
import { hrefWith } from "~/lib/href-with";

/** The link that opens a row in the page's editor, keeping the search and page. */
export function useEditHref() {
  const location = useLocation();
  return (key: string | number) => hrefWith(location, { edit: key }, "editor");
}

/** Edit and Delete for one row of a system-data table; `fields` name the row to the action. */
export function RowActions({ editHref, fields, label }: { editHref: string; fields: Record<string, string | number>; label: string }) {
  return (
    <div className="flex items-center gap-3">
      <Link to={editHref} className="link" aria-label={`Edit ${label}`}>
        Edit
      </Link>
      <Form method="post" className="inline">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value="delete" className="link text-red-700" aria-label={`Delete ${label}`}>
          Delete
        </button>
      </Form>
    </div>
  );
}

/** Save (or Add) for a row's editor, and Cancel back to the table while editing. */
export function EditorButtons({ editing }: { editing: boolean }) {
  const location = useLocation();
  const close = new URLSearchParams(location.search);
  close.delete("edit");
  return (
    <div className="flex items-center gap-3">
      <button type="submit" className="btn-primary">
        {editing ? "Save" : "Add"}
      </button>
      {editing ? (
        <Link to={`${location.pathname}?${close}`} className="link">
          Cancel
        </Link>
      ) : null}
    </div>
  );
}

/** A system-data table's search: a GET form (it works without JavaScript), with any further filters. */
export function SystemDataSearch({ q, placeholder, children }: { q: string; placeholder: string; children?: ReactNode }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Search">
      <SearchFilter value={q} placeholder={placeholder} />
      {children}
      <button type="submit" className="btn-primary">
        Show
      </button>
    </Form>
  );
}
