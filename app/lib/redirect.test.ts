import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps in-site paths with their query and hash", () => {
    expect(safeRedirect("/buyers/search?q=loan&page=2")).toBe("/buyers/search?q=loan&page=2");
    expect(safeRedirect("/profile#security")).toBe("/profile#security");
  });
  it("falls back to /home for anything that could leave the site", () => {
    for (const bad of ["//evil.test", "/\\evil.test", "https://evil.test/x", "evil.test", "javascript:alert(1)", "/\t/evil.test", "", null, undefined]) {
      expect(safeRedirect(bad)).toBe("/home");
    }
  });
  it("uses the fallback given", () => {
    expect(safeRedirect("//x", "/signin")).toBe("/signin");
  });
});
