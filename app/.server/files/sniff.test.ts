import { describe, expect, it } from "vitest";
import { detectDocumentType } from "./sniff";

describe("detectDocumentType", () => {
  it("takes a UTF-8 CSV whose accented letter is cut by the 64 KiB it reads", () => {
    // "é" (2 bytes) starting at byte 65,535: the window read ends halfway through it
    const head = "name,city\n" + "x,y\n".repeat(20_000);
    const text = head.slice(0, 65_535) + "é,Zürich\n";
    const bytes = new TextEncoder().encode(text);
    expect(bytes[65_535]).toBe(0xc3);
    expect(detectDocumentType(bytes)).toBe("csv");
  });

  it("still refuses text that is not UTF-8", () => {
    // Latin-1 "é" in the first line: not UTF-8 anywhere in the window
    expect(detectDocumentType(new Uint8Array([0x6e, 0x2c, 0xe9, 0x0a, 0x31, 0x2c, 0x32, 0x0a]))).toBeNull();
  });
});
