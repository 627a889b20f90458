import { describe, expect, it } from "vitest";
import { criteriaFrom, hasCriteria } from "~/lib/buyer-criteria";
import { buyerCriteriaSchema } from "./buyer-criteria";

const options = {
  industries: ["No Preferred Industry", ...Array.from({ length: 20 }, (_, i) => `Industry ${i}`)],
  states: ["Texas", "Ohio", "Maine", "Iowa"],
  locations: ["West", "Midwest"],
  transactionScales: ["<$1m", "$1-$5m"],
  investmentTypes: ["Equity"],
  transactionTypes: ["Trading Loans"],
  investorTypes: ["Accredited Investor"],
};
const parse = (v: Record<string, unknown>) => buyerCriteriaSchema(options).safeParse(v);
const messageOf = (r: ReturnType<typeof parse>, path: string) => r.error?.issues.find((i) => i.path[0] === path)?.message;

describe("buyer criteria form", () => {
  it("takes repeated fields and single values as lists, without duplicates", () => {
    const r = parse({ industryPreferences: ["Industry 1", "Industry 1", "Industry 2"], statePreferences: "Ohio" });
    expect(r.data?.industryPreferences).toEqual(["Industry 1", "Industry 2"]);
    expect(r.data?.statePreferences).toEqual(["Ohio"]);
    expect(r.data?.performingLoanPreference).toBe("");
  });

  it("refuses more than 14 industries and more than 3 states", () => {
    const r = parse({ industryPreferences: options.industries.slice(1, 16), statePreferences: options.states });
    expect(messageOf(r, "industryPreferences")).toBe("Choose at most 14 industries.");
    expect(messageOf(r, "statePreferences")).toBe("Choose at most 3 states.");
  });

  it("refuses values that are not on the lists", () => {
    const r = parse({ borrowerLocationPreferences: ["Mars"], performingLoanPreference: "Sometimes", buyerType: "Whale" });
    expect(messageOf(r, "borrowerLocationPreferences")).toBe("Choose one of the listed options.");
    expect(messageOf(r, "performingLoanPreference")).toBe("Choose one of the listed options.");
    expect(messageOf(r, "buyerType")).toBe("Choose one of the listed options.");
  });
});

describe("stored criteria", () => {
  it("reads partial or foreign rows as complete, empty criteria", () => {
    const c = criteriaFrom({ industryPreferences: ["Retail", 3], performingLoanPreference: "Both" });
    expect(c.industryPreferences).toEqual(["Retail"]);
    expect(c.performingLoanPreference).toBe("");
    expect(c.transactionPref).toEqual([]);
    expect(hasCriteria(c)).toBe(true);
    expect(hasCriteria(criteriaFrom(null))).toBe(false);
  });
});
