import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { contractTemplates, projectNdaSettings, projects, type ContractTemplate } from "~/.server/db/schema";
import { randomToken, sha256Hex } from "~/.server/crypto";
import { storeWithRecord, type FileStore } from "~/.server/files/store";
import { CONTRACT_TEMPLATE_KINDS, CONTRACT_TEMPLATE_LABELS, type ContractTemplateKind } from "~/lib/contract-templates";
import { cleanFileName } from "~/lib/file-name";
import { recordAudit } from "./audit.server";

type Actor = { id: number; name: string; email: string };

/**
 * A new version of the NDA or the sale agreement. Versions are never replaced: an
 * envelope already sent keeps its own frozen copy, and a project may stay on an older one.
 */
export async function uploadContractTemplate(
  { db, files }: { db: Database; files: FileStore },
  { kind, name, bytes, actor, address }: { kind: ContractTemplateKind; name: string; bytes: Uint8Array; actor: Actor; address?: string },
) {
  const fileKey = `contract-templates/${kind}/${randomToken(12)}.pdf`;
  const sha256 = await sha256Hex(bytes);
  const inserted = await storeWithRecord(files, { key: fileKey, bytes, contentType: "application/pdf" }, async () => {
    // two uploads at once: the unique (kind, version) index refuses the second, which takes the next number
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await db
        .insert(contractTemplates)
        .values({
          kind,
          name: cleanFileName(name) || "template.pdf",
          fileKey,
          sha256,
          uploadedBy: actor.id,
          version: sql`(select coalesce(max(version), 0) + 1 from contract_templates where kind = ${kind})`,
        })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
    }
    throw new Error("Could not number the template version");
  });
  await recordAudit(db, {
    actor,
    action: "contract-template.upload",
    subjectType: "contract_template",
    subjectId: inserted.id,
    detail: `${CONTRACT_TEMPLATE_LABELS[kind]} version ${inserted.version}: ${inserted.name} (sha256 ${sha256.slice(0, 12)}…)`,
    address,
  });
  return inserted;
}

export const TEMPLATES_SHOWN = 50;

/**
 * The latest TEMPLATES_SHOWN versions of each kind, newest first, NDAs then sale agreements. Each kind
 * is read on its own: one read of twice as many rows, NDAs first, left the sale agreements out once the
 * NDA had that many versions.
 */
export async function listContractTemplates(db: Database) {
  const kinds = await Promise.all(
    CONTRACT_TEMPLATE_KINDS.map((kind) =>
      db.select().from(contractTemplates).where(eq(contractTemplates.kind, kind)).orderBy(desc(contractTemplates.version)).limit(TEMPLATES_SHOWN),
    ),
  );
  return kinds.flat();
}

/** Versions by id (a project's chosen ones, older than those listed), oldest first. */
export async function contractTemplatesById(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(contractTemplates).where(inArray(contractTemplates.id, ids)).orderBy(contractTemplates.kind, desc(contractTemplates.version));
}

export async function findContractTemplate(db: Database, { kind, templateId }: { kind: ContractTemplateKind; templateId: number }) {
  if (!Number.isSafeInteger(templateId) || templateId <= 0) return null;
  return (await db.query.contractTemplates.findFirst({ where: and(eq(contractTemplates.id, templateId), eq(contractTemplates.kind, kind)) })) ?? null;
}

/** The versions chosen for a project (null: none, the built-in NDA or the project's own file). */
export async function projectTemplateChoice(db: Database, projectId: number) {
  const settings = await db.query.projectNdaSettings.findFirst({ where: eq(projectNdaSettings.projectId, projectId) });
  return { nda: settings?.ndaTemplateId ?? null, saleAgreement: settings?.saleAgreementTemplateId ?? null };
}

/** Chooses the versions of a project; false when there is no such project. */
export async function chooseProjectTemplates(
  db: Database,
  { projectId, nda, saleAgreement, actor, address }: { projectId: number; nda: number | null; saleAgreement: number | null; actor: Actor; address?: string },
) {
  const project = await db.query.projects.findFirst({ where: eq(projects.id, projectId), columns: { id: true, projectName: true } });
  if (!project) return false;
  const change = { ndaTemplateId: nda, saleAgreementTemplateId: saleAgreement, updatedAt: new Date() };
  await db.insert(projectNdaSettings).values({ projectId, ...change }).onConflictDoUpdate({ target: projectNdaSettings.projectId, set: change });
  await recordAudit(db, {
    actor,
    action: "contract-template.choose",
    subjectType: "project",
    subjectId: projectId,
    detail: `${project.projectName}: NDA ${nda ? `template #${nda}` : "built in"}, sale agreement ${saleAgreement ? `template #${saleAgreement}` : "none"}`,
    address,
  });
  return true;
}

/**
 * The template an envelope of the project is made from: the version chosen for it, else a
 * file uploaded for this project alone; null for the built-in NDA. A new version reaches a
 * project only when an admin chooses it (the form offers the latest first), so an upload
 * never changes the NDA of a project under way without anyone looking at it.
 */
export async function templateFileFor(
  db: Database,
  { kind, chosenId, projectFileKey }: { kind: ContractTemplateKind; chosenId: number | null; projectFileKey?: string | null },
): Promise<Pick<ContractTemplate, "fileKey"> | null> {
  if (chosenId) {
    const chosen = await findContractTemplate(db, { kind, templateId: chosenId });
    if (chosen) return chosen;
  }
  return projectFileKey ? { fileKey: projectFileKey } : null;
}
