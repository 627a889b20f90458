import { describe, expect, it } from "vitest";
import { isAuthFree, isGuestOnly, isPathAllowed, isProjectDetail, ROLE_PREFIXES, teaserPathFor } from "./access";

describe("role prefixes (spec §2), matched at a segment boundary", () => {
  it("allows each role its own section and nothing of the others", () => {
    expect(isPathAllowed("seller", "/sellers/myprojects")).toBe(true);
    expect(isPathAllowed("seller", "/buyers/myprojects/4")).toBe(true);
    expect(isPathAllowed("seller", "/buyers/search")).toBe(false);
    expect(isPathAllowed("buyer", "/buyers/search")).toBe(true);
    expect(isPathAllowed("buyer", "/preferences")).toBe(true);
    expect(isPathAllowed("buyer", "/sellers/myprojects")).toBe(false);
    expect(isPathAllowed("broker", "/brokers/search")).toBe(true);
    expect(isPathAllowed("broker", "/realestate/3")).toBe(false);
    // so a broker's real-estate links open the common teaser
    expect(teaserPathFor("broker", { id: 3, kind: "real_estate" })).toBe("/projects/more-details/3");
    expect(teaserPathFor("buyer", { id: 3, kind: "real_estate" })).toBe("/realestate/3");
    expect(teaserPathFor("buyer", { id: 4, kind: "loan_pool" })).toBe("/projects/more-details/4");
    expect(isPathAllowed("admin", "/admin/customers/12")).toBe(true);
    expect(isPathAllowed("admin", "/sellers/myprojects")).toBe(false);
  });

  it("opens the buyers' on-boarding chat to buyers and brokers, the sellers' to sellers", () => {
    expect(isPathAllowed("buyer", "/on-board/buyers")).toBe(true);
    expect(isPathAllowed("broker", "/on-board/buyers")).toBe(true);
    expect(isPathAllowed("seller", "/on-board/buyers")).toBe(false);
    expect(isPathAllowed("seller", "/on-board/sellers")).toBe(true);
    expect(isPathAllowed("buyer", "/on-board/sellers")).toBe(false);
    expect(isPathAllowed("admin", "/on-board/buyers")).toBe(false);
  });

  it("opens the referral programme to buyers and brokers, the spec's roles for it, and to no other role", () => {
    expect(isPathAllowed("buyer", "/buyers/terms/referral-program")).toBe(true);
    expect(isPathAllowed("broker", "/buyers/terms/referral-program")).toBe(true);
    expect(isPathAllowed("seller", "/buyers/terms/referral-program")).toBe(false);
    expect(isPathAllowed("admin", "/buyers/terms/referral-program")).toBe(false);
    // the buyers' other pages stay the buyers'
    expect(isPathAllowed("broker", "/buyers/terms")).toBe(false);
    expect(isPathAllowed("broker", "/buyers/search")).toBe(false);
  });

  it("does not let a prefix match inside a longer segment", () => {
    expect(isPathAllowed("seller", "/sellersx")).toBe(false);
    expect(isPathAllowed("seller", "/sellers")).toBe(true);
    expect(isPathAllowed("admin", "/administrator")).toBe(false);
  });

  it("does not open /admin/contact-us-messages to members because it contains /contact-us", () => {
    for (const role of ["buyer", "seller", "broker"] as const) {
      expect(isPathAllowed(role, "/admin/contact-us-messages")).toBe(false);
    }
    expect(isPathAllowed("admin", "/admin/contact-us-messages")).toBe(true);
  });

  it("always allows home, / and /profile to every member, even one without a role", () => {
    for (const role of ["buyer", "seller", "broker", "admin", null] as const) {
      expect(isPathAllowed(role, "/")).toBe(true);
      expect(isPathAllowed(role, "/home")).toBe(true);
      expect(isPathAllowed(role, "/profile")).toBe(true);
    }
    expect(isPathAllowed(null, "/buyers/search")).toBe(false);
  });

  it("keeps the table of the spec, prefix for prefix", () => {
    expect(ROLE_PREFIXES.broker).toEqual([
      "/brokers", "/projects/more-details", "/messages", "/preferences", "/terms", "/privacy", "/jobs", "/contact-us", "/signin",
    ]);
    expect(ROLE_PREFIXES.seller).toContain("/projects/create");
    expect(ROLE_PREFIXES.buyer).not.toContain("/projects/company");
  });
});

describe("page classes", () => {
  it("knows the auth-free, guest-only and project detail pages", () => {
    for (const p of ["/", "/home", "/terms", "/privacy", "/jobs", "/jobs/3", "/contact-us", "/broker-affiliate"]) {
      expect(isAuthFree(p)).toBe(true);
    }
    expect(isAuthFree("/profile")).toBe(false);
    expect(isAuthFree("/homestead")).toBe(false);
    expect(isGuestOnly("/signin")).toBe(true);
    expect(isGuestOnly("/uobs/reset/abc")).toBe(true);
    expect(isGuestOnly("/signinx")).toBe(false);
    expect(isProjectDetail("/sellers/myprojects/7")).toBe(true);
    expect(isProjectDetail("/buyers/myprojects/7")).toBe(true);
    expect(isProjectDetail("/admin/projects/7")).toBe(true);
    expect(isProjectDetail("/projects/more-details/7")).toBe(true);
    expect(isProjectDetail("/sellers/myprojects")).toBe(false);
    expect(isProjectDetail("/buyers/myprojects/7/envelope-1")).toBe(false);
  });
});
