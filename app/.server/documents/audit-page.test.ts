import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../crypto";
import { signedNdaPdf, type SigningEvidence } from "./audit-page";
import { DEFAULT_NDA_TITLE, defaultNdaPdf } from "./nda";
import { pdfPageTexts } from "./pdf-text";

const encoder = new TextEncoder();
const nda = { projectName: "Harbor CRE Loan Book", sellerCompany: "Northwind Bank" };

/** Page texts with the line breaks our wrapping introduced turned back into spaces. */
const flowing = async (pdf: Uint8Array) => (await pdfPageTexts(pdf)).map((t) => t.replace(/\n/g, " "));

async function pdfWithPages(...texts: string[]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of texts) doc.addPage([595, 842]).drawText(text, { x: 72, y: 700, size: 12, font });
  return doc.save();
}

const evidence = (overrides: Partial<SigningEvidence> = {}): SigningEvidence => ({
  envelopeId: "env_7Qk2mX9",
  projectId: 42,
  projectName: nda.projectName,
  signerName: "Jane Buyer",
  signerEmail: "jane@buyer.example",
  signerCompany: "Buyer Capital LLC",
  signedAt: new Date("2026-11-22T10:00:00Z"),
  ipAddress: "203.0.113.7",
  userAgent:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86 ExtraToken/1.0 AnotherToken/2.0",
  documentSha256: "0".repeat(64),
  ...overrides,
});

describe("signedNdaPdf", () => {
  it("appends a certificate of completion after the template's pages", async () => {
    const template = await defaultNdaPdf(nda);
    const templatePages = (await PDFDocument.load(template)).getPageCount();
    const documentSha256 = await sha256Hex(template);
    const signed = await signedNdaPdf(template, evidence({ documentSha256 }));

    const doc = await PDFDocument.load(signed);
    expect(doc.getPageCount()).toBe(templatePages + 1);
    expect(doc.getSubject()).toBe("Signed NDA env_7Qk2mX9");

    const pages = await flowing(signed);
    const audit = pages.at(-1)!;
    expect(audit).toContain("Certificate of completion");
    for (const value of ["env_7Qk2mX9", "Jane Buyer", "jane@buyer.example", "Buyer Capital LLC", "203.0.113.7", documentSha256]) {
      expect(audit).toContain(value);
    }
    expect(audit).toContain("Harbor CRE Loan Book (#42)");
    expect(audit).toContain("2026-11-22T10:00:00.000Z");
    expect(audit).toContain(evidence().userAgent);
    expect(audit).toContain("typed their name as their signature and agreed electronically");
    expect(pages.at(-2)).toContain("Signed electronically by Jane Buyer on 2026-11-22 10:00 UTC");
    // the template's own text is still there, untouched
    expect(pages[0]).toContain(DEFAULT_NDA_TITLE);
  });

  it("signs with a name the standard fonts cannot draw", async () => {
    const signed = await signedNdaPdf(await pdfWithPages("Our NDA"), evidence({ signerName: "李小龍 Bruce Lee", signerCompany: "Ünïcode “Ltd”" }));
    const pages = await flowing(signed);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("Signed electronically by ??? Bruce Lee");
    expect(pages[1]).toContain('Ünïcode "Ltd"');
  });

  it("refuses a file that is not a PDF", async () => {
    await expect(signedNdaPdf(encoder.encode("not a pdf"), evidence())).rejects.toThrow("The NDA document could not be read");
  });
});
