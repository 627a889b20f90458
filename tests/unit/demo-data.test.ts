import { describe, expect, it } from "vitest";
import { demoDataWanted } from "../../scripts/lib.mjs";

describe("demo accounts from the start scripts", () => {
  it("are asked for in development only", () => {
    expect(demoDataWanted({})).toBe(true);
    expect(demoDataWanted({ NODE_ENV: "development" })).toBe(true);
    expect(demoDataWanted({ NODE_ENV: "production" })).toBe(false);
    expect(demoDataWanted({ APP_ENV: "production" })).toBe(false);
  });
});
