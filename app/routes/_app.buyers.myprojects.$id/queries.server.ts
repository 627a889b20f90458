import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/server-runtime";
import { redirectWithNotification, type GuardArgs } from "~/auth/guards.server";
import { requireWorkspace } from "~/auth/deal-guard.server";
import { clientAddress } from "~/.server/http";
import { messageSchema, offerTermsSchema } from "~/lib/schemas/deal";
import { workspacePath } from "~/lib/deal";
import { listDocuments, logDocumentEvent } from "~/models/data-room.server";
import { findPass } from "~/models/feedback.server";
import { markThreadRead, postMessage, threadMessages } from "~/models/negotiations.server";
import { dealServices } from "~/models/notifications.server";
import { actOnOffer, findOffer, offerParties, offerProblemMessage, offersOnProject, submitOffer } from "~/models/offers.server";
import { loanTape } from "~/models/projects.server";
import { readForm } from "~/.server/body";

type Section = "buyers" | "brokers";

/** The buyer's side of a deal: the full listing, the data room, the thread with the seller, offers. */
export async function workspaceLoader(args: GuardArgs, section: Section) {
  const { services, user, project, contract } = await requireWorkspace(args, section);
  const [documents, thread, offers, loans, pass] = await Promise.all([
    contract.dataRoomBlocked ? Promise.resolve([]) : listDocuments(services.db, project.id),
    threadMessages(services.db, project.id, user.id),
    offersOnProject(services.db, project.id, user.id),
    project.kind === "loan_pool" ? loanTape(services.db, project.id) : Promise.resolve([]),
    findPass(services.db, project.id, user.id),
  ]);
  const ip = clientAddress(args.request);
  // opening the data room is a view in the audit log; the thread is read once shown
  services.waitUntil(
    Promise.all([
      contract.dataRoomBlocked
        ? Promise.resolve()
        : logDocumentEvent(services.db, { projectId: project.id, documentId: null, documentName: "Data room", userId: user.id, action: "view", ipAddress: ip }),
      markThreadRead(services.db, project.id, user.id, user.id),
    ]),
  );
  return json({
    project,
    contract: { envelopeId: contract.envelopeId, signedAt: contract.signedAt, dataRoomBlocked: contract.dataRoomBlocked },
    documents,
    thread,
    offers,
    loans: loans.slice(0, 500),
    loanCount: loans.length,
    passedAt: pass?.createdAt ?? null,
    me: user.id,
    dealsPath: `/${section}/myprojects/index_new`,
  });
}

export async function workspaceAction(args: GuardArgs, section: Section) {
  const { services, user, project } = await requireWorkspace(args, section);
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
