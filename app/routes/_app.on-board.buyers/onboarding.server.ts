import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/server-runtime";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { safeRedirect } from "~/lib/redirect";
import { clientAddress } from "~/.server/http";
import { answer, invalid } from "~/.server/replies";
import type { Services } from "~/.server/services";
import { saysNothing, stepSchema } from "~/lib/schemas/onboarding";
import { choicesOf, conversationSoFar, ONBOARD_PATHS, previousStep, sideOfPath, type AnswerValues, type OnboardingOptions } from "~/lib/onboarding";
import type { OnboardSide } from "~/lib/onboard-chats";
import { criteriaOptions } from "~/models/buyer-criteria.server";
import { answerStep, chatPage, skipStep, stepBack } from "~/models/onboard-chats.server";

const ROLES_OF = { buyer: ["buyer", "broker"], seller: ["seller"] } as const;

async function guard(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const url = new URL(args.request.url);
  const side: OnboardSide = sideOfPath(url.pathname);
  const guarded = await requireUser(args, { role: ROLES_OF[side] });
  // the page a visitor wanted before joining: where the chat ends
  const wanted = safeRedirect(url.searchParams.get("redirect"), "");
  const here = wanted ? `${ONBOARD_PATHS[side]}?${new URLSearchParams({ redirect: wanted })}` : ONBOARD_PATHS[side];
  return { ...guarded, side, wanted, here };
}

async function optionsOf(services: Services): Promise<OnboardingOptions> {
  const [criteria, businessTypes] = await Promise.all([criteriaOptions(services.content), services.content.options("businessDescriptions")]);
  return { ...criteria, businessTypes: businessTypes.map((o) => o.value) };
}

export async function onboardingLoader(args: LoaderFunctionArgs) {
  const { services, user, side, role, wanted } = await guard(args);
  const [page, options] = await Promise.all([chatPage(services.db, { user, side }), optionsOf(services)]);
  const { chat, step } = page;
  const completed = chat?.status === "completed";
  const fields = step.kind === "company" ? ["customerName", "website"] : [step.key];
  return {
    side,
    completed,
    options,
    conversation: conversationSoFar(side, completed ? "" : step.key, chat?.transcript ?? []),
    step: {
      key: step.key,
      question: step.question[side],
      hint: step.hint ?? null,
      kind: step.kind,
      optional: step.optional,
      choices: choicesOf(step, options),
      first: !previousStep(side, step.key),
    },
    defaults: Object.fromEntries(fields.map((f) => [f, page.defaults[f] ?? ""])),
    companyKept: step.kind === "company" && page.companyKept ? page.customer?.name ?? null : null,
    // a member with no company of their own yet (a name that matched another company): answers wait in the transcript
    unattached: Boolean(chat && !chat.customerId),
    finish: role === "broker" ? "/brokers/search" : "/buyers/search",
    wanted: wanted || null,
  };
}

/** Each answer is saved at once and answered with a redirect to the next question (or the end). */
export async function onboardingAction(args: ActionFunctionArgs) {
  const { services, user, side, role, wanted, here } = await guard(args);
  const [page, options, form] = await Promise.all([chatPage(services.db, { user, side }), optionsOf(services), readForm(args.request)]);
  // a second tab, or a question answered meanwhile: show the page as it is now
  if (page.chat?.status === "completed" || form.get("step") !== page.step.key) return redirect(here);
  const submission = parseWithZod(form, { schema: stepSchema(page.step, options) });
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  const who = { user, side, address: clientAddress(args.request) };
  if (value.intent === "back") {
    await stepBack(services.db, { ...who, stepKey: value.step });
    return redirect(here);
  }
  const done =
    value.intent === "skip" || (page.step.optional && saysNothing(page.step, value))
      ? await skipStep(services, { ...who, stepKey: value.step })
      : await answerStep(services, { ...who, value: value as AnswerValues });
  if (!done.ok) return answer(submission.reply({ fieldErrors: { [done.field]: [done.message] } }), 409);
  if (!done.completed) return redirect(here);
  if (side === "seller") return redirectWithNotification(services, args.request, here, "Thank you: your account is set up.");
  const finish = wanted || (role === "broker" ? "/brokers/search" : "/buyers/search");
  return redirectWithNotification(services, args.request, finish, "Thank you: your account is set up. Here are the projects on the market.");
}
