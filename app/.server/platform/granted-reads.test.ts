import { describe, expect, it, vi } from "vitest";
import { grantedReads } from "./granted-reads";

describe("grantedReads", () => {
  it("on Node reads only once asked, and once however often asked", async () => {
    const read = vi.fn(async () => ["row"]);
    const reads = grantedReads({ readsOverlap: false }, read);
    expect(read).not.toHaveBeenCalled();
    expect(await reads()).toEqual(["row"]);
    expect(await reads()).toEqual(["row"]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("on D1 starts at once, and a failure no one asks for is not reported", async () => {
    // not a vi.fn: a mock follows the promises it returns, which would handle the rejection
    let started = 0;
    const read = () => (started++, Promise.reject(new Error("not yours")));
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const reads = grantedReads({ readsOverlap: true }, read);
      expect(started).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(reads()).rejects.toThrow("not yours");
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
