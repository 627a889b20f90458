import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { WEIGHT_KEYS, WEIGHT_LABELS, type MatchWeights } from "~/lib/match-score";
import { titleMeta } from "~/lib/meta";
import { matchWeightsSchema } from "~/lib/schemas/matchmaking";
import { matchWeights, saveMatchWeights } from "~/models/matches.server";

export const meta = () => titleMeta("Matchmaking");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const weights = await matchWeights(services.db);
  return json({ weights: Object.fromEntries(WEIGHT_KEYS.map((k) => [k, String(weights[k])])) as Record<keyof MatchWeights, string> });
}

/** New weights apply to every stored match at once (a full recomputation). */
export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: matchWeightsSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  await saveMatchWeights(services.db, { weights: submission.value, actor: user, address: clientAddress(args.request) });
  return redirectWithNotification(services, args.request, "/admin/system/matchmaking-bot", "The match weights are saved and every match is scored again.");
}

export default function MatchmakingPage() {
  const { weights } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: "weights",
    lastResult: result,
    defaultValue: weights,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: matchWeightsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="Matchmaking" />
      <section className="card space-y-3" aria-label="Match weights">
        <h2 className="text-lg font-semibold">Match weights</h2>
        <p className="text-sm text-slate-600">
          The most points each reason can earn. Scores are scaled so that a project matching on every count scores 100, whatever the weights
          add up to; a higher weight makes its reason count for more.
        </p>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            {WEIGHT_KEYS.map((key) => (
              <TextField key={key} meta={fields[key]} label={WEIGHT_LABELS[key]} inputMode="numeric" />
            ))}
          </div>
          <button type="submit" className="btn-primary">
            Save weights
          </button>
        </Form>
      </section>
      <section className="card space-y-2" aria-label="Bot questions">
        <h2 className="text-lg font-semibold">Bot questions</h2>
        <p className="text-sm text-slate-500">The matchmaking bot's questions to buyers will be set here.</p>
      </section>
    </div>
  );
}
