import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { invalid, refuse } from "~/.server/replies";
import { safeRedirect } from "~/lib/redirect";
import { assistantSchema } from "~/lib/schemas/matchmaking-bot";
import { assistantView } from "~/components/matchmaking-assistant.server";
import { assistantFor, dismissProposal, saveProposal, sayToAssistant, startOver } from "~/models/matchmaking-chats.server";

const ASSISTANT_PATH = "/buyers/assistant";
/** The pages that show the assistant: a turn goes back to the one it was sent from. */
const HOSTS = ["/home", "/buyers/search", ASSISTANT_PATH];

function backTo(value: string | undefined) {
  const to = safeRedirect(value, ASSISTANT_PATH);
  const path = to.split(/[?#]/)[0]!;
  return `${HOSTS.includes(path) ? to.split("#")[0] : ASSISTANT_PATH}#assistant`;
}

export async function assistantLoader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "buyer" });
  return { assistant: assistantView(await assistantFor(services, { user })) };
}

/** Each turn is a form post answered with a redirect back to the page it came from. */
export async function assistantAction(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "buyer" });
  const submission = parseWithZod(await readForm(args.request), { schema: assistantSchema() });
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  const back = backTo(value.back);
  switch (value.intent) {
    case "say":
      await sayToAssistant(services, { user, message: value.message });
      return redirect(back);
    case "save": {
      const outcome = await saveProposal(services, { user, address: clientAddress(args.request) });
      if (!outcome.saved) return refuse(submission, outcome.problem, 409);
      return redirectWithNotification(services, args.request, back, "Your criteria are saved.");
    }
    case "dismiss":
      await dismissProposal(services.db, { user });
      return redirect(back);
    case "restart":
      await startOver(services.db, { user });
      return redirect(back);
  }
}
