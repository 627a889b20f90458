import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/server-runtime";
import type { GuardArgs } from "~/auth/guards.server";
import type { requireWorkspace } from "~/auth/project-guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { workspacePath } from "~/lib/deal";
import { messageSchema, offerTermsSchema } from "~/lib/schemas/deal";
import { postMessage } from "~/models/negotiations.server";
import { dealServices } from "~/models/notifications.server";
import { actOnOffer, findOffer, offerParties, offerProblemMessage, submitOffer } from "~/models/offers.server";

type Workspace = Awaited<ReturnType<typeof requireWorkspace>>;

/** What a buyer does in the workspace: write to the seller, make, revise, accept or withdraw an offer. */
export async function workspaceIntent(args: GuardArgs, { services, user, project }: Workspace) {
  const deal = dealServices(services);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const here = workspacePath(user.roles, project.id);
  if (intent === "message") {
    const submission = parseWithZod(form, { schema: messageSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await postMessage(deal, project, user, user, submission.value.body);
    return redirectWithNotification(services, args.request, `${here}#negotiation`, "Message sent.");
  }
  const parties = await offerParties(services.db, project, user);
  if (intent === "offer" || intent === "revise") {
    const submission = parseWithZod(form, { schema: offerTermsSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    const { note, ...terms } = submission.value;
    let outcome;
    if (intent === "offer") {
      outcome = await submitOffer(deal, parties, terms);
    } else {
      const offer = await findOffer(services.db, project.id, Number(form.get("offerId")));
      if (!offer || offer.buyerId !== user.id) return json({ intent, result: submission.reply({ formErrors: [offerProblemMessage("not-open", "buyer")] }) }, { status: 404 });
      outcome = await actOnOffer(deal, parties, offer, user, "buyer", "revised", { terms, note });
    }
    if (typeof outcome === "string") return json({ intent, result: submission.reply({ formErrors: [offerProblemMessage(outcome, "buyer")] }) }, { status: 409 });
    return redirectWithNotification(services, args.request, `${here}#offers`, intent === "offer" ? "Your offer is sent to the seller." : "Your revised offer is sent.");
  }
  if (intent === "accept" || intent === "withdraw") {
    const offer = await findOffer(services.db, project.id, Number(form.get("offerId")));
    if (!offer || offer.buyerId !== user.id) return json({ intent, error: offerProblemMessage("not-open", "buyer") }, { status: 404 });
    const outcome = await actOnOffer(deal, parties, offer, user, "buyer", intent === "accept" ? "accepted" : "withdrawn");
    if (typeof outcome === "string") return json({ intent, error: offerProblemMessage(outcome, "buyer") }, { status: 409 });
    return redirectWithNotification(
      services,
      args.request,
      `${here}#offers`,
      intent === "accept" ? "You accepted the seller's counter-offer." : "Your offer is withdrawn.",
    );
  }
  return json({ intent, error: "Unknown request" }, { status: 400 });
}
