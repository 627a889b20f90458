import { staticMarkup } from "~/components/static-html.server";
import { DataRoomAudit, FeedbackList, Negotiations, PipelineTable, ViewersTable, type DeskRecords } from "./desk-records";

/** The desk's read-only records drawn to markup here, one piece per section of the page. */
export function deskRecordsMarkup(projectId: number, records: DeskRecords) {
  return {
    pipeline: staticMarkup(<PipelineTable pipeline={records.pipeline} />),
    viewers: staticMarkup(<ViewersTable viewers={records.viewers} />),
    audit: staticMarkup(<DataRoomAudit audit={records.audit} />),
    negotiations: staticMarkup(<Negotiations projectId={projectId} threads={records.threads} />),
    feedback: staticMarkup(<FeedbackList feedback={records.feedback} />),
  };
}
