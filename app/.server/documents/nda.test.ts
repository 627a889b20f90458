import { describe, expect, it } from "vitest";
import { sha256Hex } from "../crypto";
import { DEFAULT_NDA_TITLE, defaultNdaParagraphs, defaultNdaPdf } from "./nda";
import { pdfPageTexts } from "./pdf-text";

const nda = { projectName: "Harbor CRE Loan Book", sellerCompany: "Northwind Bank" };

/** Page texts with the line breaks our wrapping introduced turned back into spaces. */
const flowing = async (pdf: Uint8Array) => (await pdfPageTexts(pdf)).map((t) => t.replace(/\n/g, " "));

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
