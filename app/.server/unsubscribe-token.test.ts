import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";

describe("unsubscribe token", () => {
  it("names the address it was made for, lower-cased", async () => {
    const token = await unsubscribeToken("s3cret", " Ann@Example.COM ");
    expect(await readUnsubscribeToken("s3cret", token)).toBe("ann@example.com");
  });

  it("is refused when tampered with, made with another key, or malformed", async () => {
    const token = await unsubscribeToken("s3cret", "ann@example.com");
    const [, mac] = token.split(".");
    const forged = `${Buffer.from("bob@example.com").toString("base64url")}.${mac}`;
    expect(await readUnsubscribeToken("s3cret", forged)).toBeNull();
    expect(await readUnsubscribeToken("other", token)).toBeNull();
    expect(await readUnsubscribeToken("s3cret", "nonsense")).toBeNull();
    expect(await readUnsubscribeToken("s3cret", `${token}.x`)).toBeNull();
  });
});
