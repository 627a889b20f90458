import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireVisibleProject } from "~/auth/project-guards.server";
import { fileResponse, notFound } from "~/.server/http";
import { findContractByEnvelope } from "~/models/contracts.server";

/** The NDA of an envelope (signed, once it is): for its signer, the seller and admins. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, project, manages } = await requireVisibleProject(args);
  const contract = await findContractByEnvelope(services.db, args.params?.envelopeId ?? "");
  if (!contract || contract.projectId !== project.id || (!manages && contract.buyerId !== user.id)) throw notFound();
  const bytes = await services.files.get(contract.signedKey ?? contract.documentKey);
  if (!bytes) throw notFound();
  const name = `NDA-${project.id}-${contract.signedKey ? "signed" : "unsigned"}.pdf`;
  return fileResponse(bytes, "application/pdf", name, { download: false });
}
