import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import type { Services } from "~/.server/services";
import { findTeamProject } from "~/models/seller-permissions.server";
import { redirectWithNotification } from "~/auth/session.server";
import { notFound } from "~/.server/http";
import { randomToken } from "~/.server/crypto";
import { projectOptions } from "~/.server/project-options";
import { PageHeader } from "~/components/page-header";
import { readSheet } from "~/.server/spreadsheet";
import { nextTurn } from "~/.server/platform/next-turn";
import { csvFileText, readCsvTableInSteps, type CsvLineError } from "~/lib/csv-import";
import { titleMeta } from "~/lib/meta";
import { KIND_LABELS, STATUS_LABELS, type ProjectKind, type ProjectStatus } from "~/lib/project-kinds";
import { noLongerDraftMessage, refusedLateIn, rememberLateRefusal } from "./late-post.server";
import { createDraft, EDITABLE, saveDraftStep, submitForReview } from "~/models/projects.server";
import { tapeCompletenessOf, replaceLoanTape } from "~/models/loan-tapes.server";
import { allSicCodes, findSicCode } from "~/models/sic-codes.server";
import { KindChooser, ReviewStep, StepForm, StepNav } from "./steps";
import { reviewMarkup } from "./review.server";
import { LOAN_TAPE_MAX_BYTES, fileTooLarge } from "~/lib/upload-limit";
import { LOAN_TAPE_COLUMNS, UNKNOWN_SIC_CODE, formValuesOf, parseLoanTapeInSteps } from "./step-rules.server";
import { isBodyTooLarge, readForm } from "~/.server/body";
import { answer, invalid, refuse, refuseLines, unreadSubmission, type Replier } from "~/.server/replies";
import { formErrorsOf, openedOf, resultFor } from "~/lib/action-result";
import { lookUpAddress, type FoundPlace } from "./lookup.server";
import { formValuesShown, openedStep, shownValue, shownValues, stepEdit } from "./step-edit.server";
import { accountChangedMeanwhileTo } from "~/models/users.server";
import type { Project } from "~/.server/db/schema";
import { parseWithZod, draftIntentSchema, schemaForStep, STEPS } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("List a project");

function draftParams(request: Request) {
  const url = new URL(request.url);
  return { draft: Number(url.searchParams.get("draft")), step: Number(url.searchParams.get("step") || 1) };
}

/** A listing the seller may edit, whatever its status: their own, or a colleague's with "Edit the listing"; 404 otherwise. */
async function teamListing(db: Parameters<typeof findTeamProject>[0], userId: number, id: number) {
  const found = Number.isSafeInteger(id) && id > 0 ? await findTeamProject(db, { userId, projectId: id }) : null;
  if (!found || !found.may.has("edit")) throw notFound();
  return found.project;
}

/**
 * A wizard's page opened (a reload, Back, a step's link) after the listing was submitted, in another
 * tab or by a colleague: the project's page, told why, where a 404 said there was no such listing.
 */
function noLongerEditable(services: Services, request: Request, project: { id: number; status: ProjectStatus }) {
  return redirectWithNotification(services, request, `/sellers/myprojects/${project.id}`, noLongerDraftMessage(project.status), "warning");
}

/**
 * A step, tape or address look-up posted from a tab opened while the listing was still a draft: the
 * step's own page again (409), why as the form's error with the way to the project's page, and the
 * form as it was sent, so what the seller typed is still there to copy; nothing is written.
 */
function refusedLate(context: object, submission: Replier, project: { id: number; status: ProjectStatus }) {
  rememberLateRefusal(context, project.id);
  return refuse(submission, noLongerDraftMessage(project.status), 409, { extra: { projectPage: `/sellers/myprojects/${project.id}`, place: null } });
}

/**
 * With JavaScript the page is not loaded again after a late post: its loader would send the seller
 * to the project's page and take the typed values with the form.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "projectPage" in actionResult ? false : defaultShouldRevalidate;

type ShownOptions = Parameters<typeof shownValue>[2];

/**
 * A step's save refused for a field another tab (or a colleague, or a loan tape's import) changed since the
 * page was opened: the step as it is now, with what this seller changed kept as they typed it, the message on
 * the field, and the page opened on the listing as stored, so that saving again puts theirs in its place.
 */
