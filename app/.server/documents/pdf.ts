/**
 * The deal documents we draw ourselves (default NDA, signed NDA with its audit page,
 * letters of intent, watermarked data-room copies) and a text reader for checking them.
 * Runs unchanged on Node and workerd: pdf-lib, WebCrypto and TextEncoder only.
 */
import {
  PDFArray,
  PDFDocument,
  PDFRawStream,
  StandardFonts,
  decodePDFRawStream,
  degrees,
  grayscale,
  type Color,
  type PDFFont,
  type PDFPage,
} from "pdf-lib";

const LETTER: [number, number] = [612, 792];
const MARGIN = 72;
const INK = grayscale(0.1);
const MUTED = grayscale(0.4);

// ---------------------------------------------------------------- WinAnsi text

/** Bytes 0x80–0x9F of WinAnsi (Windows-1252); the five C1 controls are holes the fonts cannot draw. */
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const WIN_ANSI_EXTRA = new Set([...WIN_ANSI_HIGH].filter((ch) => ch.charCodeAt(0) > 0xff));

// Typographic punctuation is drawable, but ASCII keeps copied text and searches predictable.
const ASCII_LOOKALIKES = new Map([
  ..."‘’‚‛′".split("").map((ch) => [ch, "'"] as const),
  ..."“”„‟″".split("").map((ch) => [ch, '"'] as const),
  ..."‐‑‒–—―−".split("").map((ch) => [ch, "-"] as const),
  ["…", "..."],
]);

/**
 * Text the standard fonts can draw: Latin-1 letters and the WinAnsi extras stay, typographic
 * quotes and dashes become ASCII, line breaks and other spaces become a plain space, control
 * and invisible format characters go, and anything else becomes "?" (pdf-lib would throw).
 */
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    const lookalike = ASCII_LOOKALIKES.get(ch);
    if (lookalike !== undefined) out += lookalike;
    else if (/\p{Cf}/u.test(ch)) continue; // soft hyphen, zero-width and bidi marks
    else if (/\s/.test(ch)) out += " ";
    else if (/\p{Cc}/u.test(ch)) continue;
    else if (cp <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += "?";
  }
  return out;
}

function decodeWinAnsi(bytes: string): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes.charCodeAt(i);
    out += b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b);
  }
  return out;
}

/**
 * Splits text into lines no wider than `maxWidth`, by measured glyph widths. Newlines in the
 * input start a new line; a word wider than the line (a hash, a user agent) is cut by characters.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = "";
    for (let word of pdfSafe(paragraph).split(" ").filter(Boolean)) {
      if (fits(line ? `${line} ${word}` : word)) {
        line = line ? `${line} ${word}` : word;
        continue;
      }
      if (line) lines.push(line);
      while (!fits(word)) {
        let cut = 1;
        while (cut < word.length && fits(word.slice(0, cut + 1))) cut++;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    lines.push(line);
  }
  return lines;
}

// ---------------------------------------------------------------- layout

type Fonts = { regular: PDFFont; bold: PDFFont };

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
}

type TextStyle = { bold?: boolean; size?: number; color?: Color; indent?: number; after?: number };

/** Top-down text flow between the margins that starts a new page when the current one is full. */
class Flow {
  page: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly size: [number, number] = LETTER,
  ) {
    this.page = this.newPage();
  }

  get width() {
    return this.size[0] - 2 * MARGIN;
  }

  private newPage() {
    this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - MARGIN;
    return this.page;
  }

  /** Moves to a new page unless `height` still fits, so short blocks are not split. */
  need(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(text: string, { bold, size = 10.5, color = INK, indent = 0, after = 6 }: TextStyle = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const leading = size * 1.4;
    for (const line of wrapText(text, font, size, this.width - indent)) {
      this.need(leading);
      this.page.drawText(pdfSafe(line), { x: MARGIN + indent, y: this.y - size, size, font, color });
      this.y -= leading;
    }
    this.y -= after;
  }

  /** A label on the left and its wrapped value beside it. */
  field(label: string, value: string, labelWidth = 150) {
    const lines = wrapText(value, this.fonts.regular, 10.5, this.width - labelWidth).length;
    this.need(Math.min(lines * 14.7, this.size[1] - 2 * MARGIN));
    this.page.drawText(pdfSafe(label), { x: MARGIN, y: this.y - 10.5, size: 10.5, font: this.fonts.bold, color: INK });
    this.text(value, { indent: labelWidth, after: 4 });
  }
}

const usd = (amount: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);

const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

// ---------------------------------------------------------------- default NDA

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

// ---------------------------------------------------------------- signed NDA

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

