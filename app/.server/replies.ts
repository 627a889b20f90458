import { json } from "@remix-run/server-runtime";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission } from "@conform-to/react";
import * as z from "zod";
import { UNKNOWN_REQUEST, type ActionResult } from "~/lib/action-result";
import { formatDateTime } from "~/lib/format";

/** The part of a Conform submission an answer needs: its reply. */
export type Replier = Pick<Submission<unknown>, "reply">;

/**
 * What a page shows besides the form, when it shows anything: the same keys in
 * every answer of its action (null when there is nothing), so the page reads them
 * without asking which answer it got.
 */
type Extra = Record<string, unknown>;
type Options<E extends Extra> = { hideFields?: string[]; extra?: E };

/**
 * The one shape an action answers when it does not redirect: `{ result }`,
 * Conform's reply to the submitted form, with the status that says why.
 */
export function answer<E extends Extra = Record<never, never>>(result: ActionResult, status = 200, extra?: E) {
  return json({ ...(extra as E), result }, { status });
}

/**
 * Input that does not parse: 400 with the errors on their fields, or "Unknown
 * request" for the whole form when its intent is none of the union's.
 */
export function invalid<E extends Extra = Record<never, never>>(
  submission: Replier & { error?: Record<string, string[] | null> | null },
  { hideFields, extra }: Options<E> = {},
) {
  const unknownIntent = Boolean(submission.error?.intent);
  return answer(submission.reply(unknownIntent ? { formErrors: [UNKNOWN_REQUEST], hideFields } : { hideFields }), 400, extra);
}

/** Valid input the action refuses: one message for the whole form (`formErrors`), and the status that says why. */
export function refuse<E extends Extra = Record<never, never>>(submission: Replier, message: string, status: number, { hideFields, extra }: Options<E> = {}) {
  return answer(submission.reply({ formErrors: [message], hideFields }), status, extra);
}

/** A submission of nothing but `intent`: what answers a form whose body could not be read (or an action that reads none). */
export function unreadSubmission(intent?: string): Replier {
  const form = new FormData();
  if (intent) form.set("intent", intent);
  return parseWithZod(form, { schema: z.object({ intent: z.string().optional() }) });
}

/** A refusal before there is a form to parse, for the form `intent` names. */
export function refuseUnread(message: string, status: number, intent?: string) {
  return refuse(unreadSubmission(intent), message, status);
}

/**
 * A file refused line by line (a CSV import): how many problems and that nothing was
 * imported (the form error), and each problem, by line, on the file's field.
 */
export function refuseLines(submission: Replier, field: string, problems: ReadonlyArray<{ line: number; reason: string }>, status = 400, more = 0) {
  // `more`: lines with problems past those named, in the count too ("101 problems" was said of 20,000 bad rows)
  const count = problems.length + more;
  const summary = `${count.toLocaleString("en-US")} problem${count === 1 ? "" : "s"}; nothing was imported.`;
  const lines = problems.map((e) => `${e.line > 0 ? `Line ${e.line}: ` : ""}${e.reason}`);
  if (more > 0) lines.push(`… and ${more.toLocaleString("en-US")} more line${more === 1 ? "" : "s"} with problems.`);
  return answer(submission.reply({ formErrors: [summary], fieldErrors: { [field]: lines } }), status);
}

/** A form's one-time key (decision 083) as posted: null when missing (an old page, a hand-made post). */
export function submissionKeyOf(form: FormData): string | null {
  const key = form.get("key");
  return typeof key === "string" && key && key.length <= 100 ? key : null;
}

/**
 * When what a form showed was saved, as it posted it (hidden `opened`: ms, "" never saved): undefined when the
 * form did not send it (an older page, whose save is written as before), null for never.
 */
export function openedSave(payload: Record<string, unknown>): number | null | undefined {
  const opened = payload.opened;
  return typeof opened !== "string" ? undefined : /^\d+$/.test(opened) ? Number(opened) : null;
}

/** A save refused: another admin saved the same thing since the page was opened (who, when null not known; and when). */
export type SavedMeanwhile = { savedAt: number; by: string | null };

/**
 * A save refused for another admin's since the page was opened: who and when, 409, the values typed kept, and the
 * form now opened on the other's save, so that saving again is a choice made knowing of it.
 */
export function refuseSavedMeanwhile(submission: Replier, what: string, saved: SavedMeanwhile) {
  const message = `${saved.by ?? "Another admin"} saved ${what} at ${formatDateTime(saved.savedAt)}, since you opened this page. Yours below are not saved: save again to put them in place of theirs, or reload the page to see theirs.`;
  const result = submission.reply({ formErrors: [message] });
  return answer({ ...result, initialValue: { ...result.initialValue, opened: String(saved.savedAt) } }, 409);
}

/** A record deleted, as its audit entry says (who, when), or null when the log does not say. */
export type Deleted = { by: string; at: number } | null;

/** That a record a form or link names is gone: who deleted it and when, when the log says. */
export function deletedNotice(what: string, deleted: Deleted, unknown = "it was deleted") {
  return deleted ? `${deleted.by} deleted ${what} at ${formatDateTime(deleted.at)}.` : `${what[0]!.toUpperCase()}${what.slice(1)} is no longer in the table: ${unknown}.`;
}

/** A delete of what is gone already (two admins, a double click without JavaScript): done, by whom and when if known. */
export function deletedAlready(what: string, deleted: Deleted) {
  return `${what} was deleted already${deleted ? `, by ${deleted.by} at ${formatDateTime(deleted.at)}` : ""}.`;
}

/**
 * An edit's save refused for its row deleted meanwhile (another admin's delete): 410, who and when, and the
 * values typed kept in the add form (the reply answers `create`, without the row's id, `original` code or `opened`),
 * so that Add puts them back as a new row; the page's list is already without it. It was a 404 page, the typing lost.
 */
export function refuseDeletedMeanwhile(submission: Replier, { what, noun, unknown }: { what: string; noun: string; unknown?: string }, deleted: Deleted) {
  const message = `${deletedNotice(what, deleted, unknown)} What you typed is below, not saved: Add saves it as a new ${noun}, or leave it for the list as it is now.`;
  const result = submission.reply({ formErrors: [message] });
  const { id: _id, original: _original, opened: _opened, ...typed } = result.initialValue ?? {};
  return answer({ ...result, initialValue: { ...typed, intent: "create" } }, 410);
}
