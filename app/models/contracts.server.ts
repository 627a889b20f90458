import { and, asc, count, eq, inArray, ne, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { contracts, projectNdaSettings, projects, users, type Contract, type Project, type User } from "~/.server/db/schema";
import { randomToken, sha256Hex } from "~/.server/crypto";
import { storeWithRecord } from "~/.server/files/store";
import { feedbackToken } from "~/.server/feedback-token";
import type { SigningEvidence } from "~/.server/documents/audit-page";
import { defaultNdaPdf } from "~/.server/documents/nda";
import { signingProvider } from "~/.server/signing/builtin";
import { DESK_TABLE_PAGE_SIZE, NDA_APPROVED, workspacePath, type NdaStatus } from "~/lib/deal";
import { VISIBLE_TO_BUYERS } from "~/lib/project-kinds";
import { notify, type DealServices } from "./notifications.server";
import { recomputeLater } from "./responsiveness.server";
import { secretPlaceholder } from "./outbox.server";
import { sellerCompanyOf } from "./projects.server";
import { inList } from "~/.server/db/in-list";
import { templateFileFor } from "./contract-templates.server";
import { pageCarryingTotal } from "./list-query.server";
import { WITHDRAWN_NOTE } from "./project-withdrawal.server";
import { SOLD_NOTE } from "./project-sale.server";
import { cleanFileName } from "~/lib/file-name";

// the teaser and the workspace read it on every visit: built once
const contractOfBuyer = preparedQuery((db) =>
  db
    .select()
    .from(contracts)
    .where(and(eq(contracts.projectId, sql.placeholder("projectId")), eq(contracts.buyerId, sql.placeholder("buyerId"))))
    .limit(1)
    .prepare(),
);

export async function findContract(db: Database, { projectId, buyerId }: { projectId: number; buyerId: number }): Promise<Contract | null> {
  const [contract] = await contractOfBuyer(db).all({ projectId, buyerId });
  return contract ?? null;
}

/** The NDA status a member holds on a project (spec §2's contract status); null when none. */
export async function ndaStatusOf(db: Database, { projectId, userId }: { projectId: number; userId: number }): Promise<NdaStatus | null> {
  return (await findContract(db, { projectId, buyerId: userId }))?.ndaStatus ?? null;
}

/** A member's NDA statuses on a page of projects. */
/**
 * This member's NDA status on each of these projects; without projectIds, on every project they
 * asked for one (a page can then read them beside the projects, not after: on D1 that is a round trip).
 */
export async function ndaStatusesOf(db: Database, { userId, projectIds }: { userId: number; projectIds?: number[] }) {
  if (projectIds && !projectIds.length) return new Map<number, NdaStatus>();
  const rows = projectIds
    ? await db
        .select({ projectId: contracts.projectId, ndaStatus: contracts.ndaStatus })
        .from(contracts)
        .where(and(eq(contracts.buyerId, userId), inList(contracts.projectId, projectIds)))
    : await ndaStatusesOfMember(db).all({ userId });
  return new Map(rows.map((r) => [r.projectId, r.ndaStatus]));
}

// every search page reads them: built once
const ndaStatusesOfMember = preparedQuery((db) =>
  db
    .select({ projectId: contracts.projectId, ndaStatus: contracts.ndaStatus })
    .from(contracts)
    .where(eq(contracts.buyerId, sql.placeholder("userId")))
    .prepare(),
);

const ndaSettingsOfProject = preparedQuery((db) => db.query.projectNdaSettings.findFirst({ where: eq(projectNdaSettings.projectId, sql.placeholder("projectId")) }).prepare());

export async function ndaSettingsOf(db: Database, projectId: number) {
  return (
    (await ndaSettingsOfProject(db).execute({ projectId })) ?? {
      projectId,
      templateKey: null,
      templateName: null,
      ndaTemplateId: null,
      saleAgreementTemplateId: null,
      autoApprove: false,
      updatedAt: null,
    }
  );
}

export async function updateNdaSettings(
  db: Database,
  projectId: number,
  change: Partial<{ templateKey: string | null; templateName: string | null; autoApprove: boolean }>,
) {
  await db
    .insert(projectNdaSettings)
    .values({ projectId, ...change, updatedAt: new Date() })
    .onConflictDoUpdate({ target: projectNdaSettings.projectId, set: { ...change, updatedAt: new Date() } });
}

/**
 * The project's own NDA template, in place of the one it had. Every envelope sent keeps its own copy
 * (askForNda), so the file replaced is read no more, and is removed once the new one is named: each
 * upload left its predecessor in the file store for good.
 */
export async function replaceProjectNdaTemplate(
  { db, files }: Pick<DealServices, "db" | "files">,
  projectId: number,
  { name, bytes }: { name: string; bytes: Uint8Array },
) {
  const before = (await ndaSettingsOf(db, projectId)).templateKey;
  const key = `projects/${projectId}/nda-template-${randomToken(12)}.pdf`;
  await storeWithRecord(files, { key, bytes, contentType: "application/pdf" }, () =>
    updateNdaSettings(db, projectId, { templateKey: key, templateName: cleanFileName(name) || "template.pdf" }),
  );
  if (before && before !== key) await files.delete(before);
}

/** Whether the project's envelopes are made from an uploaded template (else the built-in NDA, whose text the page shows). */
export async function ndaHasTemplate(db: Database, settings: Awaited<ReturnType<typeof ndaSettingsOf>>) {
  return Boolean(await templateFileFor(db, { kind: "nda", chosenId: settings.ndaTemplateId, projectFileKey: settings.templateKey }));
}

/**
 * Opens an envelope for the buyer: a copy of the project's NDA (the template version
 * chosen for it or uploaded for it, the latest version, or the default one) frozen with its hash, so what is signed is what was sent.
 * Asking again returns the contract already there; "project-closed" when the listing was withdrawn
 * (or sold) after the request read it, and nothing is kept.
 */
export async function askForNda(services: DealServices, project: Project, buyer: User): Promise<Contract | "project-closed"> {
  const existing = await findContract(services.db, { projectId: project.id, buyerId: buyer.id });
  if (existing) return existing;
  const templateNow = async () => {
    const settings = await ndaSettingsOf(services.db, project.id);
    const source = await templateFileFor(services.db, { kind: "nda", chosenId: settings.ndaTemplateId, projectFileKey: settings.templateKey });
    return source ? { template: await services.files.get(source.fileKey) } : null;
  };
  // the project's template replaced between reading its key and its file (the old file is removed): its successor
  let found = await templateNow();
  if (found && !found.template) found = await templateNow();
  const template = found?.template ?? null;
  const document =
    template ?? (await defaultNdaPdf({ projectName: project.projectName, sellerCompany: await sellerCompanyOf(services.db, project) }));
  const envelopeId = randomToken(18);
  const documentKey = `nda/${project.id}/${envelopeId}/sent.pdf`;
  const documentSha256 = await sha256Hex(document);
  // written only while buyers still see the listing, in the statement: a request read a moment before
  // the withdrawal would otherwise leave an NDA request on a listing nobody can open (decision 089).
  // The envelope's copy goes when its row cannot be written
  const [contract] = await storeWithRecord(services.files, { key: documentKey, bytes: document, contentType: "application/pdf" }, () =>
    services.db
      .insert(contracts)
      .select(
        services.db
          .select({
            id: sql<number>`null`.as("id"),
            projectId: projects.id,
            buyerId: sql<number>`${buyer.id}`.as("buyer_id"),
            envelopeId: sql<string>`${envelopeId}`.as("envelope_id"),
            provider: sql<string>`'builtin'`.as("provider"),
            ndaStatus: sql<string>`'Requested'`.as("nda_status"),
            documentKey: sql<string>`${documentKey}`.as("document_key"),
            documentSha256: sql<string>`${documentSha256}`.as("document_sha256"),
            signerName: sql`null`.as("signer_name"),
            signerIp: sql`null`.as("signer_ip"),
            signerUserAgent: sql`null`.as("signer_user_agent"),
            signedKey: sql`null`.as("signed_key"),
            signedSha256: sql`null`.as("signed_sha256"),
            requestedAt: sql<number>`${Date.now()}`.as("requested_at"),
            signedAt: sql`null`.as("signed_at"),
            decidedAt: sql`null`.as("decided_at"),
            decidedBy: sql`null`.as("decided_by"),
            rejectionReason: sql`null`.as("rejection_reason"),
            dataRoomBlocked: sql<number>`0`.as("data_room_blocked"),
          })
          .from(projects)
          .where(and(eq(projects.id, project.id), inArray(projects.status, [...VISIBLE_TO_BUYERS]))),
      )
      .onConflictDoNothing()
      .returning(),
  );
  if (!contract) {
    const won = await findContract(services.db, { projectId: project.id, buyerId: buyer.id });
    if (won) {
      // two requests at once: the other one won, keep its envelope
      await services.files.delete(documentKey);
      return won;
    }
    await services.files.delete(documentKey);
    return "project-closed";
  }
  // answers an invitation to view
  recomputeLater(services, { projectId: project.id, buyerId: buyer.id });
  await notify(services, project.sellerId, {
    kind: "nda_requested",
    // who the buyer is reaches the seller with the signature, not before (models/buyer-identity.server.ts)
    message: `A buyer asked to sign the NDA for ${project.projectName}.`,
    link: `/sellers/myprojects/${project.id}`,
    email: { subject: `NDA requested: ${project.projectName}`, body: `A buyer opened the NDA for ${project.projectName}.` },
  });
  return contract;
}

/** askForNda for a caller that knows the listing is open (tests, seeds): a closed one is an error there. */
export async function requestNda(services: DealServices, project: Project, buyer: User) {
  const contract = await askForNda(services, project, buyer);
  if (contract === "project-closed") throw new Error(`Project ${project.id} is no longer open for NDAs`);
  return contract;
}

export async function findContractByEnvelope(db: Database, envelopeId: string) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(envelopeId)) return null;
  return (await db.query.contracts.findFirst({ where: eq(contracts.envelopeId, envelopeId) })) ?? null;
}

