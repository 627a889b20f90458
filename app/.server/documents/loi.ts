import { Flow, MUTED, embedFonts } from "./layout";
import { pdfLib } from "./pdf-lib";

export type LoiTerms = {
  price: number; // USD
  structure: string; // e.g. "All cash at closing"
  conditions: string;
  dueDiligenceDays: number;
  expiresOn: string; // YYYY-MM-DD
};

const usd = (amount: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);

export async function loiPdf(input: {
  projectId: number;
  projectName: string;
  buyerName: string;
  buyerCompany: string;
  sellerCompany: string;
  issuedAt: Date;
  version: string;
  terms: LoiTerms;
}): Promise<Uint8Array> {
  const { terms } = input;
  const { PDFDocument } = await pdfLib();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Letter of Intent - ${input.projectName}`);
  doc.setSubject(input.version);
  doc.setAuthor(`${input.buyerName}, ${input.buyerCompany}`);
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const flow = new Flow(doc, await embedFonts(doc));

  flow.text("Letter of Intent", { bold: true, size: 18, after: 2 });
  flow.text(input.version, { size: 10, color: MUTED, after: 16 });
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(input.issuedAt);
  flow.field("Date", date);
  flow.field("Project", `${input.projectName} (#${input.projectId})`);
  flow.field("From", `${input.buyerName}, ${input.buyerCompany} (the "Buyer")`);
  flow.field("To", `${input.sellerCompany} (the "Seller")`);
  flow.y -= 12;

  flow.text(
    `The Buyer is pleased to submit this letter of intent to acquire the assets offered by the Seller under the project named above, on the following principal terms:`,
    { after: 10 },
  );
  flow.field("Purchase price", usd(terms.price));
  flow.field("Structure", terms.structure);
  flow.field("Conditions", terms.conditions.trim() || "None");
  flow.field("Due diligence period", `${terms.dueDiligenceDays} ${terms.dueDiligenceDays === 1 ? "day" : "days"}`);
  flow.field("Offer expires", terms.expiresOn);
  flow.y -= 12;

  flow.text(
    `Non-binding. This letter sets out the terms on which the Buyer is prepared to proceed. It is not binding and creates no legal obligation on either party, other than their existing confidentiality obligations. A binding obligation arises only if and when the parties sign a definitive purchase agreement. This offer lapses if it is not accepted by the end of ${terms.expiresOn}, New York time.`,
    { after: 24 },
  );
  flow.need(60);
  flow.text("Sincerely,", { after: 14 });
  flow.text(input.buyerName, { bold: true, after: 0 });
  flow.text(input.buyerCompany);
  return doc.save();
}