function theirChangeShown(fields: Replier, step: number, edit: { clash: string; shown: Record<string, string> }, now: Project, options: ShownOptions) {
  const stored = formValuesOf(now);
  const result = fields.reply({ fieldErrors: { [edit.clash]: [accountChangedMeanwhileTo(shownValue(edit.clash, stored[edit.clash] ?? "", options))] } });
  return answer({ ...result, initialValue: { ...result.initialValue, ...edit.shown, step: String(step), intent: "save", opened: JSON.stringify(stored) } }, 409);
}

/** What a submit of a listing no longer a draft tells the seller (a double click's second post, a second tab). */
function submittedAlready(status: ProjectStatus) {
  return status === "submitted"
    ? "This project is submitted for review already. We will let you know when it is published."
    : `This project is no longer a draft (${STATUS_LABELS[status]}).`;
}

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const { draft, step } = draftParams(args.request);
  const options = await projectOptions(services);
  // the Start form's one-time key (decision 083): posted twice (a double click, back and Start again), it starts one draft
  if (!draft) return { project: null, step: 0, options: options.items, values: {}, loans: 0, sicCodes: [], submissionKey: randomToken(16) };
  const project = await teamListing(services.db, user.id, draft);
  // drawn after this request's action refused a late post of it (no JavaScript): the step again, with what was typed
  if (!EDITABLE.includes(project.status) && !refusedLateIn(args.context, project.id)) throw await noLongerEditable(services, args.request, project);
  const current = Math.min(Math.max(Number.isInteger(step) ? step : 1, 1), Math.min(project.draftStep + 1, 4));
  const completeness = project.kind === "loan_pool" ? tapeCompletenessOf(project) : null;
  const loans = project.kind === "loan_pool" ? project.tapeLoans : 0;
  const sicCodes = project.kind === "limited_company" && current === 3 ? await allSicCodes(services.db) : [];
  return {
    project: { id: project.id, kind: project.kind, draftStep: project.draftStep, status: project.status, rejectionReason: project.rejectionReason },
    step: current,
    options: options.items,
    values: formValuesShown(formValuesOf(project)),
    loans,
    completeness,
    sicCodes: sicCodes.map((c) => ({ code: c.code, title: c.title })),
    // the review's list of what was typed, drawn on the server
    // each value as the steps show it: "TX" and "1000000" were listed for Texas and 1,000,000
    review: current === 4 ? reviewMarkup(project.kind, shownValues(formValuesOf(project), options.items), loans) : null,
  };
}

/** A tape as a table of cells, header first: a spreadsheet through the bulk uploads' reader, CSV as is. A string: why it cannot be read. */
async function tapeTable(file: File): Promise<string[][] | CsvLineError> {
  if (/\.xlsx$/i.test(file.name) || file.type.includes("spreadsheetml")) {
    const read = await readSheet(file, { columns: LOAN_TAPE_COLUMNS });
    if (!read.ok) return { line: 1, reason: read.problem };
    const { header, records } = read.sheet;
    return [header, ...records.map((record) => header.map((column) => record[column] ?? ""))];
  }
  return readCsvTableInSteps(await csvFileText(file), LOAN_TAPE_COLUMNS, nextTurn);
}

/** Problems named on the tape field; past them, a count ("… and N more lines with problems."). */
const TAPE_PROBLEMS_NAMED = 200;

/**
 * The loan tape refused: how many problems, and each on the tape field, by line, as the other imports say them:
 * a tape with more than the named ones said "2,000 problems" and listed 200, never saying that others were left out.
 */
function tapeRefused(submission: Replier, problems: Array<{ line: number; reason: string }>, status: number) {
  return refuseLines(submission, "tape", problems.slice(0, TAPE_PROBLEMS_NAMED), status, Math.max(0, problems.length - TAPE_PROBLEMS_NAMED));
}

const TAPE_TOO_LARGE = { line: 0, reason: fileTooLarge(LOAN_TAPE_MAX_BYTES) };

