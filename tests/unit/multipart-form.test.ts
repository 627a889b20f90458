import * as polyfill from "@remix-run/web-fetch";
import { describe, expect, it } from "vitest";
import { readMultipartNatively } from "../../server/multipart-form.mjs";

/** The Node server's fetch polyfill reading an upload form (server/multipart-form.mjs). */
describe("a multipart form read on the Node server", () => {
  const NativeResponse = globalThis.Response;
  readMultipartNatively(polyfill as never, NativeResponse);
  // as a browser sends it: the name as typed, a quote written %22
  const upload = (filename: string) =>
    new polyfill.Response(
      `--X\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-document\r\n` +
        `--X\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\na,b\n1,2\n\r\n--X--\r\n`,
      { headers: { "Content-Type": "multipart/form-data; boundary=X" } },
    ).formData();

  it.each([
    ["Q3; final.csv", "Q3; final.csv"],
    ["rate=5%.csv", "rate=5%.csv"],
    ["the %22final%22 tape.csv", 'the "final" tape.csv'],
    ["Übersicht – отчёт.csv", "Übersicht – отчёт.csv"],
  ])("keeps the file named %s, as the polyfill's File", async (sent, name) => {
    const form = await upload(sent);
    expect(form).toBeInstanceOf(polyfill.FormData);
    expect(form.get("intent")).toBe("upload-document");
    const file = form.get("file") as File;
    expect(file).toBeInstanceOf(polyfill.File);
    expect(file.name).toBe(name);
    expect(file.type).toBe("text/csv");
    expect(await file.text()).toBe("a,b\n1,2\n");
  });

  it("still refuses a body that is not multipart, and reads a urlencoded one as before", async () => {
    await expect(new polyfill.Response("--X\r\nno end", { headers: { "Content-Type": "multipart/form-data; boundary=X" } }).formData()).rejects.toThrow();
    const form = await new polyfill.Response("a=1&b=2", { headers: { "Content-Type": "application/x-www-form-urlencoded" } }).formData();
    expect([...form.entries()]).toEqual([["a", "1"], ["b", "2"]]);
  });
});
