import { Flow, INK, LETTER, MARGIN, MUTED, embedFonts, pdfSafe, wrapText } from "./layout";
import { pdfLib } from "./pdf-lib";

export type SigningEvidence = {
  envelopeId: string;
  projectId: number;
  projectName: string;
  signerName: string; // as typed by the signer
  signerEmail: string;
  signerCompany: string;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
  documentSha256: string; // hex SHA-256 of the unsigned NDA PDF
};

const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export async function signedNdaPdf(ndaPdf: Uint8Array, evidence: SigningEvidence): Promise<Uint8Array> {
  const { PDFDocument } = await pdfLib();
  const doc = await PDFDocument.load(ndaPdf, { updateMetadata: false }).catch(() => null);
  const lastPage = doc?.getPages().at(-1);
  if (!doc || !lastPage) throw new Error("The NDA document could not be read");
  const fonts = await embedFonts(doc);

  // In the bottom margin, where a template's body text does not reach; the watermark footer sits lower.
  const box = lastPage.getCropBox();
  const signature = wrapText(`Signed electronically by ${evidence.signerName} on ${utcMinute(evidence.signedAt)}`, fonts.bold, 9, box.width - 2 * MARGIN);
  signature.forEach((line, i) => {
    const y = box.y + 42 + (signature.length - 1 - i) * 11;
    lastPage.drawText(pdfSafe(line), { x: box.x + MARGIN, y, size: 9, font: fonts.bold, color: INK });
  });

  // Same paper as the template (A4 stays A4), unless its last page is too small to hold the record.
  const { width, height } = lastPage.getSize();
  const flow = new Flow(doc, fonts, width >= 400 && height >= 500 ? [width, height] : LETTER);
  flow.text("Certificate of completion", { bold: true, size: 16, after: 4 });
  flow.text("Electronic signature record for the document on the preceding pages.", { size: 10, color: MUTED, after: 18 });
  const rows: Array<[string, string]> = [
    ["Envelope", evidence.envelopeId],
    ["Project", `${evidence.projectName} (#${evidence.projectId})`],
    ["Signer", evidence.signerName],
    ["E-mail", evidence.signerEmail],
    ["Company", evidence.signerCompany],
    ["Signed at (UTC)", evidence.signedAt.toISOString()],
    ["IP address", evidence.ipAddress],
    ["User agent", evidence.userAgent],
    ["Original document SHA-256", evidence.documentSha256],
  ];
  // Label above value: a 64-digit hash needs the full line width.
  for (const [label, value] of rows) {
    flow.need(32);
    flow.text(label, { bold: true, size: 8.5, color: MUTED, after: 0 });
    flow.text(value || "-", { after: 8 });
  }
  flow.text(
    `${evidence.signerName} typed their name as their signature and agreed electronically to the terms of the document above on ${evidence.signedAt.toISOString()}. The SHA-256 fingerprint identifies the unsigned document as it was presented for signature.`,
    { size: 10, after: 0 },
  );

  doc.setTitle(`Signed NDA - ${evidence.projectName}`);
  doc.setSubject(`Signed NDA ${evidence.envelopeId}`);
  doc.setModificationDate(evidence.signedAt);
  return doc.save();
}
