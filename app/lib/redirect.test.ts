import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/buyers/search?q=loan&page=2", "/buyers/search?q=loan&page=2"],
    ["/profile#security", "/profile#security"],
    ["/projects/more-details/12", "/projects/more-details/12"],
    ["/a/../buyers/search", "/buyers/search"],
    ["/buyers/search?q=%2F%2Fnot-a-host", "/buyers/search?q=%2F%2Fnot-a-host"],
  ])("keeps the in-site path %j as %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/%2fevil.example",
    "/%2F%2Fevil.example",
    "/%5cevil.example",
    "/%5Cevil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%252f%252fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "javascript:alert(1)",
    "/javascript:alert(1)".replace("/", ""),
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://evil.example/x",
    "http:evil.example",
    "evil.example",
    " /home",
    "%2f%2fevil.example",
    "",
    null,
    undefined,
  ])("refuses %j", (bad) => {
    const result = safeRedirect(bad);
    expect(result).toBe("/home");
  });

  it("never returns something that another origin could be read from", () => {
    const seeds = ["/", "//", "/.", "/%2e", "/%2f", "/%5c", "\\", "\t", "evil.example", "@", ":"];
    for (const a of seeds) for (const b of seeds) for (const c of seeds) {
      const result = safeRedirect(a + b + c);
      expect(new URL(result, "https://market.example").origin, JSON.stringify(a + b + c)).toBe("https://market.example");
      expect(result.startsWith("//")).toBe(false);
    }
  });

  it("uses the fallback given", () => {
    expect(safeRedirect("//x", "/signin")).toBe("/signin");
  });
});
