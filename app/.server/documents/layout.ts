/**
 * What the deal documents we draw ourselves (default NDA, signed NDA with its audit page,
 * letters of intent, watermarked data-room copies) share: page geometry, fonts and text that
 * the standard fonts can draw. Runs unchanged on Node and workerd: pdf-lib only.
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from "pdf-lib";
import { pdfLib } from "./pdf-lib";

export const LETTER: [number, number] = [612, 792];
export const MARGIN = 72;
// pdf-lib's grayscale(0.1) and grayscale(0.4), written out: the module is loaded when a document is drawn
export const INK = { type: "Grayscale", gray: 0.1 } as unknown as Color;
export const MUTED = { type: "Grayscale", gray: 0.4 } as unknown as Color;

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

/** The inverse of what the fonts encode, kept beside its table for reading our documents back. */
export function decodeWinAnsi(bytes: string): string {
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

export type Fonts = { regular: PDFFont; bold: PDFFont };

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const { StandardFonts } = await pdfLib();
  return { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
}

type TextStyle = { bold?: boolean; size?: number; color?: Color; indent?: number; after?: number };

/** Top-down text flow between the margins that starts a new page when the current one is full. */
export class Flow {
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
