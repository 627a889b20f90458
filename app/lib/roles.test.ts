import { describe, expect, it } from "vitest";
import { isAgent, primaryRole } from "./roles";

describe("primaryRole", () => {
  it("takes buyer, then seller, then admin, then broker", () => {
    expect(primaryRole(["ROLE_SELLER", "ROLE_BUYER"])).toBe("buyer");
    expect(primaryRole(["ROLE_ADMIN", "ROLE_SELLER"])).toBe("seller");
    expect(primaryRole(["ROLE_BROKER", "ROLE_ADMIN"])).toBe("admin");
    expect(primaryRole(["ROLE_BROKER"])).toBe("broker");
    expect(primaryRole(["ROLE_AGENT"])).toBeNull();
    expect(primaryRole([])).toBeNull();
  });
  it("checks the agent role separately", () => {
    expect(isAgent(["ROLE_SELLER", "ROLE_AGENT"])).toBe(true);
    expect(primaryRole(["ROLE_SELLER", "ROLE_AGENT"])).toBe("seller");
    expect(isAgent(["ROLE_SELLER"])).toBe(false);
  });
});
