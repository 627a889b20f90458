import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A link that opens a new tab says so to a screen reader (WCAG 3.2.5): the words are in a visually
 * hidden span inside the link, so that its accessible name carries them. Checked in the sources, so
 * that a link drawn only on some pages (a seller's desk, a revision of an offer) is not missed.
 */
const app = path.resolve(__dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every link that opens a new tab: its file, and the markup from its opening tag to its end. */
const newTabLinks = sourceFiles(app).flatMap((file) => {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/<a\b[^>]*target=(?:"_blank"|\{"_blank"\})[^>]*>/g)].map((m) => {
    const end = text.indexOf("</a>", m.index);
    return { file: path.relative(app, file), markup: text.slice(m.index, end === -1 ? undefined : end) };
  });
});

describe("links that open a new tab", () => {
  it("are found (the check would pass on nothing otherwise)", () => {
    expect(newTabLinks.length).toBeGreaterThanOrEqual(4);
  });

  it.each(newTabLinks.map((l) => [l.file, l.markup] as const))("%s says it opens a new tab", (_file, markup) => {
    expect(markup).toMatch(/<span className="sr-only">[^<]*\(opens in a new tab\)<\/span>/);
  });
});
