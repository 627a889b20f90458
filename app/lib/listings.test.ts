import { detailsColumns } from "./project-values";
import { describe, expect, it } from "vitest";
import { readCsvTable } from "./csv-import";
import { LOAN_TAPE_COLUMNS, LOAN_TAPE_TEMPLATE, parseLoanTape as parseTable } from "./loan-tape";

const parseLoanTape = (csv: string, allowed: Parameters<typeof parseTable>[1]) => parseTable(readCsvTable(csv, LOAN_TAPE_COLUMNS) as string[][], allowed);
import { applyMask, matchesMask } from "./mask";
import { projectDetailRedirect } from "./project-detail";
import { sizeBandOf } from "./projects";
import { marketToday } from "./days";
import { basicsSchema, detailsSchemas, termsSchema, type ProjectOptions } from "./schemas/project";
import { diffPreferences, resolvePreferences, TABLES } from "./table-preferences";

const allowed = { states: ["IL", "OH", "NY"], statuses: ["Performing", "Non-Performing"] };

describe("loan tape CSV", () => {
  it("reads quoted fields, doubled quotes and CRLF", () => {
    expect(readCsvTable('a,"b,c","say ""hi"""\r\n1,2,3\n', ["a"])).toEqual([["a", "b,c", 'say "hi"'], ["1", "2", "3"]]);
  });
  it("accepts the template it offers", () => {
    const { rows, errors } = parseLoanTape(LOAN_TAPE_TEMPLATE, allowed);
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.balance)).toEqual([1250000, 845000]);
    expect(rows[1]!.ltv).toBeNull();
  });
  it("reports every bad row with its line and reason", () => {
    const csv = [
      "loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv",
      "A1,1000,5,2030-01-01,Office,IL,Performing,50",
      ",abc,5,2030-01-01,Office,IL,Performing,",
      "A3,1000,150,31/12/2030,Office,ZZ,Late,",
      "A1,\"1,500.50\",4.5,2031-02-03,Retail,OH,Non-Performing,",
    ].join("\n");
    const { errors } = parseLoanTape(csv, allowed);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(errors[0]!.reason).toContain("loan_number: Required.");
    expect(errors[0]!.reason).toContain("balance: Value must be a valid decimal.");
    expect(errors[1]!.reason).toContain("interest_rate: Exceeds maximum value of 100.");
    expect(errors[1]!.reason).toContain("maturity_date: a date as YYYY-MM-DD or M/D/YYYY (month first) is required.");
    expect(errors[1]!.reason).toContain("state: ZZ is not a US state code.");
    expect(errors[1]!.reason).toContain("status: one of Performing, Non-Performing is required.");
    expect(errors[2]!.reason).toBe("loan_number: A1 appears twice.");
  });
  it("refuses a file without the template's columns", () => {
    expect(parseLoanTape("id,amount\n1,2\n", allowed).errors[0]).toEqual({ line: 1, reason: expect.stringContaining("Missing columns: loan_number") });
  });
});

describe("input masks (# digit, A letter, N alphanumeric, X any)", () => {
  it("formats as the person types and checks the whole value", () => {
    expect(applyMask("####", "12a34567")).toBe("1234");
    expect(applyMask("AA-####", "il6060")).toBe("il-6060");
    expect(applyMask("NNN-X", "a1b?z")).toBe("a1b-?");
    expect(matchesMask("####", "1234")).toBe(true);
    expect(matchesMask("####", "12a4")).toBe(false);
    expect(matchesMask("AA-##", "IL-60")).toBe(true);
  });
});

