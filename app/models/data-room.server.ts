import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { preparedQuery } from "~/.server/db/prepared";
import { insertMany } from "~/.server/db/bulk";
import type { Database } from "~/.server/db";
import { documentEvents, documents, projects, users, type Project, type User } from "~/.server/db/schema";
import { randomToken, sha256Hex } from "~/.server/crypto";
import { openablePdf, watermarkPdf } from "~/.server/documents/watermark";
import { detectDocumentType } from "~/.server/files/sniff";
import { storeWithRecord } from "~/.server/files/store";
import type { DataRoomViewRow, Services } from "~/.server/services";
import { DOCUMENT_MAX_BYTES, fileTooLarge } from "~/lib/upload-limit";
import { cleanFileName } from "~/lib/file-name";
import { csvText } from "~/lib/csv-import";
import { DESK_TABLE_PAGE_SIZE, DOCUMENT_CONTENT_TYPES, DOCUMENT_TYPE_LABELS, NDA_APPROVED, type DocumentType } from "~/lib/deal";
import type { Role } from "~/lib/roles";
import { findContract } from "./contracts.server";
import { recomputeAfterLook, recomputeAfterLooks } from "./responsiveness.server";
import { mayManageProject } from "./projects.server";
import { permissionsOnProject } from "./seller-permissions.server";
import { pageCarryingTotal } from "./list-query.server";

export type DataRoomAccess = "manage" | "team" | "read";

/**
 * The seller and admins manage a project's data room, and so does a colleague of the seller
 * with "Manage the data room"; a colleague who may only see the project reads it as the
 * seller's side does (no watermark). A buyer or broker reads it with an approved NDA
 * unless the project's permissions block them. Null: no access.
 */
export async function dataRoomAccess(db: Database, project: Project, user: Pick<User, "id">, role: Role | null) {
  if (mayManageProject({ id: user.id, role }, project)) return "manage" as const;
  if (role === "seller") {
    const may = await permissionsOnProject(db, { userId: user.id, projectId: project.id });
    if (may.has("dataRoom")) return "manage" as const;
    if (may.has("view")) return "team" as const;
  }
  const contract = await findContract(db, { projectId: project.id, buyerId: user.id });
  return contract?.ndaStatus === NDA_APPROVED && !contract.dataRoomBlocked ? ("read" as const) : null;
}

export const TOO_LARGE_MESSAGE = fileTooLarge(DOCUMENT_MAX_BYTES);
/** "Only PDF and Word (DOCX) files can be uploaded.": the types this upload takes, named (the evidence form listed four). */
const TYPE_NAMES: Record<DocumentType, string> = { pdf: "PDF", xlsx: "Excel (XLSX)", docx: "Word (DOCX)", csv: "CSV" };
export const wrongTypeMessage = (allowed: readonly DocumentType[]) => {
  const labels = allowed.map((type) => TYPE_NAMES[type]);
  return `Only ${labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : labels[0]} files can be uploaded.`;
};
export const EMPTY_FILE_MESSAGE = "The file is empty: choose the file with its content.";
export const UNREADABLE_PDF_MESSAGE = "This PDF cannot be opened: it is password-protected or damaged. Save it without protection and upload it again.";

export type UploadCheck = { ok: true; type: DocumentType; bytes: Uint8Array } | { ok: false; message: string };

/**
 * The checks every upload passes before anything is stored: present, not too large, a type we accept by content,
 * and a PDF one we can open to its pages (buyers' copies are watermarked, NDAs signed on their last page) unless
 * `{ pdfAsIs: true }` (a file only admins read as it was sent).
 */
