import { parseWithZod } from "@conform-to/zod/v4";
import type { GuardArgs } from "~/auth/guards.server";
import type { requireWorkspaceStep } from "~/auth/project-guards.server";
import type { ClosedStep } from "~/components/closed-listing.server";
import { closedListingAnswer } from "./closed-listing.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { invalid, refuse } from "~/.server/replies";
import { workspacePath } from "~/lib/deal";
import { workspaceIntentSchema } from "~/lib/schemas/deal";
import { postMessage } from "~/models/negotiations.server";
import { dealServices } from "~/models/notifications.server";
import { actOnOffer, findOffer, offerParties, offerProblemMessage, submitOffer } from "~/models/offers.server";

type Workspace = Awaited<ReturnType<typeof requireWorkspaceStep>>;

/** Why a step in the workspace of a sold listing (its buyer's, decision 092) is refused. */
export const SOLD_READ_ONLY = "This listing is sold: its workspace is yours to read, and takes no new step.";

const CLOSED_STEPS: Record<string, ClosedStep> = { offer: "offer", revise: "revised offer", accept: "answer to the offer", withdraw: "answer to the offer" };

/** What a buyer does in the workspace, read by workspaceIntentSchema: write to the seller, make, revise, accept or withdraw an offer. */
export async function workspaceIntent(args: GuardArgs, workspace: Workspace) {
  const submission = parseWithZod(await readForm(args.request), { schema: workspaceIntentSchema() });
  // the listing left the market since the page was read: said so whatever was typed, which the answer keeps
  if (workspace.closed) return closedListingAnswer(args.request, submission, workspace.closed, CLOSED_STEPS[String(submission.payload.intent)] ?? "message");
  const { services, user, project, soldToViewerAt } = workspace;
  const deal = dealServices(services);
  if (submission.status !== "success") return invalid(submission);
  // the models refuse an offer's step on a listing no longer published too; a message they would store
  if (soldToViewerAt) return refuse(submission, SOLD_READ_ONLY, 409);
  const step = submission.value;
  const here = workspacePath(user.roles, project.id);
  switch (step.intent) {
    case "message": {
      // a repeat of the same form (its key) stores and tells nothing more, and lands where the first did
      await postMessage(deal, project, user, user, step.body, step.key || null);
      return redirectWithNotification(services, args.request, `${here}#negotiation`, "Message sent.");
    }
    case "offer": {
      const { intent: _intent, note: _note, ...terms } = step;
      const outcome = await submitOffer(deal, await offerParties(services.db, project, user), terms);
      if (typeof outcome === "string") return refuse(submission, offerProblemMessage(outcome, "buyer"), 409);
      return redirectWithNotification(services, args.request, `${here}#offers`, "Your offer is sent to the seller.");
    }
    case "revise":
    case "accept":
    case "withdraw": {
      const offer = await findOffer(services.db, { projectId: project.id, offerId: step.offerId });
      if (!offer || offer.buyerId !== user.id) return refuse(submission, offerProblemMessage("not-open", "buyer"), 404);
      const parties = await offerParties(services.db, project, user);
      let outcome;
      if (step.intent === "revise") {
        const { intent: _intent, offerId: _offerId, revision: seen, note, ...terms } = step;
        outcome = await actOnOffer(deal, parties, offer, user, "buyer", "revised", { terms, note, seen });
      } else if (step.intent === "accept") {
        outcome = await actOnOffer(deal, parties, offer, user, "buyer", "accepted", { seen: step.revision });
      } else {
        // a withdrawal takes the buyer out whatever the terms are now
        outcome = await actOnOffer(deal, parties, offer, user, "buyer", "withdrawn");
      }
      if (typeof outcome === "string") return refuse(submission, offerProblemMessage(outcome, "buyer"), 409);
      const done = { revise: "Your revised offer is sent.", accept: "You accepted the seller's counter-offer.", withdraw: "Your offer is withdrawn." }[step.intent];
      return redirectWithNotification(services, args.request, `${here}#offers`, done);
    }
  }
}
