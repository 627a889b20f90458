import { describe, expect, it } from "vitest";
import { hrefWith } from "./href-with";

describe("hrefWith", () => {
  const at = { pathname: "/admin/projects/7", search: "?ndas=3&sort=name" };

  it("changes one parameter and keeps the others in their order", () => {
    expect(hrefWith(at, { offers: 2 }, "offers")).toBe("/admin/projects/7?ndas=3&sort=name&offers=2#offers");
    expect(hrefWith(at, { ndas: 4 })).toBe("/admin/projects/7?ndas=4&sort=name");
  });

  it("removes a parameter given null, and leaves no bare question mark", () => {
    expect(hrefWith(at, { ndas: null })).toBe("/admin/projects/7?sort=name");
    expect(hrefWith(at, { ndas: null, sort: null }, "ndas")).toBe("/admin/projects/7#ndas");
    expect(hrefWith({ pathname: "/messages", search: "" }, { page: null })).toBe("/messages");
  });
});
