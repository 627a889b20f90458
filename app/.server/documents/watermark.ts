import { pdfSafe } from "./layout";
import { pdfLib } from "./pdf-lib";

/** Where a PDF's last lines are: its cross-reference's offset and %%EOF sit within its last kilobyte (two are read). */
const TAIL_BYTES = 2048;

/**
 * Whether a PDF can be opened to its pages: what a buyer's watermarked download and a signed NDA need.
 * Refused: a protected PDF (pdf-lib opens no encrypted file), one without pages, and one whose end is not a
 * PDF's (damaged, or only its first line a PDF's), which is told at once: pdf-lib read 5 MB of such bytes
 * as objects for 13 seconds, and then found no pages.
 */
export async function openablePdf(pdf: Uint8Array): Promise<boolean> {
  const doc = await openPdf(pdf);
  try {
    return Boolean(doc && doc.getPageCount() > 0);
  } catch {
    return false;
  }
}

/** The PDF opened, or null: bytes that do not end as a PDF does are not handed to pdf-lib at all. */
async function openPdf(pdf: Uint8Array) {
  const tail = String.fromCharCode(...pdf.subarray(Math.max(0, pdf.length - TAIL_BYTES)));
  if (!tail.includes("startxref") || !tail.includes("%%EOF")) return null;
  const { PDFDocument } = await pdfLib();
  return PDFDocument.load(pdf, { updateMetadata: false }).catch(() => null);
}

export async function watermarkPdf(pdf: Uint8Array, text: string): Promise<Uint8Array> {
  const doc = await openPdf(pdf);
  if (!doc) throw new Error("The document could not be read");
  const { StandardFonts, degrees, grayscale } = await pdfLib();
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
