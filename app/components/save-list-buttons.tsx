import { Link } from "@remix-run/react";

/**
 * The customers table's way into marketing: the checked rows (they belong to the
 * `selectionForm`) or the filters in force become a named recipient list. Both are
 * GETs to the list form, so they work without JavaScript and write nothing yet.
 */
export function SaveListButtons({ selectionForm, filtersQuery }: { selectionForm: string; filtersQuery: string }) {
  return (
    <div className="mb-3 flex flex-wrap gap-2">
      <button type="submit" form={selectionForm} formAction="/admin/marketing/lists/new" formMethod="get" name="kind" value="selection" className="btn-secondary">
        Save as list
      </button>
      <Link to={`/admin/marketing/lists/new?${new URLSearchParams({ kind: "filters", query: filtersQuery })}`} className="btn-secondary">
        Save these filters as a list
      </Link>
    </div>
  );
}
