import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/server-runtime";
import { redirectWithNotification, requireUser, type GuardArgs } from "~/auth/guards.server";
import { defaultNdaParagraphs } from "~/.server/documents/nda";
import { clientAddress, notFound, idParam } from "~/.server/http";
import { NDA_APPROVED, workspacePath } from "~/lib/deal";
import { signNdaSchema } from "~/lib/schemas/deal";
import { findContractByEnvelope, ndaSettingsOf, signNda } from "~/models/contracts.server";
import { dealServices } from "~/models/notifications.server";
import { findVisibleProject, sellerCompanyOf } from "~/models/projects.server";
import { readForm } from "~/.server/body";

/** The envelope of the signed-in member, on the project the URL names; anything else is not found. */
async function requireEnvelope(args: GuardArgs) {
  const { services, user, role } = await requireUser(args);
  const contract = await findContractByEnvelope(services.db, args.params?.envelopeId ?? "");
  if (!contract || contract.buyerId !== user.id || contract.projectId !== idParam(args.params)) throw notFound();
  const project = await findVisibleProject(services.db, { id: user.id, role }, contract.projectId);
  if (!project) throw notFound();
  return { services, user, contract, project };
}

/** The signing page (and where a signing provider returns to): the NDA, and the signature form while it is unsigned. */
export async function signingLoader(args: GuardArgs) {
  const { services, user, contract, project } = await requireEnvelope(args);
  const [settings, sellerCompany] = await Promise.all([ndaSettingsOf(services.db, project.id), sellerCompanyOf(services.db, project)]);
  return json({
    project: { id: project.id, projectName: project.projectName },
    envelope: {
      id: contract.envelopeId,
      status: contract.ndaStatus,
      signedAt: contract.signedAt,
      signerName: contract.signerName,
      signedSha256: contract.signedSha256,
    },
    documentPath: `/projects/more-details/${project.id}/nda/${contract.envelopeId}`,
    workspacePath: workspacePath(user.roles, project.id),
    // an uploaded template is read as its PDF; the default one is shown here as text too
    paragraphs: settings.templateKey ? null : defaultNdaParagraphs({ projectName: project.projectName, sellerCompany }),
    suggestedName: user.name,
  });
}

export async function signingAction(args: GuardArgs) {
  const { services, user, contract, project } = await requireEnvelope(args);
  const submission = parseWithZod(await readForm(args.request), { schema: signNdaSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  if (contract.ndaStatus !== "Requested") {
    return json(submission.reply({ formErrors: ["This NDA is signed already."] }), { status: 409 });
  }
  const signed = await signNda(dealServices(services), contract, project, user, {
    signerName: submission.value.signerName,
    ipAddress: clientAddress(args.request),
    userAgent: args.request.headers.get("User-Agent") ?? "",
  });
  const approved = signed.ndaStatus === NDA_APPROVED;
  return redirectWithNotification(
    services,
    args.request,
    approved ? workspacePath(user.roles, project.id) : `/projects/more-details/${project.id}`,
    approved ? "NDA signed and approved: the workspace is open." : "NDA signed. The seller will review it.",
  );
}
