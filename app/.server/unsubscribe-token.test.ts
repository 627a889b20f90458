import { describe, expect, it } from "vitest";
import { alertsUnsubscribeToken, readAlertsUnsubscribeToken, readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";

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

describe("saved-search alerts token", () => {
  it("names one search or one member's alerts, and neither kind of token reads as the other", async () => {
    const search = await alertsUnsubscribeToken("s3cret", { searchId: 12 });
    const member = await alertsUnsubscribeToken("s3cret", { userId: 5 });
    expect(await readAlertsUnsubscribeToken("s3cret", search)).toEqual({ searchId: 12 });
    expect(await readAlertsUnsubscribeToken("s3cret", member)).toEqual({ userId: 5 });
    expect(await readUnsubscribeToken("s3cret", search)).toBeNull();
    expect(await readAlertsUnsubscribeToken("s3cret", await unsubscribeToken("s3cret", "ann@example.com"))).toBeNull();
    expect(await readAlertsUnsubscribeToken("other", search)).toBeNull();
  });
});