export async function checkUpload(file: FormDataEntryValue | null, allowed: readonly DocumentType[], { pdfAsIs = false } = {}): Promise<UploadCheck> {
  // a form sent with no file chosen carries a part of no name and no bytes; a named file of none was chosen
  if (!file || typeof file === "string" || (file.size === 0 && !file.name)) return { ok: false, message: "Choose a file to upload." };
  if (file.size === 0) return { ok: false, message: EMPTY_FILE_MESSAGE };
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, message: TOO_LARGE_MESSAGE };
  let bytes = new Uint8Array(await file.arrayBuffer());
  let type = detectDocumentType(bytes);
  if (!type && allowed.includes("csv") && /\.csv$/i.test(file.name)) {
    const utf8 = csvAsUtf8(bytes);
    if (utf8) [bytes, type] = [utf8, "csv"];
  }
  if (!type || !allowed.includes(type)) {
    return { ok: false, message: wrongTypeMessage(allowed) };
  }
  if (type === "pdf" && !pdfAsIs && !(await openablePdf(bytes))) return { ok: false, message: UNREADABLE_PDF_MESSAGE };
  return { ok: true, type, bytes };
}

/**
 * A file named .csv in what Excel saves as "CSV" on Windows (Windows-1252) or as "Unicode text" (UTF-16): its
 * text as UTF-8, the charset the room serves a CSV with; null when it is no text with columns. Such a file was
 * refused as "Only PDF, ... and CSV files can be uploaded.", which its seller read as a CSV refused for being one.
 */
function csvAsUtf8(bytes: Uint8Array) {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  // single-byte text holds no control character but tab and line ends (a binary file holds many)
  if (!utf16 && bytes.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) return null;
  const utf8 = new TextEncoder().encode(csvText(bytes));
  return detectDocumentType(utf8) === "csv" ? utf8 : null;
}

/** A display name from what the browser sent: cleaned (cleanFileName), with the right extension. */
export function documentName(original: string, type: DocumentType) {
  const base = cleanFileName(original);
  // and no dot or space left at its end ("report." was report..pdf)
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/[.\s]+$/u, "") || "document";
  return `${stem}.${type}`;
}

/**
 * The names a file sent under `name` may be kept under, in order: its own, then "Tape (2).csv" and on. A second
 * file under a name the room holds (a new version of the tape) was listed under the same name: buyers could not
 * tell the two apart, nor the seller's audit log which of them a buyer downloaded. Twenty: the names go in one
 * statement (D1 binds 100 parameters).
 */
function namesFor(name: string) {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = [name.slice(0, dot), name.slice(dot)];
  return [name, ...Array.from({ length: 19 }, (_, i) => `${stem} (${i + 2})${extension}`)];
}

/**
 * The data room's document with these very bytes under this name (or the name it was kept under beside another,
 * namesFor), if there is one: the same upload sent twice (a resent form, a second tab, a replayed post) stored the
 * file twice and buyers saw it twice.
 */
export async function sameDocument(db: Database, projectId: number, upload: { name: string; type: DocumentType; sha256: string }) {
  const found = await db.query.documents.findFirst({
    columns: { id: true, name: true },
    where: and(eq(documents.projectId, projectId), inArray(documents.name, namesFor(documentName(upload.name, upload.type))), eq(documents.sha256, upload.sha256)),
  });
  return found ?? null;
}

/** The first of the names a file may be kept under that no document of the room has (the last when all are). */
async function freeName(db: Database, projectId: number, name: string) {
  const names = namesFor(name);
  const taken = new Set(
    (await db.select({ name: documents.name }).from(documents).where(and(eq(documents.projectId, projectId), inArray(documents.name, names)))).map((d) => d.name),
  );
  return names.find((candidate) => !taken.has(candidate)) ?? names.at(-1)!;
}

export async function addDocument(
  services: Services,
  project: Project,
  uploader: User,
  /** `sha256`: the bytes' hash when the caller has it already (the duplicate check), not worked out again. */
  upload: { name: string; type: DocumentType; bytes: Uint8Array; sha256?: string },
  ipAddress: string,
) {
  const storageKey = `projects/${project.id}/documents/${randomToken(12)}.${upload.type}`;
  const name = await freeName(services.db, project.id, documentName(upload.name, upload.type));
  const sha256 = upload.sha256 ?? (await sha256Hex(upload.bytes));
  const [row] = await storeWithRecord(services.files, { key: storageKey, bytes: upload.bytes, contentType: DOCUMENT_CONTENT_TYPES[upload.type] }, () =>
    services.db
      .insert(documents)
      .values({ projectId: project.id, name, type: upload.type, size: upload.bytes.length, storageKey, sha256, uploadedBy: uploader.id })
      .returning(),
  );
  await logDocumentEvent(services.db, { projectId: project.id, documentId: row!.id, documentName: name, userId: uploader.id, action: "upload", ipAddress });
  return row!;
}

