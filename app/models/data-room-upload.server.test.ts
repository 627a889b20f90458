import { describe, expect, it } from "vitest";
import { checkUpload } from "./data-room.server";

const TYPES = ["pdf", "xlsx", "docx", "csv"] as const;

describe("a data room upload of a CSV Excel saved", () => {
  it("takes Excel's Windows 'CSV' (Windows-1252) and its UTF-16 text, kept as the UTF-8 the room serves CSVs as", async () => {
    // "Société,Zürich" as Excel on Windows saves it: é = 0xE9, ü = 0xFC
    const cp1252 = new Uint8Array([...new TextEncoder().encode("Name,City\r\nSoci"), 0xe9, ...new TextEncoder().encode("t"), 0xe9, 0x2c, 0x5a, 0xfc, ...new TextEncoder().encode("rich\r\n")]);
    const windows = await checkUpload(new File([cp1252], "Borrowers.csv", { type: "text/csv" }), TYPES);
    expect(windows).toMatchObject({ ok: true, type: "csv" });
    expect(new TextDecoder().decode((windows as { bytes: Uint8Array }).bytes)).toBe("Name,City\r\nSociété,Zürich\r\n");
    const text = "Name\tCity\r\nSociété\tZürich\r\n";
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(text).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    const unicode = await checkUpload(new File([utf16], "Borrowers.csv", { type: "text/csv" }), TYPES);
    expect(unicode).toMatchObject({ ok: true, type: "csv" });
    expect(new TextDecoder().decode((unicode as { bytes: Uint8Array }).bytes)).toBe(text);
  });

  it("still refuses bytes that are no text, whatever the name says", async () => {
    const binary = new Uint8Array([0x2c, 0x01, 0x02, 0xe9, 0x0a, 0x7f, 0x03]);
    expect(await checkUpload(new File([binary], "data.csv"), TYPES)).toMatchObject({ ok: false, message: "Only PDF, Excel (XLSX), Word (DOCX) and CSV files can be uploaded." });
    // and Windows-1252 text under another name is not taken for a CSV
    expect(await checkUpload(new File([new Uint8Array([0x61, 0x2c, 0xe9, 0x0a])], "notes.txt"), TYPES)).toMatchObject({ ok: false });
  });
});
