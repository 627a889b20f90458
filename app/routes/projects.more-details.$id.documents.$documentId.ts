import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { findDealProject } from "~/models/buyer-deal.server";
import { findTeamProject } from "~/models/seller-permissions.server";
import { clientAddress, fileResponse, idParam, notFound, onlyAsks } from "~/.server/http";
import { DOCUMENT_CONTENT_TYPES } from "~/lib/deal";
import { dataRoomAccess, documentForReader, findDocument } from "~/models/data-room.server";

/**
 * A data room file: for the seller's team and admins, and buyers with an approved NDA (on a sold
 * listing, its buyer's alone: decision 092); every download is logged (a HEAD downloads nothing).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  const projectId = idParam(args.params);
  // a colleague's project may be one buyers cannot see yet (a draft): the team finds it first
  // (a member who buys and sells acts here as a buyer: their team's projects are theirs all the same)
  const team = user.roles.includes("ROLE_SELLER") ? await findTeamProject(services.db, { userId: user.id, projectId }) : null;
  const project = team?.project ?? (await findDealProject(services.db, { id: user.id, role }, projectId))?.project;
  if (!project) throw notFound();
  const access = await dataRoomAccess(services.db, project, user, team ? "seller" : role);
  if (!access) throw notFound();
  const document = await findDocument(services.db, { projectId: project.id, documentId: idParam(args.params, "documentId") });
  if (!document) throw notFound();
  const sends = !onlyAsks(args.request);
  const bytes = await documentForReader(services, document, user, access, { ipAddress: clientAddress(args.request), sends });
  if (!bytes) throw notFound();
  if (bytes === "unreadable") {
    return new Response("This document cannot be opened: its PDF is password-protected or damaged. Ask the seller to upload it again.", {
      status: 422,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return fileResponse(bytes, DOCUMENT_CONTENT_TYPES[document.type], document.name);
}
