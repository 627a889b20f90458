import { staticMarkup } from "~/components/static-html.server";
import { DataRoomAudit, FeedbackList, Negotiations, PipelineTable, ViewersTable, type DeskRecords, type PageAt, type Paging } from "./desk-records";

/** The desk's read-only records drawn to markup here, one piece per section of the page. */
export function deskRecordsMarkup(projectId: number, at: PageAt, records: DeskRecords & { pipelinePaging: Paging; viewersPaging: Paging }) {
  return {
    pipeline: staticMarkup(<PipelineTable pipeline={records.pipeline} paging={records.pipelinePaging} at={at} />),
    viewers: staticMarkup(<ViewersTable viewers={records.viewers} paging={records.viewersPaging} at={at} />),
    audit: staticMarkup(<DataRoomAudit audit={records.audit} />),
    negotiations: staticMarkup(<Negotiations projectId={projectId} threads={records.threads} />),
    feedback: staticMarkup(<FeedbackList feedback={records.feedback} />),
  };
}