export type Signature = { signerName: string; ipAddress: string; userAgent: string };

/**
 * The signer agreed: the signed PDF (with its audit page) is stored with its
 * SHA-256, and the NDA waits for the seller, or is approved at once when the project says so.
 */
export async function signNda(services: DealServices, contract: Contract, project: Project, buyer: User, signature: Signature) {
  if (contract.ndaStatus !== "Requested") return contract;
  const document = await services.files.get(contract.documentKey);
  if (!document) throw new Error(`NDA document ${contract.documentKey} is missing`);
  const signedAt = new Date();
  const evidence: SigningEvidence = {
    envelopeId: contract.envelopeId,
    projectId: project.id,
    projectName: project.projectName,
    signerName: signature.signerName,
    signerEmail: buyer.email,
    signerCompany: buyer.company,
    signedAt,
    ipAddress: signature.ipAddress,
    userAgent: signature.userAgent,
    documentSha256: contract.documentSha256,
  };
  const signed = await signingProvider(contract.provider).complete({ document, evidence });
  // a key of its own per signing: two sent at once wrote one file, the loser's copy replacing the
  // winner's (whose hash then no longer matched), or on disk the second write failed (a 500)
  const signedKey = `nda/${project.id}/${contract.envelopeId}/signed-${randomToken(6)}.pdf`;
  const signedSha256 = await sha256Hex(signed);
  const { autoApprove } = await ndaSettingsOf(services.db, project.id);
  const status: NdaStatus = autoApprove ? NDA_APPROVED : "Signed";
  // the signed copy goes when its row cannot be written
  const [updated] = await storeWithRecord(services.files, { key: signedKey, bytes: signed, contentType: "application/pdf" }, () =>
    services.db
      .update(contracts)
      .set({
        ndaStatus: status,
        signerName: signature.signerName,
        signerIp: signature.ipAddress,
        signerUserAgent: signature.userAgent.slice(0, 500),
        signedAt,
        signedKey,
        signedSha256,
        ...(autoApprove ? { decidedAt: signedAt } : {}),
      })
      .where(and(eq(contracts.id, contract.id), eq(contracts.ndaStatus, "Requested")))
      .returning(),
  );
  if (!updated) {
    // the other signing won: this copy is nobody's
    await services.files.delete(signedKey);
    return (await findContract(services.db, { projectId: project.id, buyerId: buyer.id }))!;
  }
  // asks the seller to decide (or, approved at once, asks the buyer to act)
  recomputeLater(services, { projectId: project.id, buyerId: buyer.id });
  await notify(services, project.sellerId, {
    kind: "nda_signed",
    message: autoApprove
      ? `${buyer.name} (${buyer.company}) signed the NDA for ${project.projectName}; it was approved automatically.`
      : `${buyer.name} (${buyer.company}) signed the NDA for ${project.projectName}. Approve or reject it.`,
    link: `/sellers/myprojects/${project.id}`,
    email: {
      subject: `NDA signed: ${project.projectName}`,
      body: `${buyer.name} (${buyer.company}) signed the NDA for ${project.projectName}.${autoApprove ? " It was approved automatically." : " Approve or reject it on the project page."}`,
    },
  });
  if (autoApprove) await tellBuyerOfDecision(services, updated, project);
  return updated;
}

