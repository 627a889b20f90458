import { describe, expect, it } from "vitest";
import { campaignApiSchema, SMS_MAX_LENGTH } from "./marketing";

const refusals = (value: unknown) => {
  const result = campaignApiSchema().safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the campaigns API's request", () => {
  it("holds an SMS to the bulk-SMS page's length, and an e-mail to its own", () => {
    expect(refusals({ channel: "sms", customerIds: [1], body: "x".repeat(SMS_MAX_LENGTH) })).toEqual([]);
    expect(refusals({ channel: "sms", customerIds: [1], body: "x".repeat(SMS_MAX_LENGTH + 1) })).toEqual([`body: body may be at most ${SMS_MAX_LENGTH} characters for SMS.`]);
    expect(refusals({ channel: "email", customerIds: [1], subject: "Hello", body: "x".repeat(5000) })).toEqual([]);
  });
});
