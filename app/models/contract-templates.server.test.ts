import { gte } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { projects, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { chooseProjectTemplates, listContractTemplates, uploadContractTemplate } from "./contract-templates.server";
import { requestNda } from "./contracts.server";
import type { DealServices } from "./notifications.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let cleanupFiles: () => void;
let services: DealServices;
let admin: User;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ services, cleanup: cleanupFiles } = dealServicesOver(t.db, "templates"));
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
});
afterAll(() => {
  t.cleanup();
  cleanupFiles();
});

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

it("numbers each upload as the next version of its kind, keeping the older ones", async () => {
  const v1 = await uploadContractTemplate(services, { kind: "nda", name: "nda-2025.pdf", bytes: pdf("one"), actor: admin });
  const v2 = await uploadContractTemplate(services, { kind: "nda", name: "nda-2026.pdf", bytes: pdf("two"), actor: admin });
  const sale = await uploadContractTemplate(services, { kind: "sale_agreement", name: "spa.pdf", bytes: pdf("sale"), actor: admin });
  expect([v1.version, v2.version, sale.version]).toEqual([1, 2, 1]);
  expect((await listContractTemplates(t.db)).map((t) => `${t.kind} ${t.version}`)).toEqual(["nda 2", "nda 1", "sale_agreement 1"]);
});

it("lists each kind's latest versions however many versions the other kind has", async () => {
  const { contractTemplates } = await import("~/.server/db/schema");
  const { TEMPLATES_SHOWN } = await import("./contract-templates.server");
  // NDA versions past twice a page's worth, as an admin revising the NDA often would leave them
  await t.db.insert(contractTemplates).values(
    Array.from({ length: TEMPLATES_SHOWN * 2 }, (_, i) => ({ kind: "nda" as const, name: `nda-rev-${i}.pdf`, fileKey: `k/${i}`, sha256: "0".repeat(64), uploadedBy: admin.id, version: 100 + i })),
  );
  try {
    const listed = await listContractTemplates(t.db);
    expect(listed.filter((t) => t.kind === "nda")).toHaveLength(TEMPLATES_SHOWN);
    expect(listed.filter((t) => t.kind === "nda")[0]!.version).toBe(100 + TEMPLATES_SHOWN * 2 - 1);
    expect(listed.filter((t) => t.kind === "sale_agreement").map((t) => t.version)).toEqual([1]);
  } finally {
    await t.db.delete(contractTemplates).where(gte(contractTemplates.version, 100));
  }
});

it("sends a project's NDA on the version chosen for it, else the built-in one", async () => {
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  const other = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Pool" }).returning();
  const text = async (key: string) => new TextDecoder().decode((await services.files.get(key))!);

  // an upload alone changes no project's NDA
  const builtIn = await requestNda(services, project!, buyer);
  expect(await text(builtIn.documentKey)).not.toContain("two");

  const [, older] = (await listContractTemplates(t.db)).filter((t) => t.kind === "nda");
  expect(await chooseProjectTemplates(t.db, { projectId: project!.id, nda: older!.id, saleAgreement: null, actor: admin })).toBe(true);
  const chosen = await requestNda(services, project!, other);
  expect(await text(chosen.documentKey)).toContain("one");
  // the envelope sent before keeps its copy
  expect(await text(builtIn.documentKey)).not.toContain("one");
  expect(await chooseProjectTemplates(t.db, { projectId: 999_999, nda: null, saleAgreement: null, actor: admin })).toBe(false);
});