/** A tape chosen but empty (0 bytes: a download cut short, an export that failed) said "Choose a CSV or XLSX file." to a seller who had. */
const emptyTape = (name: string) => `${name} is empty (0 bytes): choose the file with the loans in it.`;

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const { request } = args;
  let form: FormData;
  try {
    form = await readForm(request, LOAN_TAPE_MAX_BYTES + 64 * 1024);
  } catch (error) {
    if (isBodyTooLarge(error)) return tapeRefused(unreadSubmission("tape"), [TAPE_TOO_LARGE], 413);
    throw error;
  }
  // "Look up address" and, without JavaScript, "Import loans" are buttons of the step's form, whose hidden intent says save
  for (const intent of ["lookup", "tape"]) if (form.getAll("intent").includes(intent)) form.set("intent", intent);
  const submission = parseWithZod(form, { schema: draftIntentSchema() });
  if (submission.status !== "success") return invalid(submission);
  const step = submission.value;
  if (step.intent === "start") {
    const project = await createDraft(services.db, user.id, step.kind, step.key || null);
    if (project.repeated) {
      // the first post's draft, wherever it has got to since
      if (!EDITABLE.includes(project.status)) {
        return redirectWithNotification(services, request, `/sellers/myprojects/${project.id}`, submittedAlready(project.status), project.status === "submitted" ? "info" : "warning");
      }
      if (project.kind !== step.kind) {
        const started = `This page started a draft already (${KIND_LABELS[project.kind]}): here it is. To list something else, open List a project again.`;
        return redirectWithNotification(services, request, `/projects/create?draft=${project.id}&step=1`, started, "warning");
      }
    }
    return redirect(`/projects/create?draft=${project.id}&step=1`);
  }

  const project = await teamListing(services.db, user.id, step.draft);
  if (!EDITABLE.includes(project.status)) {
    // submitted by the first of two posts: the second lands where the first would have, told so
    if (step.intent === "submit") {
      return redirectWithNotification(services, request, `/sellers/myprojects/${project.id}`, submittedAlready(project.status), project.status === "submitted" ? "info" : "warning");
    }
    return refusedLate(args.context, submission, project);
  }
  const options = await projectOptions(services);
  switch (step.intent) {
    case "save": {
      // a step opens once the one before it is saved (the loader shows no later one): a later step
      // posted by hand would mark the steps before it done
      if (step.step > project.draftStep + 1) {
        return refuse(submission, `${STEPS[project.draftStep]!.title} is not complete.`, 409);
      }
      // the step's fields, read by the step's own schema now that the draft's kind is known
      const fields = parseWithZod(form, { schema: schemaForStep(step.step, project.kind, options.values) });
      if (fields.status !== "success") return invalid(fields);
      const values = fields.value as Record<string, unknown>;
      // the codes are system data, so the form's schema cannot know them: checked here, answered on the field
      if (typeof values.sicCode === "string" && !(await findSicCode(services.db, values.sicCode))) {
        return answer(fields.reply({ fieldErrors: { sicCode: [UNKNOWN_SIC_CODE] } }), 400);
      }
      const schema = schemaForStep(step.step, project.kind, options.values) as unknown as Parameters<typeof stepEdit>[0]["schema"];
      const opened = openedStep(fields.payload);
      // the write is conditioned on what it read: another save landing in between is read again, and
      // answered as one made before this post's (a clash) if it changed the same field
      for (let now = project, attempt = 0; ; attempt++) {
        const edit = stepEdit({ kind: now.kind, step: step.step, schema, values, typed: fields.payload, opened, now });
        if ("clash" in edit) return theirChangeShown(fields, step.step, edit, now, options.items);
        if (await saveDraftStep(services.db, now.sellerId, now.id, step.step, edit.columns, opened ? now : undefined)) break;
        now = await teamListing(services.db, user.id, project.id);
        // submitted between the read above and this write: the update, conditioned on the status, wrote nothing
        if (!EDITABLE.includes(now.status)) return refusedLate(args.context, submission, now);
        if (attempt === 2) return refuse(submission, "The listing is being saved elsewhere at this moment. Save again.", 409);
      }
      if (step.then === "exit") {
        return redirectWithNotification(services, request, "/sellers/myprojects/drafts", "Your draft is saved.");
      }
      return redirect(`/projects/create?draft=${project.id}&step=${step.step + 1}`);
    }
    case "tape": {
      if (project.kind !== "loan_pool") throw notFound();
      const file = step.tape;
      // a browser sends an input left empty as a file of no name and no bytes; a file chosen and empty has its name
      if (!file || (file.size === 0 && !file.name)) return tapeRefused(submission, [{ line: 0, reason: "Choose a CSV or XLSX file." }], 400);
      if (file.size === 0) return tapeRefused(submission, [{ line: 0, reason: emptyTape(file.name) }], 400);
      if (file.size > LOAN_TAPE_MAX_BYTES) return tapeRefused(submission, [TAPE_TOO_LARGE], 413);
      const table = await tapeTable(file);
      if (!Array.isArray(table)) return tapeRefused(submission, [table], 400);
      const parsed = await parseLoanTapeInSteps(table, { states: options.values.usStates, statuses: options.values.loanStatus }, nextTurn);
      if (parsed.errors.length) return tapeRefused(submission, parsed.errors, 400);
      // only while it is still editable: submitted (or published) while the tape was read, it keeps the tape under review
      if (!(await replaceLoanTape(services.db, project.id, parsed.rows, { onlyWhile: EDITABLE }))) {
        return refusedLate(args.context, submission, await teamListing(services.db, user.id, project.id));
      }
      const imported = `${parsed.rows.length} loans imported from ${file.name}.`;
      // sent with the step's fields (without JavaScript): the page again with what was typed and not yet saved
      if (form.has("step")) return answer(submission.reply(), 200, { imported });
      return redirectWithNotification(services, request, `/projects/create?draft=${project.id}&step=3`, imported);
    }
    case "lookup": {
      if (project.kind !== "real_estate") throw notFound();
      return lookUpAddress(services, step, submission);
    }
    case "submit": {
      const values = formValuesOf(project);
      const incomplete = [1, 2, 3].filter((s) => !schemaForStep(s, project.kind, options.values).safeParse(values).success);
      const missingTape = project.kind === "loan_pool" && project.tapeLoans === 0;
      const unknownSic = project.kind === "limited_company" && !incomplete.includes(3) && !(await findSicCode(services.db, values.sicCode ?? ""));
      if (incomplete.length || missingTape || unknownSic) {
        const formErrors = [
          ...incomplete.map((s) => `${STEPS[s - 1]!.title} is not complete.`),
          ...(missingTape ? ["Upload the loan tape (step Details)."] : []),
          ...(unknownSic ? [`${UNKNOWN_SIC_CODE} (step Details)`] : []),
        ];
        return answer(submission.reply({ formErrors }), 400);
      }
      await submitForReview(services.db, { sellerId: project.sellerId, projectId: project.id });
      return redirectWithNotification(
        services,
        request,
        `/sellers/myprojects/${project.id}`,
        "Submitted for review. We will let you know when it is published.",
      );
    }
  }
}

