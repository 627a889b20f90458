import { safeParse } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import { propertyAssumptionSchema } from "./system-data";

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
