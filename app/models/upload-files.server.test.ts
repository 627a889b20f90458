import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { customers, projects, type Project, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { uploadContractTemplate } from "./contract-templates.server";
import { askForNda, replaceProjectNdaTemplate, requestNda, signNda } from "./contracts.server";
import { updateOnboarding } from "./customer-accounts.server";
import { addDocument } from "./data-room.server";
import type { DealServices } from "./notifications.server";
import { actOnOffer, submitOffer } from "./offers.server";

/**
 * Every upload, and every document of a deal the app writes (an NDA envelope, a signed NDA, a letter of intent), stores its file, then the row that names it: when that write fails, the file must not stay
 * in the store, where nothing would ever read it (each case makes its table refuse the write).
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
let services: DealServices;
let dir: string;
let cleanupFiles: () => void;
let admin: User;
let project: Project;
let customerId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ services, dir, cleanup: cleanupFiles } = dealServicesOver(t.db, "upload-files"));
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  [project] = (await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Pool" }).returning()) as [Project];
  [{ id: customerId }] = (await t.db.insert(customers).values({ name: "Evidence Co", customerType: "buyer" }).returning({ id: customers.id })) as [{ id: number }];
});
afterAll(() => {
  t.cleanup();
  cleanupFiles();
});

const filesStored = () => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dir, entry)).isFile());
const pdf = new TextEncoder().encode("%PDF-1.4\n% upload\n%%EOF\n");

async function refusing(table: string, event: "INSERT" | "UPDATE", run: () => Promise<unknown>) {
  const before = filesStored();
  await t.db.run(sql.raw(`create trigger refuse_write before ${event} on ${table} begin select raise(abort, 'refused'); end`));
  try {
    // a batch's failure is the database's own error, a statement's is wrapped by drizzle
    await expect(run()).rejects.toThrow(/Failed query|refused/);
  } finally {
    await t.db.run(sql.raw("drop trigger refuse_write"));
  }
  expect(filesStored()).toEqual(before);
}

it("a data room document whose row is refused leaves no file", async () => {
  await refusing("documents", "INSERT", () => addDocument(services, project, admin, { name: "memo.pdf", type: "pdf", bytes: pdf }, "local"));
});

it("a contract template whose version is refused leaves no file", async () => {
  await refusing("contract_templates", "INSERT", () => uploadContractTemplate(services, { kind: "nda", name: "nda.pdf", bytes: pdf, actor: admin }));
});

it("a project's NDA template whose setting is refused leaves no file", async () => {
  await refusing("project_nda_settings", "INSERT", () => replaceProjectNdaTemplate(services, project.id, { name: "nda.pdf", bytes: pdf }));
});

it("a customer's on-boarding evidence whose update is refused leaves no file", async () => {
  await refusing("customers", "UPDATE", () =>
    updateOnboarding(services, { actor: admin, customerId, change: { evidence: { name: "qib.pdf", bytes: pdf, contentType: "application/pdf" } } }),
  );
});

// the deal's own documents, made by the app rather than uploaded, are stored the same way

it("an NDA envelope whose request is refused leaves no copy of the NDA", async () => {
  const buyer = await makeUser(t.db);
  await refusing("contracts", "INSERT", () => askForNda(services, project, buyer));
});

it("a signed NDA whose signature is refused leaves no signed copy", async () => {
  const buyer = await makeUser(t.db);
  const contract = await requestNda(services, project, buyer);
  await refusing("contracts", "UPDATE", () => signNda(services, contract, project, buyer, { signerName: buyer.name, ipAddress: "203.0.113.9", userAgent: "test" }));
});

const terms = { price: 12_500_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };

it("a letter of intent whose offer is refused leaves no letter", async () => {
  const buyer = await makeUser(t.db);
  await refusing("offer_events", "INSERT", () => submitOffer(services, { project, buyer, sellerCompany: "Seller Co" }, terms));
});

it("a counter-offer's letter whose step is refused leaves no letter", async () => {
  const buyer = await makeUser(t.db);
  const parties = { project, buyer, sellerCompany: "Seller Co" };
  const offer = await submitOffer(services, parties, terms);
  if (typeof offer === "string") throw new Error(offer);
  await refusing("offers", "UPDATE", () => actOnOffer(services, parties, offer, admin, "seller", "countered", { terms: { ...terms, price: 11_000_000 } }));
});
