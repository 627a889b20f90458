import type { Services } from "~/.server/services";
import { markThreadRead } from "~/models/negotiations.server";

type Visit = { projectId: number; buyerId: number; ipAddress: string; dataRoomOpen: boolean; lastShownMessage: number; readUpTo: number };

/**
 * What opening the workspace records, after the answer: the data room's opening in the seller's
 * audit log, through the writer of rows stored later (a GET writes nothing itself); and the thread
 * read as far as the page showed it, written only when that moves the member's marker.
 */
export function recordWorkspaceVisit(services: Services, { projectId, buyerId, ipAddress, dataRoomOpen, lastShownMessage, readUpTo }: Visit) {
  if (dataRoomOpen) services.recordDataRoomView({ projectId, userId: buyerId, ipAddress, at: Date.now() });
  if (lastShownMessage > readUpTo) services.waitUntil(markThreadRead(services.db, { projectId, buyerId, userId: buyerId, shownUpTo: lastShownMessage }));
}
