// types only: erased, so no app module is loaded before bootApp sets the environment
import type { Database } from "~/.server/db";

/** When the first of a busy project's NDAs was asked for; each next one a second later. */
export const BUSY_START = Date.now() - 86_400_000;

/**
 * A published project of `sellerId` with more NDAs than a desk page lists: buyers written at once
 * (makeUser hashes a password for each), named `Busy buyer 000`…, their NDAs asked for a second
 * apart in that order and signed where `signed(i)` says so (a second after they were asked for).
 */
export async function busyProject(db: Database, { sellerId, ndas, signed = () => false, name = "Busy desk" }: { sellerId: number; ndas: number; signed?: (i: number) => boolean; name?: string }) {
  const { contracts, projects, users } = await import("~/.server/db/schema");
  const [project] = await db.insert(projects).values({ sellerId, kind: "insurance_loan", status: "published", projectName: name, publishedAt: new Date() }).returning();
  const stamp = `${project!.id}-${Date.now().toString(36)}`;
  const buyers = await db
    .insert(users)
    .values(Array.from({ length: ndas }, (_, i) => ({ email: `busy-${stamp}-${i}@example.test`, name: `Busy buyer ${String(i).padStart(3, "0")}`, company: `Busy Fund ${i}`, passwordHash: "-", roles: ["ROLE_BUYER"] })))
    .returning({ id: users.id, name: users.name, email: users.email });
  const made = await db
    .insert(contracts)
    .values(
      buyers.map((buyer, i) => ({
        projectId: project!.id,
        buyerId: buyer.id,
        envelopeId: `busy-${stamp}-${i}`,
        documentKey: "nda.pdf",
        documentSha256: "-",
        requestedAt: new Date(BUSY_START + i * 1000),
        ...(signed(i) ? { ndaStatus: "Signed" as const, signedAt: new Date(BUSY_START + i * 1000 + 500), signerName: buyer.name, signerIp: "203.0.113.7" } : {}),
      })),
    )
    .returning({ id: contracts.id, buyerId: contracts.buyerId });
  return { project: project!, buyers, contracts: made };
}
