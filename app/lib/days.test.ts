import { afterEach, describe, expect, it, vi } from "vitest";
import { isExpired } from "~/models/offers.server";
import { latestToday, marketToday } from "./days";
import { offerTermsSchema } from "./schemas/deal";
import { interestRateSchema } from "./schemas/pricing-data";
import { termsSchema, type ProjectOptions } from "./schemas/project";

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
const at = (instant: string) => vi.setSystemTime(new Date(instant));
afterEach(() => void vi.useRealTimers());

const offer = { price: "1000", structure: "Cash", dueDiligenceDays: "30" };
const listing = { loanAmount: "1", size: "1", waInterest: "5", maturityDate: "2031-01-31", term: "Performing", secured: "No", borrower: "Acme" };
const options = { loanStatus: ["Performing"] } as unknown as ProjectOptions;

describe("today, for a date field (decision 121)", () => {
  it("is New York's day for what must not be in the past: a member west of UTC in their evening may name today", () => {
    vi.useFakeTimers();
    // 17:00 in Los Angeles, 20:00 in New York on 7 December; already 8 December in UTC
    at("2026-12-08T01:00:00Z");
    expect(marketToday()).toBe("2026-12-07");
    expect(messagesOf(offerTermsSchema().safeParse({ ...offer, expiresOn: "2026-12-07" }))).toEqual({});
    expect(messagesOf(termsSchema(options).safeParse({ ...listing, projectDueDate: "2026-12-07" }))).toEqual({});
    expect(messagesOf(offerTermsSchema().safeParse({ ...offer, expiresOn: "2026-12-06" }))).toEqual({ expiresOn: "The offer cannot expire in the past: days are counted in New York time." });
    expect(messagesOf(termsSchema(options).safeParse({ ...listing, projectDueDate: "2026-12-06" }))).toEqual({ projectDueDate: "Bids cannot be due in the past: days are counted in New York time." });
    // the offer lasts to the end of its day in New York, as the form took it
    expect(isExpired({ expiresOn: "2026-12-07" })).toBe(false);
    expect(isExpired({ expiresOn: "2026-12-07" }, new Date("2026-12-08T04:59:00Z"))).toBe(false);
    expect(isExpired({ expiresOn: "2026-12-07" }, new Date("2026-12-08T05:00:00Z"))).toBe(true);
    // the 7th is today until midnight in New York (05:00 UTC), whatever the member's clock says
    at("2026-12-08T04:30:00Z");
    expect(messagesOf(offerTermsSchema().safeParse({ ...offer, expiresOn: "2026-12-07" }))).toEqual({});
    at("2026-12-08T06:00:00Z");
    expect(messagesOf(offerTermsSchema().safeParse({ ...offer, expiresOn: "2026-12-07" }))).toHaveProperty("expiresOn");
  });

  it("is worked out from the time zone's rules once a minute: a page asks it of each offer it shows", () => {
    const rules = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    try {
      const days = ["2026-12-08T04:58:00Z", "2026-12-08T04:58:30Z", "2026-12-08T04:58:59.999Z", "2026-12-08T04:59:00Z", "2026-12-08T05:00:00Z", "2026-12-08T05:00:01Z"].map((t) => marketToday(new Date(t)));
      expect(days).toEqual(["2026-12-07", "2026-12-07", "2026-12-07", "2026-12-07", "2026-12-08", "2026-12-08"]);
      // 04:58, 04:59 and 05:00: one answer each
      expect(rules).toHaveBeenCalledTimes(3);
    } finally {
      rules.mockRestore();
    }
  });

  it("is the latest day on earth for what must not be in the future: an admin east of UTC enters their morning's rate", () => {
    vi.useFakeTimers();
    // 09:00 on 8 December in Sydney, 22:00 on 7 December in UTC
    at("2026-12-07T22:00:00Z");
    expect(latestToday()).toBe("2026-12-08");
    expect(messagesOf(interestRateSchema().safeParse({ asOf: "2026-12-08", tenorMonths: "12", rate: "4.1" }))).toEqual({});
    expect(messagesOf(interestRateSchema().safeParse({ asOf: "2026-12-09", tenorMonths: "12", rate: "4.1" }))).toEqual({ asOf: "The date cannot be in the future." });
    // the day after it reaches UTC+14 at 10:00 UTC
    at("2026-12-08T09:59:00Z");
    expect(messagesOf(interestRateSchema().safeParse({ asOf: "2026-12-09", tenorMonths: "12", rate: "4.1" }))).toHaveProperty("asOf");
    at("2026-12-08T10:00:00Z");
    expect(messagesOf(interestRateSchema().safeParse({ asOf: "2026-12-09", tenorMonths: "12", rate: "4.1" }))).toEqual({});
  });
});