/** The notes of an NDA request the listing's end closed (decisions 089, 091), by what ended it. */
const CLOSED_BY_LISTING: Record<string, "withdrawn" | "sold"> = { [WITHDRAWN_NOTE]: "withdrawn", [SOLD_NOTE]: "sold" };

/** How the listing ended, when it closed this request (a decision from a page read before it did). */
async function closedByListing(db: DealServices["db"], projectId: number, contractId: number) {
  const [closed] = await db
    .select({ reason: contracts.rejectionReason })
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.projectId, projectId), eq(contracts.ndaStatus, "Rejected")));
  return (closed?.reason && CLOSED_BY_LISTING[closed.reason]) || null;
}

/**
 * The seller's (or an admin's) decision on a signed NDA; false when it is not waiting for one,
 * "project-closed" for an approval on a project buyers no longer see (withdrawn, sold), and
 * `{ closedBy }` when the listing's withdrawal or sale closed the request already (an old tab's step).
 */
export async function decideNda(
  services: DealServices,
  project: Project,
  contractId: number,
  deciderId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<boolean | "project-closed" | { closedBy: "withdrawn" | "sold" } | { decided: typeof NDA_APPROVED | "Rejected" }> {
  // an approval there would tell the buyer "the data room is open" for a workspace they find missing;
  // a rejection still closes the NDA
  if (decision.approve && !VISIBLE_TO_BUYERS.includes(project.status)) {
    const closedBy = await closedByListing(services.db, project.id, contractId);
    return closedBy ? { closedBy } : "project-closed";
  }
  const [updated] = await services.db
    .update(contracts)
    .set({
      ndaStatus: decision.approve ? NDA_APPROVED : "Rejected",
      decidedAt: new Date(),
      decidedBy: deciderId,
      rejectionReason: decision.approve ? null : decision.reason,
    })
    .where(and(eq(contracts.id, contractId), eq(contracts.projectId, project.id), eq(contracts.ndaStatus, "Signed")))
    .returning();
  if (!updated) {
    const closedBy = await closedByListing(services.db, project.id, contractId);
    if (closedBy) return { closedBy };
    // decided since the page was read (the same click twice, a colleague's or an admin's decision): which way
    const [now] = await services.db.select({ ndaStatus: contracts.ndaStatus }).from(contracts).where(and(eq(contracts.id, contractId), eq(contracts.projectId, project.id))).limit(1);
    return now?.ndaStatus === NDA_APPROVED || now?.ndaStatus === "Rejected" ? { decided: now.ndaStatus } : false;
  }
  recomputeLater(services, { projectId: project.id, buyerId: updated.buyerId });
  await tellBuyerOfDecision(services, updated, project);
  return true;
}

async function tellBuyerOfDecision(services: DealServices, contract: Contract, project: Project) {
  const approved = contract.ndaStatus === NDA_APPROVED;
  const buyer = await services.db.query.users.findFirst({ where: eq(users.id, contract.buyerId), columns: { roles: true } });
  const link = approved ? workspacePath(buyer?.roles ?? [], project.id) : `/projects/more-details/${project.id}`;
  await notify(services, contract.buyerId, {
    kind: approved ? "nda_approved" : "nda_rejected",
    message: approved
      ? `Your NDA for ${project.projectName} is approved: the data room is open.`
      : `Your NDA for ${project.projectName} was not approved${contract.rejectionReason ? `: ${contract.rejectionReason}` : "."}`,
    link,
    email: {
      subject: approved ? `NDA approved: ${project.projectName}` : `NDA not approved: ${project.projectName}`,
      body: approved
        ? `The seller approved your NDA for ${project.projectName}.\n\nNot interested after all? Tell the seller why: ${services.origin}/nda-feedback/${secretPlaceholder("feedback")}\n\nThe project workspace, with the data room, is open:`
        : `The seller did not approve your NDA for ${project.projectName}.${contract.rejectionReason ? ` Reason: ${contract.rejectionReason}` : ""}`,
      secrets: approved ? { feedback: await feedbackToken(services.env.SESSION_SECRET, project.id, contract.buyerId) } : undefined,
    },
  });
}

/**
 * Closes or opens a buyer's data room: "changed", "unchanged" when it was so already (a second click, a page left
 * open: nothing written, nothing to audit), or null when the project has no such NDA.
 */
export async function setDataRoomBlocked(
  db: Database,
  { projectId, contractId, blocked }: { projectId: number; contractId: number; blocked: boolean },
) {
  const mine = and(eq(contracts.id, contractId), eq(contracts.projectId, projectId));
  const updated = await db
    .update(contracts)
    .set({ dataRoomBlocked: blocked })
    .where(and(mine, ne(contracts.dataRoomBlocked, blocked)))
    .returning({ id: contracts.id });
  if (updated.length) return "changed" as const;
  const [found] = await db.select({ id: contracts.id }).from(contracts).where(mine);
  return found ? ("unchanged" as const) : null;
}

/** The NDAs a page of a project's desk lists. */
export const DESK_NDAS_PAGE_SIZE = DESK_TABLE_PAGE_SIZE;

/** A project's NDAs: how many, from the (project, buyer) index alone. */
const ndaCountOf = (projectId: SQLWrapper) => sql<number>`(select count(*) from ${contracts} where ${contracts.projectId} = ${projectId})`;

// a page of the desk's NDAs, in the order they were asked for (the id settles a tie, so that none is
// on two pages), each with the count of all: the page's ids are chosen from the project's rows first,
// and only those are read whole and joined to their buyers; built once, the offset bound
const contractsPageOfProject = preparedQuery((db) => {
  const projectId = sql.placeholder("projectId");
  const order = [asc(contracts.requestedAt), asc(contracts.id)];
  const chosen = db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.projectId, projectId))
    .orderBy(...order)
    .limit(DESK_NDAS_PAGE_SIZE)
    .offset(sql.placeholder("offset"));
  return db
    .select({
      contract: {
        id: contracts.id,
        buyerId: contracts.buyerId,
        envelopeId: contracts.envelopeId,
        ndaStatus: contracts.ndaStatus,
        requestedAt: contracts.requestedAt,
        signedAt: contracts.signedAt,
        signerName: contracts.signerName,
        signerIp: contracts.signerIp,
        decidedAt: contracts.decidedAt,
        rejectionReason: contracts.rejectionReason,
        dataRoomBlocked: contracts.dataRoomBlocked,
      },
      buyer: { id: users.id, name: users.name, company: users.company, email: users.email, customerId: users.customerId },
      total: ndaCountOf(projectId),
    })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.buyerId))
    .where(inArray(contracts.id, chosen))
    .orderBy(...order)
    .prepare();
});

