import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfSafe, wrapText } from "./layout";
import { defaultNdaParagraphs } from "./nda";

const nda = { projectName: "Harbor CRE Loan Book", sellerCompany: "Northwind Bank" };

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
