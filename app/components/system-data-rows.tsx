import { Form, Link, useLocation } from "@remix-run/react";

/** The link that opens a row in the page's editor, keeping the search and page. */
export function useEditHref() {
  const location = useLocation();
  return (key: string | number) => {
    const params = new URLSearchParams(location.search);
    params.set("edit", String(key));
    return `${location.pathname}?${params}#editor`;
  };
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
