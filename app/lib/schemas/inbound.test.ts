import { describe, expect, it } from "vitest";
import { customerSchema } from "./customer";
import { affiliateSchema, leadCsvLineSchema } from "./inbound";

const application = { name: "Pat Partner", email: "pat@partnerbrokers.example", company: "Partner Brokers", message: "We introduce credit funds." };
const line = { name: "Lee Lead", email: "lee@lead.example", company: "Lead Co" };

describe("a website on the affiliate form and in the potential-customer import", () => {
  it("is kept as the customer form takes it: a bare domain given https://, an address as typed", () => {
    for (const [typed, kept] of [
      ["partnerbrokers.example", "https://partnerbrokers.example"],
      [" www.partnerbrokers.example/about ", "https://www.partnerbrokers.example/about"],
      ["http://partnerbrokers.example", "http://partnerbrokers.example"],
      ["", ""],
    ]) {
      const applied = affiliateSchema().safeParse({ ...application, companyWebsite: typed });
      expect(applied.success && applied.data.companyWebsite, typed).toBe(kept);
      const imported = leadCsvLineSchema().safeParse({ ...line, website: typed || undefined });
      expect(imported.success && imported.data.website, typed).toBe(kept);
      if (kept) expect(customerSchema([]).safeParse({ customerName: "Lead Co", customerType: "buyer", website: kept }).success, kept).toBe(true);
    }
  });

  it("is refused when it is no web address, as the customer form would refuse it", () => {
    for (const typed of ["not a website", "localhost", "ftp://partnerbrokers.example", `${"a".repeat(190)}.example`]) {
      expect(affiliateSchema().safeParse({ ...application, companyWebsite: typed }).success, typed).toBe(false);
      expect(leadCsvLineSchema().safeParse({ ...line, website: typed }).success, typed).toBe(false);
    }
  });
});
