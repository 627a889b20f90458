import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { customers, projects, type Project, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { uploadContractTemplate } from "./contract-templates.server";
import { replaceProjectNdaTemplate } from "./contracts.server";
import { updateOnboarding } from "./customer-accounts.server";
import { addDocument } from "./data-room.server";
import type { DealServices } from "./notifications.server";

/**
 * Every upload stores its file, then the row that names it: when that write fails, the file must not stay
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
  await t.db.run(sql.raw(`create trigger refuse_write before ${event} on ${table} begin select raise(abort, 'refused'); end`));
  try {
    await expect(run()).rejects.toThrow(/Failed query/);
  } finally {
    await t.db.run(sql.raw("drop trigger refuse_write"));
  }
  expect(filesStored()).toEqual([]);
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
