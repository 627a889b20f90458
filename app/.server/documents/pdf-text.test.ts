import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfPageTexts } from "./pdf-text";

describe("pdfPageTexts", () => {
  it("reads literal strings with escapes as well as pdf-lib's hex strings", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    const content = doc.context.flateStream("BT /F1 12 Tf 72 700 Td (Caf\\351 \\(ok\\)) Tj [(A) -250 (B)] TJ ET");
    page.node.set(PDFName.of("Contents"), doc.context.register(content));
    expect(await pdfPageTexts(await doc.save())).toEqual(["Café (ok)\nAB"]);
  });
});
