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

/**
 * A listing of `sellerId` under offer: one buyer's NDA approved and their offer accepted, and a stored
 * match a buyer company would see; with reads of its status, the offer and its matches as they are now.
 */
export async function underOfferProject(db: Database, { sellerId, name }: { sellerId: number; name: string }) {
  const { eq } = await import("drizzle-orm");
  const { contracts, customers, matches, offers, projects } = await import("~/.server/db/schema");
  const { project: listing, contracts: [approved] } = await busyProject(db, { sellerId, ndas: 1, name });
  await db.update(contracts).set({ ndaStatus: "NDA Approved" }).where(eq(contracts.id, approved!.id));
  const [offer] = await db
    .insert(offers)
    .values({ projectId: listing.id, buyerId: approved!.buyerId, status: "accepted", price: 1_000_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "x.pdf", pdfSha256: "-" })
    .returning();
  await db.update(projects).set({ status: "under_offer" }).where(eq(projects.id, listing.id));
  const [company] = await db.select({ id: customers.id }).from(customers).limit(1);
  await db.insert(matches).values({ projectId: listing.id, customerId: company!.id, score: 80, reasons: [], computedAt: new Date() });
  return {
    listing,
    offer: offer!,
    buyerId: approved!.buyerId,
    status: async () => (await db.select().from(projects).where(eq(projects.id, listing.id)))[0]!.status,
    offerNow: async () => (await db.select().from(offers).where(eq(offers.id, offer!.id)))[0]!,
    matchCount: async () => (await db.select().from(matches).where(eq(matches.projectId, listing.id))).length,
  };
}
