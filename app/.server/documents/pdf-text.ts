/**
 * Reads back the text a PDF shows, so tests and checks can assert on what a reader sees
 * rather than on bytes. Strings are decoded as WinAnsi, the encoding of the standard fonts
 * our documents are drawn with.
 */
import { decodeWinAnsi } from "./layout";
import { pdfLib } from "./pdf-lib";

export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } = await pdfLib();
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
