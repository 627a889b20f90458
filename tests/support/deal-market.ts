import { createTestDatabase } from "./db";
import { dealServicesOver } from "./deal-services";
import { projects, type Project, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { decideNda, requestNda, signNda } from "~/models/contracts.server";
import { submitOffer } from "~/models/offers.server";

const SELLER_COMPANY = "First Prairie Bank";

/**
 * A market for the deal flow's model tests, over a test database of its own: a seller and an admin,
 * listings published on the spot, buyers with approved NDAs and their offers. `cleanup` removes the
 * database and the deal's files.
 */
export async function dealMarket(name: string) {
  const t = await createTestDatabase();
  const { services, cleanup } = dealServicesOver(t.db, name);
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"], company: SELLER_COMPANY });
  const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
  const terms = { price: 12_500_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };
  const signature = { signerName: "Signer", ipAddress: "203.0.113.9", userAgent: "test" };
  const partiesOf = (project: Project, buyer: User) => ({ project, buyer, sellerCompany: SELLER_COMPANY });

  async function publishedProject(projectName: string): Promise<Project> {
    const [row] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "insurance_loan", status: "published", projectName, publishedAt: new Date() }).returning();
    return row!;
  }

  /** A buyer with an approved NDA on the project, ready to make an offer. */
  async function approvedBuyer(project: Project, roles = ["ROLE_BUYER"]) {
    const buyer = await makeUser(t.db, { roles });
    const signed = await signNda(services, await requestNda(services, project, buyer), project, buyer, signature);
    await decideNda(services, project, signed.id, seller.id, { approve: true });
    return buyer;
  }

  async function offerBy(project: Project, buyer: User) {
    const offer = await submitOffer(services, partiesOf(project, buyer), terms);
    if (typeof offer === "string") throw new Error(offer);
    return offer;
  }

  return {
    db: t.db,
    services,
    seller,
    admin,
    terms,
    signature,
    partiesOf,
    publishedProject,
    approvedBuyer,
    offerBy,
    cleanup: () => {
      t.cleanup();
      cleanup();
    },
  };
}
