import type { Project } from "~/.server/db/schema";
import { notFound } from "~/.server/http";
import type { Services } from "~/.server/services";
import type { Role } from "~/lib/roles";
import { findVisibleProject, isCompanyListing, mayDealOnProject, pickColumns, sellerCustomerOf } from "~/models/projects.server";
import { tapeCompletenessOf } from "~/models/loan-tapes.server";
import { findContract } from "~/models/contracts.server";
import { ndaBlockedReason } from "~/models/customer-accounts.server";
import { findPass } from "~/models/feedback.server";
import { sellerResponsiveness } from "~/models/responsiveness.server";
import { workspacePath } from "~/lib/deal";
import { TEASER_KEYS } from "~/lib/projects";

/**
 * The details a teaser shows, kind by kind: the summaries, the property's type, city and figures,
 * the policy's terms, the company's figures. Named here, not the ones to leave out: a listing's
 * details hold whatever its form or an upload wrote (the address, the ZIP code, the address
 * lookup's exact coordinates and the ZIP they were found for, the company's website and phone, the
 * insurer), none of which may reach a member before the NDA.
 */
const TEASER_DETAIL_KEYS: ReadonlySet<string> = new Set([
  "overallSummary",
  "propertySummary",
  "termSummary",
  "propertyType",
  "city",
  "units",
  "occupancy",
  "noi",
  "policyType",
  "faceAmount",
  "cashSurrenderValue",
  "insuredAge",
  "overview",
  "sicCode",
  "revenue",
  "ebitda",
  "totalDebt",
  "employees",
]);

/** What any member may see of a listing before an NDA: no borrower, no documents, no loan tape. */
export function teaserOf(project: Project) {
  const details = Object.fromEntries(Object.entries(project.details).filter(([key]) => TEASER_DETAIL_KEYS.has(key)));
  return { ...pickColumns(project, TEASER_KEYS), details, own: false, ownCompany: false };
}

/** A buyer's or broker's own records on a project: their NDA, their pass, and whether their company may sign yet. */
async function dealRecordsOf(services: Services, projectId: number, viewer: TeaserViewer) {
  const [contract, pass, blockedReason, sellerCompany] = await Promise.all([
    findContract(services.db, { projectId, buyerId: viewer.id }),
    findPass(services.db, { projectId, buyerId: viewer.id }),
    ndaBlockedReason(services.db, { customerId: viewer.customerId ?? null }),
    sellerCustomerOf(services.db, projectId),
  ]);
  return { contract, pass, blockedReason, sellerCompany };
}

/** What the teaser offers this member: sign the NDA, continue, wait, open the workspace, or pass. */
function dealStateOf(project: Project, viewer: TeaserViewer, { contract, pass, blockedReason }: Awaited<ReturnType<typeof dealRecordsOf>>) {
  const workspace = workspacePath(viewer.roles, project.id);
  return {
    ndaStatus: contract?.ndaStatus ?? null,
    signingPath: contract ? `${workspace}/${contract.envelopeId}` : null,
    signedAt: contract?.signedAt ?? null,
    rejectionReason: contract?.rejectionReason ?? null,
    workspacePath: workspace,
    passedAt: pass?.createdAt ?? null,
    open: project.status === "published",
    /** Why this member may not sign an NDA (their company is not verified yet), or null. */
    blockedReason,
  };
}

type TeaserViewer = { id: number; role: Role | null; roles: string[]; customerId?: number | null };

export async function loadTeaser(
  services: Services,
  viewer: TeaserViewer,
  id: number,
  { kind, counted = true }: { kind?: Project["kind"]; /** false for a HEAD: nothing of the look is kept */ counted?: boolean } = {},
) {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  // every read starts beside the project's, not after it: on D1 reads started together are one
  // round trip (decision 037). Nothing read leaves unless this member may see the project.
  const [project, records, seller] = await Promise.all([
    findVisibleProject(services.db, viewer, id),
    viewer.role === "buyer" || viewer.role === "broker" ? dealRecordsOf(services, id, viewer) : null,
    sellerResponsiveness(services.db, { projectId: id }),
  ]);
  if (!project || (kind && project.kind !== kind)) throw notFound();
  const own = project.sellerId === viewer.id;
  // a colleague's listing is the member's company's to sell: nothing to sign, pass on or count
  const ownCompany = !own && records !== null && isCompanyListing(viewer, records.sellerCompany);
  const buying = mayDealOnProject(viewer, project) && !ownCompany;
  // only a buyer's or broker's look is interest: not the seller's own, nor admins', nor another
  // seller's watching the market (a member holding both roles acts as a buyer); counted after the response
  if (buying && counted) services.recordLook({ kind: "view", userId: viewer.id, projectIds: [project.id], at: Date.now() });
  const deal = records && buying ? dealStateOf(project, viewer, records) : null;
  // what the tape holds, not the tape: a share and the gaps' names are fine before the NDA
  const tapeCompleteness = project.kind === "loan_pool" ? tapeCompletenessOf(project) : null;
  return { project: { ...teaserOf(project), own, ownCompany }, deal, sellerResponsiveness: seller, tapeCompleteness };
}
