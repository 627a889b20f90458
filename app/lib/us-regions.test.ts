import { describe, expect, it } from "vitest";
import { regionOfState } from "./us-regions";

describe("regionOfState", () => {
  it("places every state of the demo market in the region the seed gives it", () => {
    expect(regionOfState("IL")).toBe("Midwest");
    expect(regionOfState("TX")).toBe("Southwest");
    expect(regionOfState("GA")).toBe("Southeast");
    expect(regionOfState("MA")).toBe("Northeast");
    expect(regionOfState("WA")).toBe("West");
  });

  it("reads the code in any case and knows no other", () => {
    expect(regionOfState(" co ")).toBe("West");
    expect(regionOfState("AE")).toBeNull();
    expect(regionOfState("")).toBeNull();
  });
});
