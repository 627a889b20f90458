import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, ORIGIN, responseOf, sent } from "../../../tests/support/app";

/** The admin's contract templates page, as its action answers the upload form. */
const app = await bootApp("route-contract-templates");
const { action, loader } = await import("./route");
const { contractTemplates } = await import("~/.server/db/schema");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

function post(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request(`${ORIGIN}/admin/uploads/contract-templates`, {
    method: "POST",
    headers: { Cookie: admin.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    body: form,
  });
  return responseOf(action({ request, context, params: {} }));
}

describe("an upload whose file field holds text (a form posted by hand, a browser that sent an empty string)", () => {
  it("is refused as no file is, with 'Choose a file to upload.' on the file's field, storing nothing", async () => {
    const before = await services.db.select().from(contractTemplates);
    const empty = await post({ intent: "upload", kind: "nda", file: new File([], "nda.pdf") });
    expect(empty.status).toBe(422);
    for (const text of ["", "nda.pdf"]) {
      const answer = await post({ intent: "upload", kind: "nda", file: text });
      // as a file of nothing is answered (the page's own check, 422)
      expect(answer.status).toBe(422);
      const { result } = (await answer.json()) as { result: { error: Record<string, string[]> } };
      expect(result.error.file).toEqual(["Choose a file to upload."]);
    }
    expect(await services.db.select().from(contractTemplates)).toEqual(before);
  });
});

describe("a template past its 5 MB", () => {
  it("is refused with 413 and why on the upload form's file field (what the page shows), storing nothing", async () => {
    const before = await services.db.select().from(contractTemplates);
    const pdf = (bytes: number) => new File([new Uint8Array(bytes).fill(32).map((b, i) => (i < 9 ? "%PDF-1.7\n".charCodeAt(i) : b))], "big.pdf");
    // past the form's room (read no further), and within it
    for (const bytes of [7 * 1024 * 1024, 5 * 1024 * 1024 + 1]) {
      const response = await post({ intent: "upload", kind: "nda", file: pdf(bytes) });
      expect(response.status, String(bytes)).toBe(413);
      const { result } = (await response.json()) as { result: { initialValue: Record<string, string>; error: Record<string, string[]> } };
      expect(result.initialValue.intent, String(bytes)).toBe("upload");
      expect(result.error, String(bytes)).toEqual({ file: ["The file is larger than 5 MB."] });
    }
    expect(await services.db.select().from(contractTemplates)).toEqual(before);
  });
});

describe("a project on an NDA version older than those listed", () => {
  it("is offered that version, chosen, not the latest with \"none chosen\"", async () => {
    const { projects } = await import("~/.server/db/schema");
    const { chooseProjectTemplates, TEMPLATES_SHOWN } = await import("~/models/contract-templates.server");
    const base = 500;
    const rows = await services.db
      .insert(contractTemplates)
      .values(Array.from({ length: TEMPLATES_SHOWN + 5 }, (_, i) => ({ kind: "nda" as const, name: `old-${i}.pdf`, fileKey: `old/${i}`, sha256: "0".repeat(64), uploadedBy: admin.user.id, version: base + i })))
      .returning();
    const [project] = await services.db.select().from(projects).limit(1);
    expect(await chooseProjectTemplates(services.db, { projectId: project!.id, nda: rows[0]!.id, saleAgreement: null, actor: admin.user })).toBe(true);
    const data = await (await sent(loader({ request: getRequest(`/admin/uploads/contract-templates?project=${project!.id}`, admin.cookie), context, params: {} }))).json();
    expect(data.project?.choice.nda).toBe(rows[0]!.id);
    expect(data.templates.map((t: { id: number }) => t.id)).toContain(rows[0]!.id);
  });
});

describe("a template whose name the browser sent with a line break (%0D%0A)", () => {
  it("is kept under its name without control characters, in the list and in the audit log", async () => {
    const { desc, eq } = await import("drizzle-orm");
    const { auditLog } = await import("~/.server/db/schema");
    const { PDFDocument } = await import("pdf-lib");
    const made = await PDFDocument.create();
    made.addPage();
    const response = await post({ intent: "upload", kind: "sale_agreement", file: new File([(await made.save()) as Uint8Array<ArrayBuffer>], "Sale\r\nagreement\t2026.pdf") });
    expect(response.status).toBe(302);
    const [saved] = await services.db.select().from(contractTemplates).orderBy(desc(contractTemplates.id)).limit(1);
    expect(saved!.name).toBe("Saleagreement2026.pdf");
    const [logged] = await services.db.select().from(auditLog).where(eq(auditLog.action, "contract-template.upload")).orderBy(desc(auditLog.id)).limit(1);
    expect(logged!.detail).toContain(": Saleagreement2026.pdf (sha256");
  });
});
