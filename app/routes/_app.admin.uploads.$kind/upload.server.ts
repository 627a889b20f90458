import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/server-runtime";
import { redirectWithNotification } from "~/auth/session.server";
import { readCsvUploadForm } from "~/.server/csv-upload";
import { sha256Hex } from "~/.server/crypto";
import { clientAddress } from "~/.server/http";
import { projectOptions } from "~/.server/project-options";
import { answer, invalid, refuseLines } from "~/.server/replies";
import type { Services } from "~/.server/services";
import type { User } from "~/.server/db/schema";
import { UPLOADS, type UploadPath } from "~/lib/listing-upload";
import { importCancelSchema, listingUploadSchema } from "~/lib/schemas/uploads";
import { cancelImportJob, checkUpload, drainImportJob, earlierImport, findImportJob, isSeller, SameFileStaged, stageImport } from "~/models/listing-imports.server";
import { formatDate } from "~/lib/format";
import { fileTooLarge, UPLOAD_MAX_BYTES } from "~/lib/upload-limit";
import { cleanFileName } from "~/lib/file-name";

/** How long the request that starts an import drains it itself before the rest runs after the response. */
const INLINE_BUDGET_MS = 5_000;

/** The upload form's two intents: the dry run answers the rows' problems; the import stages a job and drains it. */
export async function uploadAction(args: ActionFunctionArgs, services: Services, user: User, path: UploadPath) {
  const { request } = args;
  const read = await readCsvUploadForm(request, UPLOAD_MAX_BYTES);
  if ("refused" in read) return read.refused;
  if (read.form.get("intent") === "cancel") return cancelAction(request, services, user, path, read.form);
  const submission = parseWithZod(read.form, { schema: listingUploadSchema() });
  if (submission.status !== "success") return invalid(submission);
  const { intent, seller, target, file, key, again } = submission.value;
  if (!(await isSeller(services.db, seller))) return answer(submission.reply({ fieldErrors: { seller: ["Choose a seller."] } }), 400);
  if (!file || file.size === 0) return refuseLines(submission, "file", [{ line: 0, reason: "Choose a CSV or XLSX file." }]);
  // within the form's room for its framing, past the upload's own limit: refused as a larger one is (the other
  // imports' files are), not read row by row into "Missing column"
  if (file.size > UPLOAD_MAX_BYTES) return refuseLines(submission, "file", [{ line: 0, reason: fileTooLarge(UPLOAD_MAX_BYTES) }], 413);
  const { kind } = UPLOADS[path];
  const checked = await checkUpload(file, { kind, options: (await projectOptions(services)).values });
  if (!checked.ok) {
    const lines = checked.problems.map((p) => ({ line: p.line, reason: p.problems.join(" ") }));
    return refuseLines(submission, "file", lines, 400, Math.max(0, checked.badRows - checked.problems.length));
  }
  const fileSha256 = await sha256Hex(new Uint8Array(await file.arrayBuffer()));
  const found = await earlierImport(services.db, { kind, sellerId: seller, fileSha256, submissionKey: key || null });
  const earlier = again ? null : found;
  if (intent === "check") {
    // the dry run says so too, before the admin chooses the file again to import it
    const before = earlier ? `${importedBefore(earlier)} Importing it makes its listings again.` : null;
    return answer(submission.reply({ resetForm: false }), 200, { checked: { rows: checked.rows.length, file: cleanFileName(file.name), before } });
  }
  const asked = (before: NonNullable<typeof earlier>) =>
    answer(submission.reply({ formErrors: ["Nothing was imported."], fieldErrors: { file: [`${importedBefore(before)} Import it again?`] } }), 409, { importedBefore: before.id });
  if (earlier) return asked(earlier);
  const staged = await stageImport(services.db, {
    kind,
    sellerId: seller,
    target,
    fileName: file.name,
    rows: checked.rows,
    actor: user,
    address: clientAddress(request),
    submissionKey: key || null,
    fileSha256,
    // made again as the admin said: the import it repeats (the index lets one such import through for each)
    repeats: again ? (found?.id ?? 0) : 0,
  }).catch((error: unknown) => {
    if (error instanceof SameFileStaged) return null;
    throw error;
  });
  if (!staged) {
    // the same file staged at the same moment from another page: asked as if it had come first
    const meanwhile = await earlierImport(services.db, { kind, sellerId: seller, fileSha256, submissionKey: key || null });
    if (meanwhile) return asked(meanwhile);
    return refuseLines(submission, "file", [{ line: 0, reason: "The same file was being imported at the same moment: nothing was imported. Try again." }], 409);
  }
  const job = staged;
  const here = `/admin/uploads/${path}?job=${job.id}`;
  if (job.repeated) {
    // the same form again (a double click, a resend): the first post's job goes on, nothing is imported twice
    const where = job.status === "failed" ? "its import stopped; nothing was imported" : `it is imported once, as import #${job.id}`;
    return redirectWithNotification(services, request, here, `${cleanFileName(file.name)} was sent again: ${where}.`, job.status === "failed" ? "error" : "success");
  }
  const drained = await drainImportJob(services.db, job.id, { budgetMs: INLINE_BUDGET_MS });
  // the rest after the response; housekeeping takes over after a restart
  if (drained?.status !== "done" && drained?.status !== "failed") services.waitUntil(drainImportJob(services.db, job.id).catch((e) => console.error("import:", e)));
  const message =
    drained?.status === "done"
      ? `${job.total} listings imported from ${cleanFileName(file.name)}.`
      : drained?.status === "failed"
        ? `The import of ${cleanFileName(file.name)} stopped; nothing was imported.`
        : `Importing ${job.total} listings from ${cleanFileName(file.name)}: the table shows the progress.`;
  return redirectWithNotification(services, request, here, message);
}

/** The jobs table's Cancel: the import stops at its next step, and the page says what became of it. */
async function cancelAction(request: Request, services: Services, user: User, path: UploadPath, form: FormData) {
  const submission = parseWithZod(form, { schema: importCancelSchema() });
  if (submission.status !== "success") return invalid(submission);
  const jobId = submission.value.job;
  const found = await findImportJob(services.db, jobId);
  // a job of another kind is not this page's (its table does not show it)
  if (!found || found.kind !== UPLOADS[path].kind) return answer(submission.reply({ formErrors: ["That import was not found."] }), 404);
  const here = `/admin/uploads/${path}?job=${jobId}`;
  const cancelled = await cancelImportJob(services.db, { jobId, actor: user, address: clientAddress(request) });
  if (cancelled) return redirectWithNotification(services, request, here, `Import #${jobId} of ${cancelled.fileName} was cancelled: nothing was imported.`);
  const now = await findImportJob(services.db, jobId);
  const why = now?.status === "done" ? "it had already finished: its listings stay" : now?.status === "cancelled" ? "it was cancelled already" : "it had already stopped; nothing was imported";
  return redirectWithNotification(services, request, here, `Import #${jobId} was not cancelled: ${why}.`, "error");
}

/** "This file was imported on 2026-12-07 (3 listings, import #12)." */
function importedBefore(earlier: NonNullable<Awaited<ReturnType<typeof earlierImport>>>) {
  const when = earlier.status === "done" ? `was imported on ${formatDate(earlier.finishedAt ?? earlier.createdAt)}` : `is being imported since ${formatDate(earlier.createdAt)}`;
  return `This file ${when} (${earlier.total} listing${earlier.total === 1 ? "" : "s"}, import #${earlier.id}).`;
}
