import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { WEIGHT_KEYS } from "~/lib/match-score";
import { matchmakingPageSchema } from "./matchmaking";

const weights = (overrides: Record<string, string>) => {
  const form = new URLSearchParams({ intent: "weights", ...Object.fromEntries(WEIGHT_KEYS.map((k) => [k, "10"])), ...overrides });
  return parseWithZod(form, { schema: matchmakingPageSchema() });
};

describe("the admin's match weights", () => {
  it("answers a weight past 100 with the range's message, however many digits it has", () => {
    for (const typed of ["101", "99999999999999999999", "9".repeat(400)]) {
      const submission = weights({ industry: typed });
      expect(submission.status === "error" && submission.error, typed).toEqual({ industry: ["Exceeds maximum value of 100."] });
    }
    const below = weights({ size: `-${"9".repeat(30)}` });
    expect(below.status === "error" && below.error).toEqual({ size: ["Requires a value of at least 0."] });
    const notWhole = weights({ size: "1.5" });
    expect(notWhole.status === "error" && notWhole.error).toEqual({ size: ["Value must be an number."] });
  });
});
