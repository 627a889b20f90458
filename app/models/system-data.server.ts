import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import { byIntent } from "~/lib/validation";
import type { $ZodType } from "zod/v4/core";
import type { Database } from "~/.server/db";
import { isBodyTooLarge, readForm } from "~/.server/body";
import { clientAddress, notFound } from "~/.server/http";
import { deletedAlready, invalid, openedSave, refuse, refuseDeletedMeanwhile, refuseLines, refuseSavedMeanwhile, unreadSubmission, type Deleted, type Replier, type SavedMeanwhile } from "~/.server/replies";
import type { Services } from "~/.server/services";
import { csvFileText, importCsv, type CsvLineError } from "~/lib/csv-import";
import { RATES_IMPORT_MAX_BYTES, fileTooLarge } from "~/lib/upload-limit";
import { tableActionSchema } from "~/lib/schemas/table";
import type { TableKey } from "~/lib/table-preferences";
import type { AuditEntry } from "./audit.server";
import { handleTableAction } from "./table-view.server";
import { cleanFileName } from "~/lib/file-name";
import { backTo } from "~/lib/system-data";

/**
 * What the system-data pages (/admin/system/…) share: add, change and delete a row,
 * import a CSV (every line checked with the form's row schema, all or nothing),
 * and the table's own column and view forms. Each page names its table's writes.
 */

type Change = { actor: AuditEntry["actor"]; address?: string };
type Written = { ok: true } | { ok: false; error: string } | ({ ok: false } & SavedMeanwhile);

export type SystemDataTable<Values> = {
  table: TableKey;
  noun: { one: string; many: string };
  /** The row form's schema, flat (one field per column): the CSV's lines are read with it. */
  rowSchema: $ZodType<Values>;
  /** The page's forms: create, update (with id), delete (id) and import (file), as pricing-data.ts builds them. */
  pageSchema: $ZodType;
  columns: readonly string[];
  /** What makes a row the table's one (its unique key): a file naming it twice is refused. */
  rowKey: { of: (values: Values) => string; label: string };
  create: (db: Database, change: { values: Values } & Change) => Promise<Written>;
  /** `opened`: when the row the edit form showed was saved; another admin's save since is refused (who and when). */
  update: (db: Database, change: { id: number; values: Values; opened?: number } & Change) => Promise<Written | null>;
  remove: (db: Database, change: { id: number } & Change) => Promise<boolean>;
  /** Who deleted a row and when (its audit entry), for an edit or a delete that names it after it went. */
  deletedBy: (db: Database, id: number) => Promise<Deleted>;
  importRows: (db: Database, change: { rows: Values[] } & Change) => Promise<void>;
  /** What a write leaves that its admin must hear of (the curve's tenors carried over), said with its message as a warning. */
  caveat?: (db: Database) => Promise<string | null>;
};

export const SYSTEM_DATA_MAX_ROWS = 5_000;
const TOO_LARGE = fileTooLarge(RATES_IMPORT_MAX_BYTES);

/** The import refused: a summary for the form, and each problem on the file field by line. */
function importRefused(submission: Replier, errors: CsvLineError[], status = 400, more = 0) {
  return refuseLines(submission, "file", errors, status, more);
}

type Admin = NonNullable<AuditEntry["actor"]>;
type Intent =
  | { intent: "create"; [field: string]: unknown }
  | { intent: "update"; id: number; [field: string]: unknown }
  | { intent: "delete"; id: number }
  | { intent: "import"; file: File };

export async function systemDataAction<Values>(services: Services, { admin, request, spec }: { admin: Admin; request: Request; spec: SystemDataTable<Values> }) {
  let form: FormData;
  try {
    form = await readForm(request, RATES_IMPORT_MAX_BYTES + 64 * 1024);
  } catch (error) {
    if (isBodyTooLarge(error)) return importRefused(unreadSubmission("import"), [{ line: 1, reason: TOO_LARGE }], 413);
    throw error;
  }
  const schema = byIntent([tableActionSchema(spec.table), spec.pageSchema as never]);
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return invalid(submission, { hideFields: ["file"] });
  const step = submission.value as z.output<ReturnType<typeof tableActionSchema>> | Intent;
  if (step.intent === "columns" || step.intent === "save-view" || step.intent === "reset") {
    return handleTableAction(services, admin.id, step as z.output<ReturnType<typeof tableActionSchema>>, request);
  }
  const address = clientAddress(request);
  // the table as the admin left it (its filter, sort and page), without the row's edit form: a save from
  // page 3 of one day's points went back to the first page of every day
  const back = backTo(request);
  const { db } = services;
  const done = async (message: string) => {
    const caveat = await spec.caveat?.(db);
    return caveat ? { to: back, message: `${message} ${caveat}`, type: "warning" as const } : { to: back, message };
  };
  switch (step.intent) {
    case "import": {
      if (step.file.size > RATES_IMPORT_MAX_BYTES) return importRefused(submission, [{ line: 1, reason: TOO_LARGE }], 413);
      const parsed = importCsv(await csvFileText(step.file), spec.rowSchema, { columns: spec.columns, maxRows: SYSTEM_DATA_MAX_ROWS, key: spec.rowKey });
      if (!parsed.ok) return importRefused(submission, parsed.errors, 400, parsed.more);
      await spec.importRows(db, { rows: parsed.rows, actor: admin, address });
      return done(`${parsed.rows.length} ${parsed.rows.length === 1 ? spec.noun.one : spec.noun.many} imported from ${cleanFileName(step.file.name)}.`);
    }
    case "delete":
      // two admins deleting one row (or a double click without JavaScript): the second finds it gone, as it wanted
      if (!(await spec.remove(db, { id: step.id, actor: admin, address }))) {
        return { to: back, message: deletedAlready(`The ${spec.noun.one}`, await spec.deletedBy(db, step.id)) };
      }
      return done(`The ${spec.noun.one} is deleted.`);
    case "create":
    case "update": {
      const { intent: _intent, id: _id, ...values } = step as { intent: string; id?: number } & Record<string, unknown>;
      const written =
        step.intent === "create"
          ? await spec.create(db, { values: values as Values, actor: admin, address })
          : await spec.update(db, { id: step.id, values: values as Values, actor: admin, address, opened: openedSave(submission.payload) ?? undefined });
      if (!written && step.intent === "update") return refuseDeletedMeanwhile(submission, { what: `this ${spec.noun.one}`, noun: spec.noun.one }, await spec.deletedBy(db, step.id));
      if (!written) throw notFound();
      if ("savedAt" in written) return refuseSavedMeanwhile(submission, `this ${spec.noun.one}`, written);
      if (!written.ok) return refuse(submission, written.error, 409);
      return done(`The ${spec.noun.one} is ${step.intent === "create" ? "added" : "saved"}.`);
    }
  }
}
