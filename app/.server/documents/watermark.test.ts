import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfPageTexts } from "./pdf-text";
import { watermarkPdf } from "./watermark";

const encoder = new TextEncoder();

async function pdfWithPages(...texts: string[]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of texts) doc.addPage([595, 842]).drawText(text, { x: 72, y: 700, size: 12, font });
  return doc.save();
}

describe("watermarkPdf", () => {
  const mark = "Confidential - Jane Buyer - 2026-11-22 10:00 UTC";

  it("stamps every page and keeps the original content as text", async () => {
    const stamped = await watermarkPdf(await pdfWithPages("Page one", "Page two", "Page three"), mark);
    const pages = await pdfPageTexts(stamped);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      expect(text).toContain(["Page one", "Page two", "Page three"][i]);
      // the diagonal stamp and the footer line
      expect(text.split(mark)).toHaveLength(3);
    });
    expect((await PDFDocument.load(stamped)).getKeywords()).toContain(mark);
  });

  it("draws names the fonts cannot encode as ?", async () => {
    const stamped = await watermarkPdf(await pdfWithPages("x"), "Confidential – 王芳");
    expect((await pdfPageTexts(stamped))[0]).toContain("Confidential - ??");
  });

  it("refuses a file that is not a PDF", async () => {
    await expect(watermarkPdf(encoder.encode("GIF89a...."), mark)).rejects.toThrow("The document could not be read");
    await expect(watermarkPdf(new Uint8Array(), mark)).rejects.toThrow("The document could not be read");
  });
});
