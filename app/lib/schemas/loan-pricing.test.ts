import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { loanPricingSchema, poolPricingSchema } from "./loan-pricing";

const options = { loanStatuses: ["Performing", "Non-Performing"], propertyTypes: ["Office", "Retail"] };
const parse = (query: string) => parseWithZod(new URLSearchParams(query), { schema: loanPricingSchema(options) });
const LOAN = "balance=1,000,000&noteRate=6&termMonths=360&amortization=level&loanStatus=Performing";

describe("the loan-pricing inputs (query parameters of /results)", () => {
  it("reads a loan, blank optional fields as not given", () => {
    const submission = parse(`${LOAN}&propertyType=&ltv=&cpr=&yield=7`);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ balance: 1_000_000, noteRate: 6, termMonths: 360, propertyType: null, yield: 7 });
    expect(submission.value.cpr).toBeUndefined();
  });

  it("answers bad inputs with the spec's messages", () => {
    const submission = parse("balance=abc&noteRate=101&termMonths=1.5&amortization=weekly&loanStatus=Sold&propertyType=Castle&cpr=-1");
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : {};
    expect(errors).toMatchObject({
      balance: ["Value must be a valid decimal."],
      noteRate: ["Exceeds maximum value of 100."],
      termMonths: ["Value must be an number."],
      amortization: ["Choose one of the listed options."],
      loanStatus: ["Choose one of the listed options."],
      propertyType: ["Choose one of the listed options."],
      cpr: ["Requires a value of at least 0."],
    });
  });

  it("answers a balance or a rate of hundreds of digits with the range's message, as one just past it", () => {
    const submission = parse(`balance=${"9".repeat(400)}&noteRate=${"9".repeat(400)}.5&termMonths=360&amortization=level&loanStatus=Performing&cpr=-${"9".repeat(400)}`);
    expect(submission.status === "error" && submission.error).toMatchObject({
      balance: ["Exceeds maximum value of 1000000000000."],
      noteRate: ["Exceeds maximum value of 100."],
      cpr: ["Requires a value of at least 0."],
    });
  });

  it("needs a balloon month within the term for a balloon", () => {
    const missing = parse(LOAN.replace("level", "balloon"));
    expect(missing.status === "error" && missing.error).toMatchObject({ balloonMonths: ["Required."] });
    const late = parse(`${LOAN.replace("level", "balloon").replace("360", "120")}&balloonMonths=121`);
    expect(late.status === "error" && late.error).toMatchObject({ balloonMonths: ["Exceeds maximum value of 120."] });
  });

  it("asks for a pool", () => {
    const submission = parseWithZod(new URLSearchParams("projectId="), { schema: poolPricingSchema() });
    expect(submission.status === "error" && submission.error).toMatchObject({ projectId: ["Required."] });
  });
});
