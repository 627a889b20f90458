import { getFormProps, useForm, type FieldMetadata } from "~/components/form-state";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { invalid, openedSave, refuseSavedMeanwhile } from "~/.server/replies";
import { FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { openedOf, resultFor } from "~/lib/action-result";
import { WEIGHT_KEYS, WEIGHT_LABELS, type MatchWeights } from "~/lib/match-score";
import { BOT_QUESTION_TOPICS } from "~/lib/matchmaking-bot";
import { titleMeta } from "~/lib/meta";
import { matchmakingPageSchema } from "~/lib/schemas/index.server";
import { botQuestions, botQuestionsSavedAt, saveBotQuestions } from "~/models/bot-questions.server";
import { matchWeights } from "~/models/matches.server";
import { listingsToRescore, matchWeightsSavedAt, saveMatchWeights } from "~/models/match-rescoring.server";
import { RescoringProgress } from "./rescoring-progress";
import { parseWithZod, questionsFromForm } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Matchmaking");

const HERE = "/admin/system/matchmaking-bot";

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const [weights, questions, rescoring, questionsSavedAt, weightsSavedAt] = await Promise.all([
    matchWeights(services.db),
    botQuestions(services.db),
    listingsToRescore(services.db),
    botQuestionsSavedAt(services.db),
    matchWeightsSavedAt(services.db),
  ]);
  return {
    rescoring,
    questionsSavedAt,
    weightsSavedAt,
    weights: Object.fromEntries(WEIGHT_KEYS.map((k) => [k, String(weights[k])])) as Record<keyof MatchWeights, string>,
    questions,
  };
}

/** New weights apply to every stored match at once (a full recomputation); new questions to the next answer. */
export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: matchmakingPageSchema() });
  if (submission.status !== "success") return invalid(submission);
  const address = clientAddress(args.request);
  const value = submission.value;
  // when what the form showed was saved; missing, an older page's save is written as before
  const opened = openedSave(submission.payload);
  if (value.intent === "questions") {
    const saved = await saveBotQuestions(services.db, { questions: questionsFromForm(value), actor: user, address, opened });
    if (saved !== true) return refuseSavedMeanwhile(submission, "the questions", saved);
    return redirectWithNotification(services, args.request, HERE, "The assistant's questions are saved.");
  }
  const { intent: _intent, ...weights } = value;
  const left = await saveMatchWeights(services.db, { weights, actor: user, address, opened });
  if (typeof left !== "number") return refuseSavedMeanwhile(submission, "the match weights", left);
  return redirectWithNotification(
    services,
    args.request,
    HERE,
    left === 0
      ? "The match weights are saved and every match is scored again."
      : "The match weights are saved. Every match is being scored again with them: this page shows how far it has come.",
  );
}

export default function MatchmakingPage() {
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="Matchmaking" />
      <RescoringProgress listingsLeft={useLoaderData<typeof loader>().rescoring} />
      <WeightsForm />
      <QuestionsForm />
    </div>
  );
}

function WeightsForm() {
  const { weights, weightsSavedAt } = useLoaderData<typeof loader>();
  const result = resultFor(useActionData<typeof action>()?.result, "weights");
  // the save the page shows (or, after a refusal, the other admin's it was refused for)
  const opened = openedOf(result) ?? (weightsSavedAt === null ? "" : String(weightsSavedAt));
  const [form, fields] = useForm({
    id: "weights",
    lastResult: result,
    defaultValue: { ...weights, intent: "weights" },
    schema: () => import("~/lib/schemas/matchmaking").then((m) => m.matchmakingPageSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const weightFields = fields as unknown as Record<keyof MatchWeights, FieldMetadata<string | undefined>>;
  return (
    <section className="card space-y-3" aria-labelledby="weights-heading">
      <h2 id="weights-heading" className="text-lg font-semibold">
        Match weights
      </h2>
      <p className="text-sm text-slate-600">
        The most points each reason can earn. Scores are scaled so that a project matching on every count scores 100, whatever the weights add
        up to; a higher weight makes its reason count for more.
      </p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="weights" />
        <input type="hidden" name="opened" value={opened} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          {WEIGHT_KEYS.map((key) => (
            <TextField key={key} meta={weightFields[key]} label={WEIGHT_LABELS[key]} inputMode="numeric" />
          ))}
        </div>
        <button type="submit" className="btn-primary">
          Save weights
        </button>
      </Form>
    </section>
  );
}

/** The assistant's questions: each one's words, its place in the order, and whether it is asked at all. */
function QuestionsForm() {
  const { questions, questionsSavedAt } = useLoaderData<typeof loader>();
  const result = resultFor(useActionData<typeof action>()?.result, "questions");
  // the save the page shows (or, after a refusal, the other admin's it was refused for)
  const opened = openedOf(result) ?? (questionsSavedAt === null ? "" : String(questionsSavedAt));
  const defaults = Object.fromEntries(
    questions.flatMap((q, i) => [
      [`text_${q.key}`, q.text],
      [`order_${q.key}`, String(i + 1)],
      [`enabled_${q.key}`, q.enabled ? "on" : undefined],
    ]),
  );
  const [form, fields] = useForm({
    id: "questions",
    lastResult: result,
    defaultValue: { ...defaults, intent: "questions" },
    schema: () => import("~/lib/schemas/matchmaking").then((m) => m.matchmakingPageSchema()),
    shouldValidate: "onSubmit",
  });
  const byName = fields as unknown as Record<string, FieldMetadata<string | undefined>>;
  return (
    <section className="card space-y-3" aria-labelledby="questions-heading">
      <h2 id="questions-heading" className="text-lg font-semibold">
        Assistant questions
      </h2>
      <p className="text-sm text-slate-600">
        What the matchmaking assistant asks buyers, in order (1 first). A question turned off is not asked; buyers can still tell it anything at
        any time.
      </p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="questions" />
        <input type="hidden" name="opened" value={opened} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {questions.map((q) => (
          <fieldset key={q.key} className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-[1fr_6rem_auto]" data-testid={`question-${q.key}`}>
            <legend className="text-sm font-medium">{BOT_QUESTION_TOPICS[q.key]}</legend>
            <TextField meta={byName[`text_${q.key}`]!} label="Question" />
            <TextField meta={byName[`order_${q.key}`]!} label="Order" inputMode="numeric" />
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              {/* as posted when the save was refused: the saved value put back a box the admin had just changed */}
              <input type="checkbox" name={`enabled_${q.key}`} value="on" defaultChecked={byName[`enabled_${q.key}`]!.initialValue === "on"} />
              Asked
            </label>
          </fieldset>
        ))}
        <button type="submit" className="btn-primary">
          Save questions
        </button>
      </Form>
    </section>
  );
}
