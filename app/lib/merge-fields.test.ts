import { describe, expect, it } from "vitest";
import { fieldsIn, fillMergeFields, mergeFieldProblem } from "./merge-fields";

const values = { contactPerson: "Ann Lee", customerName: "Harbor Credit", projectName: "Prairie Loans", teaserUrl: "https://x.test/p/7" };

describe("merge fields", () => {
  it("fills every known field, spaces inside the braces allowed", () => {
    expect(fillMergeFields("Dear {{contactPerson}} of {{ customerName }}: {{projectName}} {{teaserUrl}}", values)).toBe(
      "Dear Ann Lee of Harbor Credit: Prairie Loans https://x.test/p/7",
    );
  });

  it("refuses an unknown field, naming it", () => {
    expect(mergeFieldProblem("Hi {{firstName}} and {{contactPerson}} {{ nope }}", { hasProject: true })).toMatch(/^Unknown merge fields \{\{firstName\}\}, \{\{nope\}\}:/);
    expect(mergeFieldProblem("{{secret:token}}", { hasProject: true })).toMatch(/\{\{secret:token\}\}/);
  });

  it("asks for a project when a project field is used without one", () => {
    expect(mergeFieldProblem("See {{teaserUrl}}", { hasProject: false })).toBe("Choose a project to use {{teaserUrl}}.");
    expect(mergeFieldProblem("See {{teaserUrl}}", { hasProject: true })).toBeNull();
    expect(mergeFieldProblem("No fields at all", { hasProject: false })).toBeNull();
  });

  it("lists the fields a text uses once each", () => {
    expect(fieldsIn("{{a}} {{b}} {{a}}")).toEqual(["a", "b"]);
  });
});
