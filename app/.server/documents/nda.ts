import { Flow, MUTED, embedFonts } from "./layout";
import { pdfLib } from "./pdf-lib";

export const DEFAULT_NDA_TITLE = "Mutual Non-Disclosure Agreement";

export function defaultNdaParagraphs(input: { projectName: string; sellerCompany: string }): string[] {
  const seller = input.sellerCompany.trim() || "the company offering the assets";
  return [
    `1. Parties and purpose. This Mutual Non-Disclosure Agreement (the "Agreement") is made between ${seller} (the "Seller", as disclosing party) and the person or company signing below (the "Recipient", as prospective buyer) in connection with the Recipient's evaluation of a possible purchase of loans, receivables or other assets offered by the Seller under the project "${input.projectName}" (the "Transaction").`,
    `2. Confidential Information. "Confidential Information" means all information made available by or on behalf of the Seller in connection with the Transaction, in any form, including the identities, contact details and financial circumstances of borrowers, obligors and guarantors; loan tapes and loan-level data such as balances, interest rates, payment histories, collateral and loan documentation; servicing and collection records; pricing; the contents of the data room; and the existence and terms of the Transaction. It does not include information that is or becomes public other than through a breach of this Agreement, that the Recipient already lawfully held without a duty of confidentiality, that the Recipient develops independently, or that it receives from a third party free to disclose it.`,
    `3. Permitted use. The Recipient shall use Confidential Information solely to evaluate, negotiate and, if agreed, complete the Transaction, and shall protect it with at least the care it uses for its own confidential information, and no less than reasonable care. It may share Confidential Information only with its directors, officers, employees, financing sources and professional advisers who need to know it for that purpose and are bound by duties of confidentiality no less protective than this Agreement (its "Representatives"). The Recipient is responsible for any breach by its Representatives.`,
    `4. No contact with borrowers. Until the Transaction closes, the Recipient and its Representatives shall not contact any borrower, obligor, guarantor or servicer of the assets, or any employee of the Seller other than the persons the Seller designates, about the assets or the Transaction without the Seller's prior written consent.`,
    `5. Non-solicitation. For the term of this Agreement the Recipient shall not, directly or indirectly, solicit for employment any employee of the Seller with whom it had contact in connection with the Transaction, nor use Confidential Information to solicit any borrower or obligor to refinance, prepay or transfer its obligations. General advertisements not directed at such persons are not a breach.`,
    `6. Required disclosure. If the Recipient is required by law, regulation or a court or supervisory authority to disclose Confidential Information, it shall, where lawful, give the Seller prompt notice so that the Seller may seek a protective order, and shall disclose only the part it is legally required to disclose.`,
    `7. Return or destruction. On the Seller's request, or if the Recipient decides not to proceed, the Recipient shall within ten business days return or destroy all Confidential Information, including copies, notes and analyses containing it, and confirm this in writing. Copies that must be kept by law or that sit in automatic electronic back-ups may be retained, but remain subject to this Agreement for as long as they are kept.`,
    `8. Information about the Recipient. The Seller shall likewise keep confidential the Recipient's identity, its bids, offers and letters of intent, and any non-public information the Recipient provides about itself, and shall use that information only for the Transaction.`,
    `9. No obligation to transact. Neither party is obliged to enter into the Transaction, and either party may end discussions at any time. No agreement about the Transaction exists unless and until a definitive purchase agreement is signed. The Seller makes no representation or warranty about the accuracy or completeness of the Confidential Information except as set out in such a definitive agreement.`,
    `10. Term. This Agreement takes effect when the Recipient signs it and its obligations continue for two (2) years from that date, except that personal information about borrowers and obligors must be protected for as long as the Recipient or its Representatives hold it.`,
    `11. Remedies. The parties agree that money damages may not be a sufficient remedy for a breach of this Agreement and that the non-breaching party is entitled to seek injunctive relief and specific performance, without posting a bond, in addition to any other remedy available at law or in equity.`,
    `12. Governing law and signature. This Agreement is governed by the laws of the State of New York, without regard to its conflict of laws rules, and the state and federal courts located in the Borough of Manhattan, New York City have exclusive jurisdiction over any dispute arising from it. The Recipient may sign electronically; the Seller accepts this Agreement by making Confidential Information available to the Recipient. This Agreement is the parties' entire agreement on its subject matter.`,
  ];
}

export async function defaultNdaPdf(input: { projectName: string; sellerCompany: string }): Promise<Uint8Array> {
  // No dates and no producer: the same project yields the same bytes, hence the same SHA-256.
  const { PDFDocument } = await pdfLib();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(DEFAULT_NDA_TITLE);
  doc.setSubject(input.projectName);
  const flow = new Flow(doc, await embedFonts(doc));
  flow.text(DEFAULT_NDA_TITLE, { bold: true, size: 16, after: 4 });
  flow.text(`Project: ${input.projectName}`, { size: 10, color: MUTED, after: 18 });
  for (const paragraph of defaultNdaParagraphs(input)) flow.text(paragraph, { after: 8 });

  flow.need(170);
  flow.text("Agreed and accepted by the Recipient:", { bold: true, after: 14 });
  for (const label of ["Signature", "Name", "Company", "Date"]) flow.text(`${label}: ______________________________`, { after: 12 });
  flow.text(
    "When this Agreement is signed electronically, a certificate of completion recording the signer's typed name, the time of signing and the fingerprint of this document is attached as its final page.",
    { size: 8.5, color: MUTED },
  );
  return doc.save();
}