describe("project forms", () => {
  const o: ProjectOptions = {
    industries: ["Energy"], saleTypes: ["Asset sale"], locations: ["Midwest"], usStates: ["IL"],
    loanStatus: ["Performing"], propertyTypes: ["Office"], policyTypes: ["Whole life"],
  };
  it("tells a maturity date written well in a year out of range the years allowed, not the format", () => {
    const base = { loanAmount: "1", size: "1", waInterest: "5", term: "Performing", secured: "No", borrower: "Acme" };
    const issuesOf = (maturityDate: string, projectDueDate?: string) =>
      termsSchema(o).safeParse({ ...base, maturityDate, projectDueDate }).error?.issues.map((i) => [i.path[0], i.message]) ?? [];
    expect(issuesOf("9999-12-31")).toEqual([["maturityDate", "Enter a date in the years 1900 to 2199."]]);
    expect(issuesOf("1899-12-31")).toEqual([["maturityDate", "Enter a date in the years 1900 to 2199."]]);
    expect(issuesOf("2031-02-30")).toEqual([["maturityDate", "Enter a date as YYYY-MM-DD or M/D/YYYY (month first)."]]);
    expect(issuesOf("31/12/2031")).toEqual([["maturityDate", "Enter a date as YYYY-MM-DD or M/D/YYYY (month first)."]]);
    expect(issuesOf("2199-12-31")).toEqual([]);
    // an upload re-saved by US Excel: month first, read as ISO
    expect(termsSchema(o).parse({ ...base, maturityDate: "6/30/2031", projectDueDate: "12/31/2199" })).toMatchObject({ maturityDate: "2031-06-30", projectDueDate: "2199-12-31" });
    expect(issuesOf("2031-01-31", "9999-12-31")).toEqual([["projectDueDate", "Enter a date in the years 1900 to 2199."]]);
  });

  it("uses the spec's messages", () => {
    const r = termsSchema(o).safeParse({ loanAmount: "12,5x", size: "0", waInterest: "101", maturityDate: "soon", term: "Late", secured: "Yes", borrower: "B" });
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toMatchObject({
      loanAmount: "Value must be a valid decimal.",
      size: "Requires a value of at least 1.",
      waInterest: "Exceeds maximum value of 100.",
      maturityDate: "Enter a date as YYYY-MM-DD or M/D/YYYY (month first).",
      term: "Choose one of the listed options.",
    });
    const re = detailsSchemas.real_estate(o).safeParse({ propertyType: "Office", address: "1 Main St", city: "Chicago", zip: "6060", state: "IL", location: "Midwest", latitude: "91", units: "1.5", occupancy: "90", noi: "1,000" });
    const reMessages = Object.fromEntries(re.error!.issues.map((i) => [i.path[0], i.message]));
    expect(reMessages).toEqual({ zip: "Invalid zip code.", latitude: "Value must be a valid decimal.", units: "Value must be an number." });
    const company = detailsSchemas.limited_company(o).safeParse({ overview: "x".repeat(30), sicCode: "12a4", website: "ftp://x", revenue: "1", ebitda: "-2", totalDebt: "0", employees: "3", contactPhone: "555" });
    const cMessages = Object.fromEntries(company.error!.issues.map((i) => [i.path[0], i.message]));
    expect(cMessages).toEqual({ sicCode: "Invalid.", website: "Invalid URL.", contactPhone: "Invalid phone number." });
  });
  it("reads decimals with a comma or dot, and thousands commas where allowed", () => {
    const ok = termsSchema(o).parse({ loanAmount: "12,500,000", size: "12500000.5", waInterest: "6,25", maturityDate: "2031-01-31", term: "Performing", secured: "No", borrower: "Acme" });
    expect(ok).toMatchObject({ loanAmount: 12_500_000, size: 12_500_000.5, waInterest: 6.25, secured: false, projectDueDate: null });
  });
  it("takes a bids-due date of today or later, never a past one", () => {
    const terms = { loanAmount: "1", size: "1", waInterest: "5", maturityDate: "2031-01-31", term: "Performing", secured: "No", borrower: "Acme" };
    const today = marketToday();
    expect(termsSchema(o).parse({ ...terms, projectDueDate: today })).toMatchObject({ projectDueDate: today });
    const past = termsSchema(o).safeParse({ ...terms, projectDueDate: "2020-01-31" });
    expect(past.error!.issues.map((i) => [i.path[0], i.message])).toEqual([["projectDueDate", "Bids cannot be due in the past: days are counted in New York time."]]);
  });
  it("limits characters", () => {
    const r = basicsSchema(o).safeParse({ projectName: "ab", industry: "Energy", saleType: "Asset sale", location: "Midwest", state: "IL", fullDetails: "x".repeat(4001) });
    const m = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(m).toEqual({ projectName: "A minimum of 3 characters are required.", fullDetails: "A maximum of 4000 characters is allowed." });
  });
});

