import type { DocumentType } from "~/lib/deal";

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** File names of a ZIP archive's central directory (Office files are ZIPs named by what is inside). */
function zipEntryNames(bytes: Uint8Array) {
  const names: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // central directory headers: PK\x01\x02, name length at +28, name at +46
  for (let i = 0; i + 46 <= bytes.length && names.length < 2000; i++) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x01 && bytes[i + 3] === 0x02) {
      const nameLength = view.getUint16(i + 28, true);
      names.push(ascii(bytes, i + 46, nameLength));
      i += 45 + nameLength;
    }
  }
  return names;
}

function looksLikeCsv(bytes: Uint8Array) {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  let text: string;
  try {
    // streamed: a character cut by the window's end is left for a next chunk, not taken for bad UTF-8 (a CSV
    // with an accented letter across byte 65,536 was refused as "not a CSV")
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 64 * 1024), { stream: bytes.length > 64 * 1024 });
  } catch {
    return false;
  }
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  return firstLine.includes(",") || firstLine.includes(";") || firstLine.includes("\t");
}

/**
 * What a file is, from its bytes: a PDF header, an Office Open XML archive with a
 * workbook or a document inside, or UTF-8 text with separated columns. Null for
 * anything else, whatever its name says.
 */
export function detectDocumentType(bytes: Uint8Array): DocumentType | null {
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === "PK\x03\x04") {
    const names = zipEntryNames(bytes);
    if (!names.includes("[Content_Types].xml")) return null;
    if (names.some((n) => n.startsWith("xl/"))) return "xlsx";
    if (names.some((n) => n.startsWith("word/"))) return "docx";
    return null;
  }
  return looksLikeCsv(bytes) ? "csv" : null;
}
