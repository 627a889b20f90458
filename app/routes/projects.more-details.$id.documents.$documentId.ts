import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireVisibleProject } from "~/auth/project-guards.server";
import { clientAddress, fileResponse, idParam, notFound } from "~/.server/http";
import { DOCUMENT_CONTENT_TYPES } from "~/lib/deal";
import { dataRoomAccess, documentForReader, findDocument } from "~/models/data-room.server";

/** A data room file: for the seller and admins, and buyers with an approved NDA; every download is logged. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role, project } = await requireVisibleProject(args);
  const access = await dataRoomAccess(services.db, project, user, role);
  if (!access) throw notFound();
  const document = await findDocument(services.db, { projectId: project.id, documentId: idParam(args.params, "documentId") });
  if (!document) throw notFound();
  const bytes = await documentForReader(services, document, user, access, clientAddress(args.request));
  if (!bytes) throw notFound();
  return fileResponse(bytes, DOCUMENT_CONTENT_TYPES[document.type], document.name);
}