/** The documents a page of a project's data room lists (the seller's desk, the buyer's workspace). */
export const DESK_DOCUMENTS_PAGE_SIZE = DESK_TABLE_PAGE_SIZE;

// a page of the data room's files by name, each with the count of all (from the
// project's index); built once, the offset bound
const documentsPageOfProject = preparedQuery((db) => {
  const projectId = sql.placeholder("projectId");
  return db
    .select({
      id: documents.id,
      name: documents.name,
      type: documents.type,
      size: documents.size,
      createdAt: documents.createdAt,
      total: sql<number>`(select count(*) from ${documents} where ${documents.projectId} = ${projectId})`,
    })
    .from(documents)
    .where(eq(documents.projectId, projectId))
    .orderBy(documents.name, documents.id)
    .limit(DESK_DOCUMENTS_PAGE_SIZE)
    .offset(sql.placeholder("offset"))
    .prepare();
});

/** A page of the data room's files by name (`?documents=`), each with its type's name, and how many there are. */
export async function projectDocumentsPage(db: Database, { projectId, page = 1 }: { projectId: number; page?: number }) {
  const found = await pageCarryingTotal((offset) => documentsPageOfProject(db).all({ projectId, offset }), { page, pageSize: DESK_DOCUMENTS_PAGE_SIZE });
  return { ...found, rows: found.rows.map((row) => ({ ...row, typeLabel: DOCUMENT_TYPE_LABELS[row.type] })) };
}

export async function findDocument(db: Database, { projectId, documentId }: { projectId: number; documentId: number }) {
  if (!Number.isSafeInteger(documentId) || documentId <= 0) return null;
  return (
    (await db.query.documents.findFirst({ where: and(eq(documents.id, documentId), eq(documents.projectId, projectId)) })) ?? null
  );
}

export async function deleteDocument(
  services: Services,
  { projectId, documentId, userId, ipAddress }: { projectId: number; documentId: number; userId: number; ipAddress: string },
) {
  const document = await findDocument(services.db, { projectId, documentId });
  if (!document) return false;
  // a delete sent twice at once: the request whose statement removed the row logs it, the other finds none
  const [removed] = await services.db.delete(documents).where(eq(documents.id, document.id)).returning({ id: documents.id });
  if (!removed) return false;
  await services.files.delete(document.storageKey);
  await logDocumentEvent(services.db, { projectId, documentId: null, documentName: document.name, userId, action: "delete", ipAddress });
  return true;
}

/** The file as the reader gets it: a buyer's PDF carries their name and the time. */
export async function documentForReader(
  services: Services,
  document: typeof documents.$inferSelect,
  reader: User,
  access: DataRoomAccess,
  /** `sends`: false for a HEAD, which answers the headers alone: no file reaches the reader, so no download is logged. */
  { ipAddress, sends = true }: { ipAddress: string; sends?: boolean },
  now = new Date(),
) {
  const stored = await services.files.get(document.storageKey);
  if (!stored) return null;
  let bytes: Uint8Array = stored;
  if (document.type === "pdf" && access === "read") {
    // a file stored before uploads were opened to their pages: not served, and no download logged
    const marked = await watermarkPdf(stored, watermarkText(reader, now)).catch(() => null);
    if (!marked) return "unreadable" as const;
    bytes = marked;
  }
  if (!sends) return bytes;
  await logDocumentEvent(services.db, {
    projectId: document.projectId,
    documentId: document.id,
    documentName: document.name,
    userId: reader.id,
    action: "download",
    ipAddress,
  });
  return bytes;
}

export function watermarkText(reader: Pick<User, "name" | "company">, at: Date) {
  const time = at.toISOString().slice(0, 16).replace("T", " ");
  return `Confidential - ${reader.name} (${reader.company}) - ${time} UTC`;
}