/**
 * A page of a project's NDAs for its desk, in the order they were asked for, and how many there
 * are (`?ndas=`): a busy project's 412 drawn at once were 203 KB of the page.
 */
export async function projectContractsPage(db: Database, { projectId, page = 1 }: { projectId: number; page?: number }) {
  return pageCarryingTotal((offset) => contractsPageOfProject(db).all({ projectId, offset }), { page, pageSize: DESK_NDAS_PAGE_SIZE });
}

/** How many NDAs /admin/projects/permission/:id lists on a page. */
export const PERMISSIONS_PAGE_SIZE = 50;

/**
 * A page of a project's NDAs for the admin's data room permissions, in the order they were
 * asked for, and how many there are: a busy project's 412 rendered at once were 244 KB.
 */
export async function projectPermissionsPage(db: Database, { projectId, page = 1, pageSize = PERMISSIONS_PAGE_SIZE }: { projectId: number; page?: number; pageSize?: number }) {
  const ofProject = eq(contracts.projectId, projectId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        contractId: contracts.id,
        name: users.name,
        company: users.company,
        ndaStatus: contracts.ndaStatus,
        decidedAt: contracts.decidedAt,
        blocked: contracts.dataRoomBlocked,
      })
      .from(contracts)
      .innerJoin(users, eq(users.id, contracts.buyerId))
      .where(ofProject)
      // the id settles NDAs asked for in the same millisecond, so that none is on two pages
      .orderBy(asc(contracts.requestedAt), asc(contracts.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ count: count() }).from(contracts).where(ofProject),
  ]);
  return { rows, total: total?.count ?? 0 };
}
