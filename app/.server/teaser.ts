import { json } from "@remix-run/server-runtime";
import type { Project } from "./db/schema";
import { notFound } from "./http";
import type { Services } from "./services";
import type { Role } from "~/lib/roles";
import { findVisibleProject, recordView } from "~/models/projects.server";

/** Detail keys that name the borrower or its place: never in a teaser. */
const IDENTIFYING = ["address", "zip", "website", "contactPhone", "carrier"];

/** What any member may see of a listing before an NDA: no borrower, no documents, no loan tape. */
export function teaserOf(project: Project) {
  const details = Object.fromEntries(Object.entries(project.details).filter(([key]) => !IDENTIFYING.includes(key)));
  return {
    id: project.id,
    kind: project.kind,
    status: project.status,
    projectName: project.projectName,
    industry: project.industry,
    sector: project.sector,
    saleType: project.saleType,
    term: project.term,
    waInterest: project.waInterest,
    maturityDate: project.maturityDate,
    location: project.location,
    state: project.state,
    secured: project.secured,
    loanAmount: project.loanAmount,
    size: project.size,
    projectDueDate: project.projectDueDate,
    loanPool: project.loanPool,
    longTermDebtSecured: project.longTermDebtSecured,
    longTermDebtLevelOfSecurity: project.longTermDebtLevelOfSecurity,
    fullDetails: project.fullDetails,
    details,
    publishedAt: project.publishedAt,
    own: false,
  };
}

export async function loadTeaser(
  services: Services,
  viewer: { id: number; role: Role | null },
  id: number,
  { kind }: { kind?: Project["kind"] } = {},
) {
  const project = await findVisibleProject(services.db, viewer, id);
  if (!project || (kind && project.kind !== kind)) throw notFound();
  const own = project.sellerId === viewer.id;
  // the seller's and admins' own looks are not buyer interest
  if (!own && viewer.role !== "admin") services.waitUntil(recordView(services.db, viewer.id, project.id));
  return json({ project: { ...teaserOf(project), own } });
}