// a buyer's every opening of the data room is one: built once
const insertDocumentEvent = preparedQuery((db) =>
  db
    .insert(documentEvents)
    .values({
      projectId: sql.placeholder("projectId"),
      documentId: sql.placeholder("documentId"),
      documentName: sql.placeholder("documentName"),
      userId: sql.placeholder("userId"),
      action: sql.placeholder("action"),
      ipAddress: sql.placeholder("ipAddress"),
    })
    .prepare(),
);

type DocumentEvent = Pick<typeof documentEvents.$inferInsert, "projectId" | "documentId" | "documentName" | "userId" | "action" | "ipAddress">;

/**
 * Openings of data rooms the requests queued (Services.recordDataRoomView): one insert, each row at
 * the time it was opened; then each buyer's company's responsiveness, once per buyer and project,
 * as of their last opening, when the look answers something asked of it.
 */
export async function storeDataRoomViews(db: Database, rows: DataRoomViewRow[]) {
  if (!rows.length) return;
  // a batch the queue delivers again is stored once (document_events_room_opening_idx); D1 binds 100
  // parameters a statement, and a queue's batch of 100 openings was one insert of 700: a dozen rows an insert, in one batch
  await insertMany(
    db,
    documentEvents,
    rows.map((row) => ({ projectId: row.projectId, documentId: null, documentName: "Data room", userId: row.userId, action: "view" as const, ipAddress: row.ipAddress, createdAt: new Date(row.at) })),
    { ignoreConflicts: true },
  );
  const last = new Map<string, DataRoomViewRow>();
  for (const row of rows) if ((last.get(`${row.userId}:${row.projectId}`)?.at ?? -1) <= row.at) last.set(`${row.userId}:${row.projectId}`, row);
  // which of them answer something: one read for the batch, not one a buyer and project
  await recomputeAfterLooks(db, [...last.values()]);
}

export async function logDocumentEvent(db: Database, event: DocumentEvent) {
  await insertDocumentEvent(db).run({ ...event, documentId: event.documentId ?? null, ipAddress: event.ipAddress ?? "" });
  // a buyer opening the data room answers the NDA's approval
  if (event.action === "view" || event.action === "download") await recomputeAfterLook(db, { userId: event.userId, projectId: event.projectId });
}

/** The audit log's rows a page of a project's desk shows. */
export const AUDIT_PAGE_SIZE = DESK_TABLE_PAGE_SIZE;

// a page of the audit log the seller and admins read, newest first, each row with the count of all:
// the page's ids chosen from the (project, created) index first, and only those joined to their
// members (a busy room has tens of thousands of openings); built once, the offset bound
const auditPageOfProject = preparedQuery((db) => {
  const projectId = sql.placeholder("projectId");
  const order = [desc(documentEvents.createdAt), desc(documentEvents.id)];
  const chosen = db
    .select({ id: documentEvents.id })
    .from(documentEvents)
    .where(eq(documentEvents.projectId, projectId))
    .orderBy(...order)
    .limit(AUDIT_PAGE_SIZE)
    .offset(sql.placeholder("offset"));
  return db
    .select({
      id: documentEvents.id,
      action: documentEvents.action,
      documentName: documentEvents.documentName,
      ipAddress: documentEvents.ipAddress,
      createdAt: documentEvents.createdAt,
      userName: users.name,
      userCompany: users.company,
      // kept on the project by triggers (migration 0081): counted here it read every entry of the room
      total: sql<number>`(select ${projects.documentEventCount} from ${projects} where ${projects.id} = ${projectId})`,
    })
    .from(documentEvents)
    .innerJoin(users, eq(users.id, documentEvents.userId))
    .where(inArray(documentEvents.id, chosen))
    .orderBy(...order)
    .prepare();
});

/** A page of the project's data-room audit log, newest first, and how many entries it has (`?audit=`). */
export async function documentAudit(db: Database, projectId: number, { page = 1 }: { page?: number } = {}) {
  return pageCarryingTotal((offset) => auditPageOfProject(db).all({ projectId, offset }), { page, pageSize: AUDIT_PAGE_SIZE });
}
