import type { ReactNode } from "react";
import { hrefWith } from "~/lib/href-with";

/**
 * A pricing table row's edit link (the page again with ?edit=id, which opens the form on that row)
 * and delete form, drawn into the rows' markup (`gridBody`): plain `<a>` and `<form>`, which the page
 * follows and sends through the router (`useStaticForms`) and which work as they are without JavaScript.
 */
export function RowActions({ id, label, at }: { id: number; label: string; at: { pathname: string; search: string } }): ReactNode {
  return (
    <form method="post" className="flex gap-2 whitespace-nowrap">
      <a href={hrefWith(at, { edit: id })} className="btn-secondary px-2 py-1" aria-label={`Edit ${label}`}>
        Edit
      </a>
      <input type="hidden" name="id" value={id} />
      <button name="intent" value="delete" className="btn-secondary px-2 py-1" aria-label={`Delete ${label}`}>
        Delete
      </button>
    </form>
  );
}