export default function CreateProjectPage() {
  const data = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const result = answered?.result;
  const place = answered && "place" in answered ? (answered.place as FoundPlace | null) : null;
  const projectPage = answered && "projectPage" in answered ? (answered.projectPage as string) : null;
  const imported = answered && "imported" in answered ? (answered.imported as string) : null;
  if (!data.project) {
    return (
      <div className="max-w-3xl">
        <PageHeader title="List a project" />
        <KindChooser submissionKey={data.submissionKey} lastResult={resultFor(result, "start")} />
      </div>
    );
  }
  const kind = data.project.kind as ProjectKind;
  // refused, the step stays opened on what it was sent with (or, after a clash, on the listing as it is now)
  const opened = openedOf(resultFor(result, ["save", "lookup", "tape"], { step: data.step }));
  return (
    <div className="max-w-3xl">
      <PageHeader title="List a project" />
      {data.project.status === "rejected" && data.project.rejectionReason ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Returned by our team: {data.project.rejectionReason}
        </p>
      ) : null}
      <StepNav draftId={data.project.id} current={data.step} reached={data.project.draftStep} />
      {data.step === 4 ? (
        <ReviewStep draftId={data.project.id} review={data.review!} completeness={data.completeness} incomplete={formErrorsOf(resultFor(result, "submit"))} />
      ) : (
        <StepForm
          key={`${data.step}:${opened ?? ""}`}
          draftId={data.project.id}
          step={data.step}
          kind={kind}
          options={data.options}
          values={data.values}
          opened={opened ?? JSON.stringify(data.values)}
          loans={data.loans}
          completeness={data.completeness}
          sicCodes={data.sicCodes}
          result={result}
          place={place}
          projectPage={projectPage}
          imported={imported}
        />
      )}
    </div>
  );
}
