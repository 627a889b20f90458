import { Form } from "@remix-run/react";
import { DateTime, SimpleTable } from "~/components/data-table";
import { Pager } from "~/components/pager";

type JobRow = {
  job: { id: number; fileName: string; target: string; status: string; total: number; imported: number; error: string | null; createdAt: string };
  sellerName: string;
  sellerCompany: string;
};

const STATUS = { queued: "Waiting", running: "Importing", done: "Imported", failed: "Failed", cancelled: "Cancelled" } as Record<string, string>;

/** The uploads of this kind, newest first, with each one's progress. */
export function JobsTable({ rows, total, page, pageSize, current }: { rows: JobRow[]; total: number; page: number; pageSize: number; current: number | null }) {
  return (
    <section aria-labelledby="jobs-title" className="space-y-2">
      <h2 id="jobs-title" className="text-lg font-semibold">
        Imports
      </h2>
      <SimpleTable caption="Imports" headers={["#", "File", "Seller", "As", "Progress", "Status", "Started"]} count={rows.length} empty="No imports yet.">
        {rows.map(({ job, sellerName, sellerCompany }) => (
          <tr key={job.id} className={job.id === current ? "bg-amber-50" : undefined} data-testid={`import-job-${job.id}`}>
            <td>{job.id}</td>
            <td>{job.fileName}</td>
            <td>
              {sellerCompany} — {sellerName}
            </td>
            <td>{job.target === "published" ? "Published" : "Drafts"}</td>
            <td>
              <progress max={job.total} value={job.status === "failed" || job.status === "cancelled" ? 0 : job.imported} aria-label={`Import ${job.id} progress`} />{" "}
              {job.imported} of {job.total}
            </td>
            <td>
              {STATUS[job.status] ?? job.status}
              {job.error ? <span className="block text-red-700">{job.error}</span> : null}
              {job.status === "queued" || job.status === "running" ? (
                // a plain post: it stops the import at its next step with or without JavaScript
                <Form method="post" className="mt-1">
                  <input type="hidden" name="job" value={job.id} />
                  <button type="submit" name="intent" value="cancel" className="btn-secondary px-2 py-1 text-sm" aria-label={`Cancel import ${job.id}`}>
                    Cancel
                  </button>
                </Form>
              ) : null}
            </td>
            <td><DateTime at={job.createdAt} /></td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={pageSize} total={total} noun="imports" />
    </section>
  );
}
