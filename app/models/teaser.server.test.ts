import { describe, expect, it } from "vitest";
import type { Project } from "~/.server/db/schema";
import { ROW_COLUMNS, TEASER_KEYS, TERM_KEYS } from "~/lib/projects";
import { toProjectRow } from "./projects.server";
import { listColumns } from "./project-search.server";
import { teaserOf } from "./teaser.server";

const project: Project = {
  id: 7,
  sellerId: 3,
  kind: "real_estate",
  status: "published",
  draftStep: 3,
  submissionKey: null,
  projectName: "Harbor Lofts",
  industry: "Real Estate",
  sector: "Multifamily",
  saleType: "Whole loan",
  loanPool: "",
  term: "Performing",
  waInterest: 6.25,
  maturityDate: "2031-01-31",
  location: "Northeast",
  state: "NY",
  latitude: null,
  longitude: null,
  secured: true,
  fullDetails: "A stabilised multifamily loan.",
  loanAmount: 12_500_000,
  size: 12_500_000,
  borrower: "Secret Borrower LLC",
  projectDueDate: null,
  longTermDebtSecured: null,
  longTermDebtLevelOfSecurity: "",
  details: { propertyType: "Multifamily", address: "1 Hidden Street", zip: "10001", city: "New York" },
  rejectionReason: "old note",
  importJobId: null,
  views: 4,
  impressions: 9,
  tapeLoans: 0,
  ndaCount: 0,
  negotiationCount: 0,
  bidCount: 0,
  lastBuyerVisitAt: null,
  documentEventCount: 0,
  tapeFieldCounts: null,
  submittedAt: new Date(Date.UTC(2026, 0, 2)),
  publishedAt: new Date(Date.UTC(2026, 0, 3)),
  soldAt: null,
  createdAt: new Date(Date.UTC(2026, 0, 1)),
  updatedAt: new Date(Date.UTC(2026, 0, 4)),
};

describe("one project shape", () => {
  it("never lets the borrower or the seller into the key terms", () => {
    for (const key of ["borrower", "sellerId", "details", "rejectionReason"]) {
      expect(TERM_KEYS as readonly string[]).not.toContain(key);
      expect(TEASER_KEYS as readonly string[]).not.toContain(key);
      expect(Object.values(ROW_COLUMNS) as string[]).not.toContain(key);
    }
  });

  it("gives the teaser its named columns and the details that do not identify the borrower", () => {
    const teaser = teaserOf(project);
    expect(Object.keys(teaser).sort()).toEqual([...TEASER_KEYS, "details", "own", "ownCompany"].sort());
    expect(teaser.details).toEqual({ propertyType: "Multifamily", city: "New York" });
    expect(JSON.stringify(teaser)).not.toContain("Secret Borrower");
  });

  it("reads a search row and a table row from the same columns; only the table row adds the borrower", () => {
    const row = toProjectRow(project);
    expect(Object.keys(listColumns)).toEqual(Object.keys(ROW_COLUMNS));
    expect(Object.keys(row)).toEqual([...Object.keys(ROW_COLUMNS), "borrower"]);
    expect(row).toMatchObject({ date: project.publishedAt, impressionsCounter: 9, borrower: "Secret Borrower LLC" });
    expect(toProjectRow({ ...project, publishedAt: null }).date).toEqual(project.submittedAt);
  });
});
