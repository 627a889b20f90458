// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OfferSummary, type OfferRecord } from "./offer-summary";

const view: OfferRecord = {
  offer: { id: 39, projectId: 7, status: "submitted", price: 1_000_000, structure: "Cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01", revision: 2 },
  buyerName: "Bea Buyer",
  buyerCompany: "Harbor Capital",
  expired: false,
  events: [],
};

describe("an offer's summary", () => {
  it("says that its letter of intent opens in a new tab", () => {
    const box = document.createElement("div");
    box.innerHTML = renderToStaticMarkup(<OfferSummary view={view} side="buyer" />);
    const link = box.querySelector('a[target="_blank"]')!;
    expect(link.getAttribute("href")).toBe("/projects/more-details/7/offers/39?revision=2");
    expect(link.textContent!.replace(/\s+/g, " ").trim()).toBe("LOI revision 2 (PDF) (opens in a new tab)");
    expect(link.querySelector(".sr-only")?.textContent).toBe(" (opens in a new tab)");
  });
});