describe("table preferences (spec §4)", () => {
  const t = TABLES.projectSearch;
  it("keeps only the differences from the defaults", () => {
    const resolved = resolvePreferences(t, null);
    expect(resolved.sortBy).toBe("date");
    expect(resolved.sortDesc).toBe(true);
    expect(diffPreferences(t, resolved)).toEqual({});
    const changed = { ...resolved, visible: { ...resolved.visible, sector: true, industry: false }, sortBy: "size", sortDesc: false };
    expect(diffPreferences(t, changed)).toEqual({ headers: { sector: true, industry: false }, sortBy: "size", sortDesc: false });
  });
  it("drops a sort key that is not one of the table's headers", () => {
    expect(resolvePreferences(t, { sortBy: "borrower" }).sortBy).toBe("date");
    expect(diffPreferences(t, { sortBy: "passwordHash" })).toEqual({});
  });
  it("has the spec's default sorts", () => {
    expect([TABLES.projectSearch.sortBy, TABLES.projectSearch.sortDesc]).toEqual(["date", true]);
    expect([TABLES.sellerProjects.sortBy, TABLES.sellerProjects.sortDesc]).toEqual(["date", false]);
    expect([TABLES.adminProjects.sortBy, TABLES.adminProjects.sortDesc]).toEqual(["date", false]);
    expect(TABLES.projectSearch.headers.find((h) => h.value === "id")!.enabled).toBe(false);
  });
});

describe("project detail redirects (spec §2)", () => {
  it("stays in the member's own section", () => {
    expect(projectDetailRedirect("seller", "sellers", 5, null)).toBeNull();
    expect(projectDetailRedirect("admin", "admin", 5, null)).toBeNull();
  });
  it("follows the contract's NDA status in another section", () => {
    expect(projectDetailRedirect("buyer", "sellers", 5, "NDA Approved")).toBe("/buyers/myprojects/5");
    expect(projectDetailRedirect("seller", "buyers", 5, "NDA Approved")).toBe("/sellers/myprojects/5");
    expect(projectDetailRedirect("buyer", "admin", 5, "Signed")).toBe("/projects/more-details/5");
    expect(projectDetailRedirect("admin", "sellers", 5, null)).toBe("/admin/projects/5");
    expect(projectDetailRedirect("broker", "buyers", 5, null)).toBe("/projects/more-details/5");
  });
});

describe("size bands", () => {
  it("places sizes in the spec's bands", () => {
    expect(sizeBandOf(999_999)).toBe("lt1m");
    expect(sizeBandOf(1_000_000)).toBe("1-5m");
    expect(sizeBandOf(750_000_000)).toBe("gt500m");
    expect(sizeBandOf(null)).toBeNull();
  });
});

describe("a real-estate listing's place", () => {
  it("is saved as columns (state, region, coordinates), the rest of the step in details", () => {
    const columns = detailsColumns("real_estate", { propertyType: "Office", zip: "02108", state: "MA", location: "Northeast", latitude: 42.36, longitude: -71.06, locatedZip: "02108" }, { units: 4 });
    expect(columns).toEqual({ state: "MA", location: "Northeast", latitude: 42.36, longitude: -71.06, details: { units: 4, propertyType: "Office", zip: "02108" } });
    expect(detailsColumns("real_estate", { state: "MA", location: "Northeast", latitude: null, longitude: null }, {})).toMatchObject({ latitude: null, longitude: null });
  });

  it("drops coordinates looked up for another zip code than the one saved", () => {
    const moved = detailsColumns("real_estate", { zip: "60601", state: "IL", location: "Midwest", latitude: 42.36, longitude: -71.06, locatedZip: "02108" }, {});
    expect(moved).toMatchObject({ latitude: null, longitude: null, details: { zip: "60601" } });
    expect(moved.details).not.toHaveProperty("locatedZip");
  });
});
