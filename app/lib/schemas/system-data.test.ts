import { parseWithZod } from "@conform-to/zod/v4";
import { safeParse } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import { propertyAssumptionSchema, sicCodeSchema, sicIntentSchema } from "./system-data";

const options = { propertyTypes: ["Office"], regions: ["Northeast"] };
const row = (overrides: Record<string, string>) => ({ propertyType: "Office", region: "Northeast", capRate: "7", vacancy: "8", expenseRatio: "35", ...overrides });

describe("a property-assumption row", () => {
  it("refuses a vacancy or expense ratio of 100%, which leaves no income to value a listing by", () => {
    for (const column of ["vacancy", "expenseRatio"]) {
      for (const typed of ["100", "95.5"]) {
        const parsed = safeParse(propertyAssumptionSchema(options), row({ [column]: typed }));
        expect(parsed.success, `${column} ${typed}`).toBe(false);
        expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([[column, "Exceeds maximum value of 95."]]);
      }
      expect(safeParse(propertyAssumptionSchema(options), row({ [column]: "95" })).success).toBe(true);
    }
  });
});

describe("a SIC code", () => {
  it("is refused under a division its major group is not in, naming the right one", () => {
    const parsed = safeParse(sicCodeSchema(), { code: "0111", title: "Wheat", division: "D" });
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["division", "SIC code 0111 is in division A (Agriculture, Forestry, and Fishing)."]]);
    expect(safeParse(sicCodeSchema(), { code: "0111", title: "Wheat", division: "a" }).data).toEqual({ code: "0111", title: "Wheat", division: "A" });
    expect(safeParse(sicCodeSchema(), { code: "6021", title: "National Commercial Banks", division: "H" }).success).toBe(true);
    // a malformed code is named for itself, not as a division mismatch
    expect(safeParse(sicCodeSchema(), { code: "11", title: "Wheat", division: "D" }).error?.issues.map((i) => i.path[0])).toEqual(["code"]);
  });

  it("is read with its leading 0 when a spreadsheet dropped it (the export's 0111 saved again by Excel as 111)", () => {
    expect(safeParse(sicCodeSchema(), { code: "111", title: "Wheat", division: "A" }).data).toEqual({ code: "0111", title: "Wheat", division: "A" });
    expect(safeParse(sicCodeSchema(), { code: " 781 ", title: "Landscape Counseling and Planning", division: "A" }).data?.code).toBe("0781");
    expect(safeParse(sicCodeSchema(), { code: "6021", title: "National Commercial Banks", division: "H" }).data?.code).toBe("6021");
  });

  it("is refused the same in the form, adding or changing a code", () => {
    for (const intent of [{ intent: "create" }, { intent: "update", original: "2011" }] as Record<string, string>[]) {
      const form = new URLSearchParams({ ...intent, code: "2011", title: "Meat Packing Plants", division: "A" });
      const submission = parseWithZod(form, { schema: sicIntentSchema() });
      expect(submission.status === "error" && submission.error).toEqual({ division: ["SIC code 2011 is in division D (Manufacturing)."] });
    }
  });
});
