import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { notFound } from "~/.server/http";
import { randomToken } from "~/.server/crypto";
import { projectOptions } from "~/.server/project-options";
import { PageHeader } from "~/components/page-header";
import { useRefreshWhile } from "~/components/refresh-while";
import { ReloadWithoutScript } from "~/components/reload-without-script";
import { UploadsNav } from "~/components/uploads-nav";
import { isUploadPath, UPLOADS, uploadColumns } from "~/lib/listing-upload";
import { titleMeta } from "~/lib/meta";
import { adminImportRunning, listImportJobs, sellerChoices } from "~/models/listing-imports.server";
import { JobsTable } from "./jobs-table";
import { UploadForm } from "./upload-form";
import { uploadAction } from "./upload.server";
import { pageNumber, recordId } from "~/lib/query-params";

export const meta: MetaFunction<typeof loader> = ({ data }) => titleMeta(data ? `Uploads: ${data.title}` : "Uploads");

function uploadPathOf(params: LoaderFunctionArgs["params"]) {
  const path = params.kind ?? "";
  if (!isUploadPath(path)) throw notFound();
  return path;
}

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const path = uploadPathOf(args.params);
  const { kind, title, noun } = UPLOADS[path];
  const search = new URL(args.request.url).searchParams;
  const find = (search.get("find") ?? "").trim().slice(0, 100);
  const [options, sellers, jobs, ownRunning] = await Promise.all([
    projectOptions(services),
    sellerChoices(services.db, { find }),
    listImportJobs(services.db, { kind, page: pageNumber(search.get("page")) }),
    adminImportRunning(services.db, { kind, adminId: user.id }),
  ]);
  // refreshed while a job shown runs, or one of this admin's on another page of the table (or started in another tab)
  const running = ownRunning || jobs.rows.some(({ job }) => job.status === "queued" || job.status === "running");
  return {
    path,
    title,
    noun,
    columns: uploadColumns(kind, options.values),
    sellers: { ...sellers, find },
    ...jobs,
    running,
    current: recordId(search.get("job")) ?? null,
    // the form's one-time key: posted twice (a double click, a resend), it imports the file once
    submissionKey: randomToken(16),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return uploadAction(args, services, user, uploadPathOf(args.params));
}

export default function UploadPage() {
  const { path, title, noun, columns, sellers, rows, total, page, pageSize, current, submissionKey, running } = useLoaderData<typeof loader>();
  // progress while an import runs: with JavaScript the data is read again in place, where a reload every 3 s
  // took the seller, the file and the dry run's answer from the form being filled in for the next upload
  useRefreshWhile(running);
  const data = useActionData<typeof action>();
  const checked = data && "checked" in data ? (data.checked as { rows: number; file: string; before: string | null }) : null;
  const askAgain = Boolean(data && "importedBefore" in data);
  return (
    <div className="space-y-6">
      <ReloadWithoutScript active={running} />
      <PageHeader title={`Uploads: ${title}`} />
      <UploadsNav />
      <UploadForm key={path} path={path} noun={noun} columns={columns} sellers={sellers} result={data?.result} checked={checked} askAgain={askAgain} submissionKey={submissionKey} />
      <JobsTable rows={rows} total={total} page={page} pageSize={pageSize} current={current} />
    </div>
  );
}
