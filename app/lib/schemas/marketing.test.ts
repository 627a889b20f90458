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

  it("offers no project's merge fields, as it takes no project to fill them from", () => {
    expect(refusals({ channel: "email", customerIds: [1], subject: "About {{projectName}}", body: "See {{teaserUrl}}" })).toEqual([
      "subject: {{projectName}} needs a promoted project, and the campaigns API promotes none: use {{contactPerson}}, {{customerName}}.",
      "body: {{teaserUrl}} needs a promoted project, and the campaigns API promotes none: use {{contactPerson}}, {{customerName}}.",
    ]);
    expect(refusals({ channel: "sms", customerIds: [1], body: "Hi {{name}}" })).toEqual(["body: Unknown merge field {{name}}: use {{contactPerson}}, {{customerName}}."]);
  });

  it("asks a sendAt without its time zone for one, not for an ISO 8601 time it already is", () => {
    const told = "sendAt: sendAt must be an ISO 8601 date and time with seconds and a time zone, e.g. 2026-05-01T14:00:00Z or 2026-05-01T10:00:00-04:00.";
    for (const sendAt of ["2026-12-08T10:00:00", "2026-12-08T10:00Z"]) {
      expect(refusals({ channel: "sms", customerIds: [1], body: "Hi", sendAt }), sendAt).toEqual([told]);
    }
    expect(refusals({ channel: "sms", customerIds: [1], body: "Hi", sendAt: new Date(Date.now() + 3_600_000).toISOString().replace("Z", "+00:00") })).toEqual([]);
  });
});
