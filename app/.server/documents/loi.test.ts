import { describe, expect, it } from "vitest";
import { loiPdf } from "./loi";
import { pdfPageTexts } from "./pdf-text";

/** Page texts with the line breaks our wrapping introduced turned back into spaces. */
const flowing = async (pdf: Uint8Array) => (await pdfPageTexts(pdf)).map((t) => t.replace(/\n/g, " "));

describe("loiPdf", () => {
  const input = {
    projectId: 42,
    projectName: "Harbor CRE Loan Book",
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
