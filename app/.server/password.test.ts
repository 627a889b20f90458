import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, PASSWORD_ITERATIONS, verifyPassword } from "./password";

describe("passwords", () => {
  it("stores PBKDF2-SHA256 at 600,000 iterations in a self-describing format", async () => {
    const stored = await hashPassword("correct horse battery");
    const [algorithm, iterations, salt, hash] = stored.split("$");
    expect(algorithm).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(PASSWORD_ITERATIONS);
    expect(PASSWORD_ITERATIONS).toBe(600_000);
    expect(salt!.length).toBeGreaterThan(10);
    expect(hash!.length).toBeGreaterThan(40);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("tells when a stored hash is weaker than today's parameters", async () => {
    const weak = await hashPassword("old password", 1000);
    expect(await verifyPassword("old password", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("new password"))).toBe(false);
    expect(await verifyPassword("x", "md5$garbage")).toBe(false);
  });
});
