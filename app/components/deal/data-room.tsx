import { Form } from "@remix-run/react";
import { formatDate, formatFileSize } from "~/lib/format";

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
            <Form method="post">
              <input type="hidden" name="documentId" value={d.id} />
              <button type="submit" name="intent" value="delete-document" className="text-xs text-red-700 hover:underline">
                Remove
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
