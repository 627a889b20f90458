import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

describe("csv", () => {
  it("quotes only what needs it and doubles quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Harbor "Credit", LLC')).toBe('"Harbor ""Credit"", LLC"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(true)).toBe("yes");
  });

  it("defuses spreadsheet formulas in text", () => {
    expect(csvField("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvField("+1 212 555 0100")).toBe("'+1 212 555 0100");
    expect(csvField("@home")).toBe("'@home");
    expect(csvField("+1+cmd")).toBe("'+1+cmd");
    expect(csvField("-2-3")).toBe("'-2-3");
  });

  it("writes a phone number in E.164 or a signed number as it is: a spreadsheet reads it as the number", () => {
    expect(csvField("+14885550208")).toBe("+14885550208");
    expect(csvField("-12.5")).toBe("-12.5");
  });

  it("ends a line with CRLF", () => {
    expect(csvLine(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});
