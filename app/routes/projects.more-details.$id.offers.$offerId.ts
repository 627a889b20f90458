import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireVisibleProject } from "~/auth/project-guards.server";
import { fileResponse, idParam, notFound } from "~/.server/http";
import { findOffer, loiPdfKey } from "~/models/offers.server";

/** A letter of intent as a PDF, the current terms or an earlier revision: for its buyer, the seller and admins. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, project, manages } = await requireVisibleProject(args);
  const offer = await findOffer(services.db, { projectId: project.id, offerId: idParam(args.params, "offerId") });
  if (!offer || (!manages && offer.buyerId !== user.id)) throw notFound();
  const asked = new URL(args.request.url).searchParams.get("revision");
  const revision = asked === null ? offer.revision : Number(asked);
  if (!Number.isSafeInteger(revision) || revision < 1) throw notFound();
  const key = await loiPdfKey(services.db, offer, revision);
  if (!key) throw notFound();
  const bytes = await services.files.get(key);
  if (!bytes) throw notFound();
  return fileResponse(bytes, "application/pdf", `LOI-${project.id}-${offer.id}-r${revision}.pdf`, { download: false });
}
