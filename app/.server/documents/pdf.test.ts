import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_NDA_TITLE,
  defaultNdaParagraphs,
  defaultNdaPdf,
  loiPdf,
  pdfPageTexts,
  pdfSafe,
  sha256Hex,
  signedNdaPdf,
  watermarkPdf,
  wrapText,
  type SigningEvidence,
} from "./pdf";

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

describe("pdfSafe", () => {
  it("keeps Latin-1 letters, turns typographic punctuation into ASCII and the rest into ?", () => {
    expect(pdfSafe("Zoë “quoted” — 中文")).toBe('Zoë "quoted" - ??');
    expect(pdfSafe("Café naïve €5 ‘x’ – y…")).toBe("Café naïve €5 'x' - y...");
  });

  it("turns line breaks and tabs into spaces and drops control and invisible characters", () => {
    expect(pdfSafe("a\tb\r\nc\u0007d\u200be\u00adf")).toBe("a b  cdef");
    expect(pdfSafe("emoji 🙂!")).toBe("emoji ?!");
    // decomposed accents are composed first, so they stay letters rather than becoming "?"
    expect(pdfSafe("Zoe\u0308")).toBe("Zoë");
  });

  it("produces text Helvetica can always measure and draw", async () => {
    const doc = await PDFDocument.create();
    const fonts = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
    let all = "";
    for (let cp = 0; cp < 0x3100; cp++) all += String.fromCodePoint(cp);
    for (const font of fonts) expect(() => font.widthOfTextAtSize(pdfSafe(all), 10)).not.toThrow();
  });
});

describe("wrapText", () => {
  it("splits at spaces to fit the measured width and cuts words longer than a line", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const paragraph = defaultNdaParagraphs(nda)[1]!;
    const lines = wrapText(`${paragraph} ${"f".repeat(300)}`, font, 10.5, 468);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10.5)).toBeLessThanOrEqual(468);
    const cut = lines.findIndex((line) => /^f+$/.test(line));
    expect(cut).toBeGreaterThan(5);
    expect(lines.slice(0, cut).join(" ")).toBe(paragraph);
    expect(lines.slice(cut).length).toBeGreaterThan(1);
    expect(lines.slice(cut).join("")).toBe("f".repeat(300));
  });

  it("keeps explicit line breaks", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(wrapText("1. Financing\n2. Board approval", font, 10, 400)).toEqual(["1. Financing", "2. Board approval"]);
  });
});

describe("default NDA", () => {
  it("names the project and the seller in its first paragraph and covers the usual terms", () => {
    const paragraphs = defaultNdaParagraphs(nda);
    expect(paragraphs.length).toBeGreaterThanOrEqual(10);
    expect(paragraphs[0]).toContain("Harbor CRE Loan Book");
    expect(paragraphs[0]).toContain("Northwind Bank");
    const all = paragraphs.join(" ");
    for (const term of ["borrower", "loan-level data", "two (2) years", "State of New York", "injunctive relief", "solicit"]) {
      expect(all).toContain(term);
    }
  });

  it("draws the title, the project and every paragraph across as many pages as needed", async () => {
    const pdf = await defaultNdaPdf(nda);
    const pages = await flowing(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain(DEFAULT_NDA_TITLE);
    expect(pages[0]).toContain("Project: Harbor CRE Loan Book");
    const text = pages.join(" ");
    for (const paragraph of defaultNdaParagraphs(nda)) expect(text).toContain(paragraph);
    expect(pages.at(-1)).toContain("Agreed and accepted by the Recipient:");
  });

  it("is byte-for-byte reproducible, so its SHA-256 identifies it", async () => {
    const [a, b] = [await defaultNdaPdf(nda), await defaultNdaPdf(nda)];
    expect(await sha256Hex(a)).toBe(await sha256Hex(b));
    expect(await sha256Hex(a)).not.toBe(await sha256Hex(await defaultNdaPdf({ ...nda, projectName: "Other" })));
  });
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

describe("loiPdf", () => {
  const input = {
    projectId: 42,
    projectName: nda.projectName,
    buyerName: "Jane Buyer",
    buyerCompany: "Buyer Capital LLC",
    sellerCompany: "Northwind Bank",
    issuedAt: new Date("2026-11-22T10:00:00Z"),
    version: "Offer #3, revision 2 (counter-offer by the seller)",
    terms: {
      price: 12_500_000,
      structure: "All cash at closing",
      conditions: "Satisfactory review of the loan files.\nNo material adverse change before closing.",
      dueDiligenceDays: 30,
      expiresOn: "2026-12-31",
    },
  };

  it("lays out the parties, the terms and the non-binding clause", async () => {
    const pages = await flowing(await loiPdf(input));
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.length).toBeLessThanOrEqual(2);
    const text = pages.join(" ");
    for (const part of [
      "Letter of Intent",
      "Offer #3, revision 2 (counter-offer by the seller)",
      "November 22, 2026",
      "Harbor CRE Loan Book (#42)",
      "Jane Buyer, Buyer Capital LLC",
      "Northwind Bank",
      "Purchase price $12,500,000",
      "Structure All cash at closing",
      "No material adverse change before closing.",
      "30 days",
      "2026-12-31",
      "not binding",
    ]) {
      expect(text).toContain(part);
    }
  });

  it("shows cents only when the price has them", async () => {
    const text = (await flowing(await loiPdf({ ...input, terms: { ...input.terms, price: 1_000_000.5 } }))).join(" ");
    expect(text).toContain("$1,000,000.50");
  });
});

describe("sha256Hex", () => {
  it("matches the FIPS 180-2 test vector", async () => {
    expect(await sha256Hex(encoder.encode("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("pdfPageTexts", () => {
  it("reads literal strings with escapes as well as pdf-lib's hex strings", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    const content = doc.context.flateStream("BT /F1 12 Tf 72 700 Td (Caf\\351 \\(ok\\)) Tj [(A) -250 (B)] TJ ET");
    page.node.set(PDFName.of("Contents"), doc.context.register(content));
    expect(await pdfPageTexts(await doc.save())).toEqual(["Café (ok)\nAB"]);
  });
});
