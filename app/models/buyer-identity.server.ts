import { sql, type SQLWrapper } from "drizzle-orm";
import { hmacSha256 } from "~/.server/crypto";
import { contracts } from "~/.server/db/schema";
import type { Role } from "~/lib/roles";

/**
 * Who a buyer is, as the project's deal desk may show it. The deal flow reveals a
 * buyer to the seller when the buyer signs the NDA (its clause 8 then binds the
 * seller to keep that identity confidential); before that the seller sees a
 * pseudonym. Admins run the marketplace and see names throughout. The e-mail
 * address is shown to either only once the NDA is signed.
 */
export type BuyerIdentity = { buyerId: number | null; name: string; company: string; email: string | null };

type Known = { buyerId: number; name: string; company: string; email?: string };

/** Pseudonyms already worked out, by secret, project and buyer: a desk shows the same ones on every visit. */
const pseudonyms = new Map<string, string>();
const MAX_PSEUDONYMS = 10_000;

/** A label that stays the same for one buyer on one project, and says nothing across projects. */
export async function buyerPseudonym(secret: string, { projectId, buyerId }: { projectId: number; buyerId: number }) {
  const message = `buyer-pseudonym:${projectId}:${buyerId}`;
  const key = `${secret}\n${message}`;
  const known = pseudonyms.get(key);
  if (known) return known;
  const digest = await hmacSha256(secret, message);
  const pseudonym = `Buyer ${Array.from(digest.slice(0, 3), (b) => b.toString(16).padStart(2, "0")).join("").toUpperCase()}`;
  if (pseudonyms.size >= MAX_PSEUDONYMS) pseudonyms.clear();
  pseudonyms.set(key, pseudonym);
  return pseudonym;
}

/**
 * Whether `buyerId` (a column of the outer query) signed the NDA of `projectId`, as a column of the
 * read that shows the buyer: one seek of the contracts' (project, buyer) index per row shown. A desk
 * reads it with each list it pages, so that whether a buyer is named never depends on which page of
 * the NDAs is open.
 */
export const ndaSignedOn = (projectId: SQLWrapper, buyerId: SQLWrapper) =>
  // its own alias and names: the outer query's columns may come unqualified (those of a subquery)
  sql<number>`exists (select 1 from ${contracts} signed_nda where signed_nda.project_id = ${projectId} and signed_nda.buyer_id = ${buyerId} and signed_nda.signed_at is not null)`;

/**
 * What the desk of `projectId` may say about each buyer, for `role`. `signed`
 * holds the buyers whose NDA on this project is signed (whatever was decided after).
 */
export async function identitiesFor(secret: string, projectId: number, role: Role | null, signed: ReadonlySet<number>, buyers: Known[]) {
  const shown = new Map<number, BuyerIdentity>();
  for (const buyer of buyers) {
    if (shown.has(buyer.buyerId)) continue;
    const revealed = signed.has(buyer.buyerId);
    if (revealed || role === "admin") {
      shown.set(buyer.buyerId, { buyerId: buyer.buyerId, name: buyer.name, company: buyer.company, email: revealed ? (buyer.email ?? null) : null });
    } else {
      // not even the internal id: it would let the seller follow one buyer from project to project
      shown.set(buyer.buyerId, { buyerId: null, name: await buyerPseudonym(secret, { projectId, buyerId: buyer.buyerId }), company: "", email: null });
    }
  }
  return (buyerId: number) => shown.get(buyerId) ?? { buyerId: null, name: "A buyer", company: "", email: null };
}
