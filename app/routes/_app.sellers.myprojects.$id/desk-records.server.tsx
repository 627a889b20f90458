import { staticMarkup } from "~/components/static-html.server";
import type { PageAt, Paging } from "~/components/pager";
import { SectionPager } from "~/components/section-pager";
import { DataRoomAudit, FeedbackList, NdaTable, Negotiations, PipelineTable, ViewersTable, type DeskContract, type DeskRecords, type NdaPowers } from "./desk-records";

type DeskPaging = Record<"pipelinePaging" | "viewersPaging" | "ndasPaging" | "documentsPaging" | "auditPaging" | "threadsPaging" | "offersPaging", Paging>;

/**
 * The desk's read-only records drawn to markup here, one piece per section of the page, and the
 * pagers of the lists the page draws itself (NDAs, documents, offers): plain links either way.
 */
export function deskRecordsMarkup(projectId: number, at: PageAt, records: DeskRecords & DeskPaging) {
  return {
    pipeline: staticMarkup(<PipelineTable pipeline={records.pipeline} paging={records.pipelinePaging} at={at} />),
    viewers: staticMarkup(<ViewersTable viewers={records.viewers} paging={records.viewersPaging} at={at} />),
    ndasPager: staticMarkup(<SectionPager paging={records.ndasPaging} at={at} noun="NDAs" param="ndas" label="Pages of the NDAs" anchor="ndas" />),
    documentsPager: staticMarkup(<SectionPager paging={records.documentsPaging} at={at} noun="documents" param="documents" label="Pages of the data room" anchor="data-room" />),
    audit: staticMarkup(<DataRoomAudit audit={records.audit} paging={records.auditPaging} at={at} />),
    negotiations: staticMarkup(<Negotiations projectId={projectId} threads={records.threads} paging={records.threadsPaging} at={at} />),
    offersPager: staticMarkup(<SectionPager paging={records.offersPaging} at={at} noun="offers" param="offers" label="Pages of the offers" anchor="offers" />),
    feedback: staticMarkup(<FeedbackList feedback={records.feedback} />),
  };
}

/** The page of NDA requests with the steps the viewer may take on them, as markup. */
export const ndaTableMarkup = (projectId: number, contracts: DeskContract[], powers: NdaPowers) =>
  staticMarkup(<NdaTable projectId={projectId} contracts={contracts} powers={powers} />);
