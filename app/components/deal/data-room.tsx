import { Form } from "@remix-run/react";
import { formatDate, formatFileSize } from "~/lib/format";

// the ellipsis as a reference, as "Withdraw…" is: the page's string stays one byte a character
const REMOVE_LABEL = { __html: "Remove&#8230;" };

type Doc = { id: number; name: string; typeLabel: string; size: number; createdAt: string };

/**
 * The data room's files; the seller and admins may also remove them. A plain link: the file's answer saves
 * itself (an attachment), and a refusal (a file removed, a room closed, a PDF that cannot be opened) is
 * shown as a page; with `download` the browser only reported a failed save, without the reason.
 */
export function DocumentList({ projectId, documents, manage = false }: { projectId: number; documents: Doc[]; manage?: boolean }) {
  if (!documents.length) return <p className="text-sm text-slate-500">No documents in the data room yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Documents" data-testid="documents">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <a href={`/projects/more-details/${projectId}/documents/${d.id}`} className="link">
            {d.name}
          </a>
          <span className="text-xs text-slate-500">
            {d.typeLabel} · {formatFileSize(d.size)} · {formatDate(d.createdAt)}
          </span>
          {manage ? (
            // buyers may rely on a file, and a removal cannot be undone: behind a second, worded click, as a
            // withdrawal is (one mis-click on "Remove" took a file out of the room)
            <details className="text-xs">
              <summary className="cursor-pointer text-red-700 hover:underline" dangerouslySetInnerHTML={REMOVE_LABEL} />
              <Form method="post" className="mt-1 space-y-1">
                <input type="hidden" name="documentId" value={d.id} />
                <p className="text-slate-600">Buyers can no longer open it, and it cannot be restored.</p>
                <button type="submit" name="intent" value="delete-document" className="text-red-700 hover:underline">
                  {`Yes, remove ${d.name}`}
                </button>
              </Form>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
