import { isBodyTooLarge, readForm } from "./body";
import { fileTooLarge } from "~/lib/upload-limit";
import { csvFileText } from "~/lib/csv-import";
import { cleanFileName } from "~/lib/file-name";
import { refuseLines, unreadSubmission, type Replier } from "./replies";

/** Room for the form's other fields and the multipart framing around the file. */
const FRAMING = 64 * 1024;

/**
 * The form of a page that imports CSV files: read within the file limit, or the
 * import form's refusal (413) when the upload is larger.
 */
export async function readCsvUploadForm(request: Request, maxBytes: number): Promise<{ form: FormData } | { refused: ReturnType<typeof refuseLines> }> {
  try {
    return { form: await readForm(request, maxBytes + FRAMING) };
  } catch (error) {
    if (!isBodyTooLarge(error)) throw error;
    return { refused: refuseLines(unreadSubmission("import"), "file", [{ line: 0, reason: fileTooLarge(maxBytes) }], 413) };
  }
}

/** The uploaded CSV's text, or why there is none. */
async function csvTextOf(file: File | undefined, maxBytes: number): Promise<{ text: string; name: string } | { problem: string }> {
  if (!file || file.size === 0) return { problem: "Choose a CSV file." };
  if (file.size > maxBytes) return { problem: fileTooLarge(maxBytes) };
  return { text: await csvFileText(file), name: cleanFileName(file.name) || "upload" };
}

type Imported = { imported: number; errors: ReadonlyArray<{ line: number; reason: string }>; more?: number };

/**
 * Runs an import on the uploaded file: the import form's refusal (each problem by
 * line) when there is no usable file or a line is wrong, else how many rows it wrote.
 */
export async function importUploaded(
  submission: Replier,
  file: File | undefined,
  maxBytes: number,
  run: (file: { text: string; name: string }) => Promise<Imported>,
): Promise<{ refused: ReturnType<typeof refuseLines> } | { imported: number; name: string }> {
  const upload = await csvTextOf(file, maxBytes);
  if ("problem" in upload) return { refused: refuseLines(submission, "file", [{ line: 0, reason: upload.problem }]) };
  const outcome = await run(upload);
  if (outcome.errors.length) return { refused: refuseLines(submission, "file", outcome.errors, 400, outcome.more) };
  return { imported: outcome.imported, name: upload.name };
}
