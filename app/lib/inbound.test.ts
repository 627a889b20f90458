import { describe, expect, it } from "vitest";
import { inboundEmpty } from "./inbound";

describe("an empty inbound list", () => {
  it("says none has come yet when nothing filters it, the filters' own 'Any' and blanks included", () => {
    expect(inboundEmpty("inquiry", {})).toBe("No user inquiries yet: they arrive from the site's forms.");
    expect(inboundEmpty("contact", { q: "", status: "Any", owner: "Any", from: "", to: "" })).toBe("No contact messages yet: they arrive from the site's forms.");
  });

  it("says nothing matches, and what to do, when a filter is set", () => {
    for (const filters of [{ q: "harbor" }, { status: "new" }, { owner: "none" }, { from: "2026-01-01" }, { to: "2026-01-31" }])
      expect(inboundEmpty("demo", filters), JSON.stringify(filters)).toBe("Nothing matches these filters: change or clear them.");
  });
});