export async function signedNdaPdf(ndaPdf: Uint8Array, evidence: SigningEvidence): Promise<Uint8Array> {
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

// ---------------------------------------------------------------- watermark

export async function watermarkPdf(pdf: Uint8Array, text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false }).catch(() => null);
  if (!doc) throw new Error("The document could not be read");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const mark = pdfSafe(text);
  const unitWidth = Math.max(font.widthOfTextAtSize(mark, 1), 1);

  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    // Drawn over the content (not under it) so opaque scans cannot hide it; kept faint to stay readable.
    const angle = Math.atan2(box.height, box.width);
    const size = Math.min(48, (Math.hypot(box.width, box.height) * 0.75) / unitWidth);
    const half = (unitWidth * size) / 2;
    const rise = size * 0.35; // half the cap height, to centre the line on its baseline
    page.drawText(mark, {
      x: box.x + box.width / 2 - half * Math.cos(angle) + rise * Math.sin(angle),
      y: box.y + box.height / 2 - half * Math.sin(angle) - rise * Math.cos(angle),
      size,
      font,
      rotate: degrees((angle * 180) / Math.PI),
      color: grayscale(0.5),
      opacity: 0.25,
    });
    const footerSize = Math.min(8, (box.width - 72) / unitWidth);
    page.drawText(mark, {
      x: box.x + (box.width - unitWidth * footerSize) / 2,
      y: box.y + 18,
      size: footerSize,
      font,
      color: grayscale(0.45),
    });
  }

  doc.setKeywords([doc.getKeywords(), text].filter((k): k is string => Boolean(k)));
  return doc.save();
}

// ---------------------------------------------------------------- letter of intent

export type LoiTerms = {
  price: number; // USD
  structure: string; // e.g. "All cash at closing"
  conditions: string;
  dueDiligenceDays: number;
  expiresOn: string; // YYYY-MM-DD
};

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
    `Non-binding. This letter sets out the terms on which the Buyer is prepared to proceed. It is not binding and creates no legal obligation on either party, other than their existing confidentiality obligations. A binding obligation arises only if and when the parties sign a definitive purchase agreement. This offer lapses if it is not accepted by the end of ${terms.expiresOn}.`,
    { after: 24 },
  );
  flow.need(60);
  flow.text("Sincerely,", { after: 14 });
  flow.text(input.buyerName, { bold: true, after: 0 });
  flow.text(input.buyerCompany);
  return doc.save();
}

// ---------------------------------------------------------------- hashing and reading back

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // A copy is ArrayBuffer-backed, which WebCrypto's BufferSource requires of typed arrays.
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false }).catch(() => null);
  if (!doc) throw new Error("The document could not be read");
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    let source = "";
    for (const stream of streams) {
      // decodePDFRawStream handles FlateDecode and the other standard filters with pdf-lib's own decoders
      if (stream instanceof PDFRawStream) source += `${latin1(decodePDFRawStream(stream).decode())}\n`;
    }
    return shownStrings(source).join("\n");
  });
}

function latin1(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

const SHOW_TEXT = new Set(["Tj", "TJ", "'", '"']);
const LITERAL_ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };

/** The string operands of the text-showing operators, one entry per operator, decoded from WinAnsi. */
function shownStrings(src: string): string[] {
  const shown: string[] = [];
  let operands: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "%") {
      while (i < src.length && src[i] !== "\n" && src[i] !== "\r") i++;
    } else if (c === "(") {
      let depth = 0;
      let s = "";
      for (; i < src.length; i++) {
        const d = src[i]!;
        if (d === "\\") {
          const next = src[++i] ?? "";
          const octal = /^[0-7]{1,3}/.exec(src.slice(i, i + 3))?.[0];
          if (octal) {
            s += String.fromCharCode(parseInt(octal, 8) & 0xff);
            i += octal.length - 1;
          } else if (next === "\r" && src[i + 1] === "\n") i++;
          else if (next !== "\n" && next !== "\r") s += LITERAL_ESCAPES[next] ?? next;
        } else if (d === "(") {
          if (depth++ > 0) s += d;
        } else if (d === ")") {
          if (--depth === 0) break;
          s += d;
        } else s += d;
      }
      operands.push(decodeWinAnsi(s));
      i++;
    } else if (c === "<" && src[i + 1] !== "<") {
      const end = src.indexOf(">", i);
      const hex = src.slice(i + 1, end < 0 ? src.length : end).replace(/\s/g, "");
      let s = "";
      for (let h = 0; h < hex.length; h += 2) s += String.fromCharCode(parseInt(hex.slice(h, h + 2).padEnd(2, "0"), 16));
      operands.push(decodeWinAnsi(s));
      i = end < 0 ? src.length : end + 1;
    } else if (c === "/") {
      // a name such as /F1 or /Helvetica must not be read as an operator
      i++;
      while (i < src.length && !/[\s/<>[\]()%{}]/.test(src[i]!)) i++;
    } else if (/[A-Za-z'"]/.test(c)) {
      const op = /^[A-Za-z'"*]+[0-9]*/.exec(src.slice(i, i + 8))![0];
      if (SHOW_TEXT.has(op)) shown.push(operands.join(""));
      operands = [];
      i += op.length;
      // inline image data is binary; skip to its end marker
      if (op === "ID") i = src.indexOf("EI", i) < 0 ? src.length : src.indexOf("EI", i) + 2;
    } else i++;
  }
  return shown;
}
