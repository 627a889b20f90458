import { and, eq } from "drizzle-orm";
import { requireUser, type GuardArgs } from "~/auth/guards.server";
import { offerEvents } from "~/.server/db/schema";
import { clientAddress, fileResponse, notFound, idParam } from "~/.server/http";
import { DOCUMENT_CONTENT_TYPES } from "~/lib/deal";
import { findContractByEnvelope } from "~/models/contracts.server";
import { dataRoomAccess, documentForReader, findDocument } from "~/models/data-room.server";
import { findOffer } from "~/models/offers.server";
import { findVisibleProject } from "~/models/projects.server";

async function requireProject(args: GuardArgs) {
  const guarded = await requireUser(args);
  const project = await findVisibleProject(guarded.services.db, { id: guarded.user.id, role: guarded.role }, idParam(args.params));
  if (!project) throw notFound();
  const manages = guarded.role === "admin" || project.sellerId === guarded.user.id;
  return { ...guarded, project, manages };
}

/** A data room file: for the seller and admins, and buyers with an approved NDA; every download is logged. */
export async function documentDownload(args: GuardArgs) {
  const { services, user, role, project } = await requireProject(args);
  const access = await dataRoomAccess(services.db, project, user, role);
  if (!access) throw notFound();
  const document = await findDocument(services.db, project.id, idParam(args.params, "documentId"));
  if (!document) throw notFound();
  const bytes = await documentForReader(services, document, user, access, clientAddress(args.request));
  if (!bytes) throw notFound();
  return fileResponse(bytes, DOCUMENT_CONTENT_TYPES[document.type], document.name);
}

/** The NDA of an envelope (signed, once it is): for its signer, the seller and admins. */
export async function ndaDownload(args: GuardArgs) {
  const { services, user, project, manages } = await requireProject(args);
  const contract = await findContractByEnvelope(services.db, args.params?.envelopeId ?? "");
  if (!contract || contract.projectId !== project.id || (!manages && contract.buyerId !== user.id)) throw notFound();
  const bytes = await services.files.get(contract.signedKey ?? contract.documentKey);
  if (!bytes) throw notFound();
  const name = `NDA-${project.id}-${contract.signedKey ? "signed" : "unsigned"}.pdf`;
  return fileResponse(bytes, "application/pdf", name, { download: false });
}

/** A letter of intent as a PDF, the current terms or an earlier revision: for its buyer, the seller and admins. */
export async function loiDownload(args: GuardArgs) {
  const { services, user, project, manages } = await requireProject(args);
  const offer = await findOffer(services.db, project.id, idParam(args.params, "offerId"));
  if (!offer || (!manages && offer.buyerId !== user.id)) throw notFound();
  const asked = new URL(args.request.url).searchParams.get("revision");
  const revision = asked === null ? offer.revision : Number(asked);
  if (!Number.isSafeInteger(revision) || revision < 1) throw notFound();
  let key = offer.pdfKey;
  if (revision !== offer.revision) {
    const event = await services.db.query.offerEvents.findFirst({
      where: and(eq(offerEvents.offerId, offer.id), eq(offerEvents.revision, revision)),
    });
    if (!event?.pdfKey) throw notFound();
    key = event.pdfKey;
  }
  const bytes = await services.files.get(key);
  if (!bytes) throw notFound();
  return fileResponse(bytes, "application/pdf", `LOI-${project.id}-${offer.id}-r${revision}.pdf`, { download: false });
}
