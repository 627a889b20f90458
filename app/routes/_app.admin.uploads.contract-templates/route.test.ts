import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, responseOf } from "../../../tests/support/app";

/** The admin's contract templates page, as its action answers the upload form. */
const app = await bootApp("route-contract-templates");
const { action } = await import("./route");
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
