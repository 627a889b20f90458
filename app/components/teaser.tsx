import { Form, Link } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { NdaStatus } from "~/lib/deal";
import type { Teaser } from "~/lib/projects";
import type { TapeCompleteness } from "~/lib/loan-tape";
import { PageHeader } from "./page-header";
import { StaticHtml, type Markup } from "./static-html";
import { TapeCompletenessNote } from "./tape-completeness";
import { PassStep } from "./pass-step";
import { StatusBadge } from "./status-badge";

export type TeaserDeal = {
  ndaStatus: NdaStatus | null;
  signingPath: string | null;
  signedAt: string | null;
  rejectionReason: string | null;
  workspacePath: string;
  passedAt: string | null;
  open: boolean;
  blockedReason?: string | null;
} | null;

/** The listing before an NDA: key terms and the seller's description; the rest is behind the NDA. */
/** How quickly the seller's company answers NDA requests, messages and offers (decision 019). */
type SellerResponsiveness = { score: number | null; reason: string };

export function TeaserView({
  project,
  summary,
  deal,
  sellerResponsiveness,
  tapeCompleteness = null,
}: {
  project: Teaser;
  /** The listing's card, drawn on the server (project-facts.server). */
  summary: Markup;
  deal: TeaserDeal;
  sellerResponsiveness?: SellerResponsiveness;
  tapeCompleteness?: TapeCompleteness | null;
}) {
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title={project.projectName}>
        <StatusBadge status={project.status} />
      </PageHeader>
      <StaticHtml markup={summary} />
      {sellerResponsiveness && !project.own ? (
        <p className="text-sm text-slate-700" data-testid="seller-responsiveness">
          <span className="font-semibold">Seller responsiveness: {sellerResponsiveness.score ?? "not rated yet"}</span> — {sellerResponsiveness.reason}
        </p>
      ) : null}
      <TapeCompletenessNote completeness={tapeCompleteness} />
      <section className="card bg-primary-light" aria-label="Confidential information">
        <h2 className="font-semibold text-primary">Borrower, documents and loan tape</h2>
        <p className="mt-1 text-sm text-slate-700">
          The seller shares the borrower&apos;s identity, the data room and the loan tape once you have signed the
          project&apos;s confidentiality agreement (NDA) and the seller has approved it.
        </p>
        {project.own ? (
          <p className="mt-3 text-sm">
            This is your listing: <Link to={`/sellers/myprojects/${project.id}`} className="link">manage it</Link>.
          </p>
        ) : null}
        {project.ownCompany ? (
          <p className="mt-3 text-sm" data-testid="company-listing">
            Your company lists this project: its NDA and offers are for other companies.
          </p>
        ) : null}
        {deal ? <NdaStep projectId={project.id} deal={deal} /> : null}
      </section>
      {deal ? <PassStep projectId={project.id} passedAt={deal.passedAt} /> : null}
    </div>
  );
}

function NdaStep({ projectId, deal }: { projectId: number; deal: NonNullable<TeaserDeal> }) {
  const status = deal.ndaStatus;
  return (
    <div className="mt-4 space-y-2 text-sm" data-testid="nda-step">
      {status === null && deal.open && deal.blockedReason ? (
        <p role="status" data-testid="nda-blocked">
          {deal.blockedReason}
        </p>
      ) : null}
      {status === null && deal.open && !deal.blockedReason ? (
        <Form method="post" action={`/projects/more-details/${projectId}`}>
          <input type="hidden" name="intent" value="request-nda" />
          <button type="submit" className="btn-primary">
            Sign the NDA
          </button>
        </Form>
      ) : null}
      {status === null && !deal.open ? <p>This project is under offer: new NDAs are not being signed.</p> : null}
      {status === "Requested" && deal.signingPath ? (
        <p>
          Your NDA is ready to sign.{" "}
          <Link to={deal.signingPath} className="btn-primary ml-2">
            Continue signing
          </Link>
        </p>
      ) : null}
      {status === "Signed" ? (
        <p>
          NDA status: <strong>Signed</strong> on {formatDate(deal.signedAt)}. The seller will review it; you will be
          notified.
        </p>
      ) : null}
      {status === "NDA Approved" ? (
        <p>
          NDA status: <strong>NDA Approved</strong>.{" "}
          <Link to={deal.workspacePath} className="btn-primary ml-2">
            Open the workspace
          </Link>
        </p>
      ) : null}
      {status === "Rejected" ? (
        <p role="status">
          NDA status: <strong>Rejected</strong>
          {deal.rejectionReason ? `: ${deal.rejectionReason}` : "."}
        </p>
      ) : null}
    </div>
  );
}
