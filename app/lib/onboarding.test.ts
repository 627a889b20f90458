import { stepSchema } from "./schemas/onboarding";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { EMPTY_CRITERIA } from "./buyer-criteria";
import type { TranscriptEntry } from "./onboard-chats";
import {
  answerText,
  answeredCount,
  conversationSoFar,
  criteriaAfter,
  mayWriteProfile,
  nextStep,
  previousStep,
  sideOfPath,
  stepOf,
  stepsFor,
  type AnswerValues,
  type OnboardingOptions,
} from "./onboarding";

const OPTIONS: OnboardingOptions = {
  industries: ["No Preferred Industry", "Aviation", "Retail", "Energy", ...Array.from({ length: 14 }, (_, i) => `Industry ${i}`)],
  states: ["New York", "Texas", "Ohio", "Iowa"],
  locations: ["Northeast", "Midwest"],
  transactionScales: ["<$1m", "$1-$5m"],
  investmentTypes: ["Debt (loans)", "Equity"],
  transactionTypes: ["Trading Loans", "Other (please specify)"],
  investorTypes: ["Accredited Investor", "Retail Investor"],
  businessTypes: ["Bank", "Hedge Fund"],
};

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) for (const one of Array.isArray(v) ? v : [v]) data.append(k, one);
  return data;
};
const post = (side: "buyer" | "seller", key: string, entries: Record<string, string | string[]>) =>
  parseWithZod(form({ step: key, ...entries }), { schema: stepSchema(stepOf(side, key)!, OPTIONS) });
const errorsOf = (side: "buyer" | "seller", key: string, entries: Record<string, string | string[]>) => {
  const s = post(side, key, entries);
  return s.status === "success" ? null : s.error;
};
const turn = (step: string, skipped = false): TranscriptEntry => ({ step, question: `Q ${step}`, answer: skipped ? "Skipped" : `A ${step}`, skipped, at: "2026-11-23T10:00:00Z" });

describe("the questions", () => {
  it("asks buyers (and brokers) what they buy, sellers what they sell, each side in its order", () => {
    expect(stepsFor("buyer").map((s) => s.key)).toEqual([
      "company",
      "businessType",
      "buyerType",
      "investmentPref",
      "transactionPref",
      "industryPreferences",
      "borrowerLocationPreferences",
      "statePreferences",
      "transactionScalePreferences",
      "performingLoanPreference",
      "investmentCriteria",
    ]);
    expect(stepsFor("seller").map((s) => s.key)).toEqual([
      "company",
      "businessType",
      "investmentPref",
      "industryPreferences",
      "borrowerLocationPreferences",
      "transactionScalePreferences",
      "performingLoanPreference",
    ]);
    expect(stepOf("seller", "investmentPref")!.question.seller).toBe("What do you sell?");
    expect(stepOf("seller", "buyerType")).toBeNull();
    expect(sideOfPath("/on-board/sellers")).toBe("seller");
    expect(sideOfPath("/on-board/buyers")).toBe("buyer");
  });

  it("goes to the next question not yet settled, so answering again after Back returns to where the member was", () => {
    expect(nextStep("buyer", "company", [turn("company")])!.key).toBe("businessType");
    const far = ["company", "businessType", "buyerType", "investmentPref"].map((s) => turn(s));
    // went back to businessType and answered it again: on to transactionPref, not buyerType
    expect(nextStep("buyer", "businessType", far)!.key).toBe("transactionPref");
    const all = stepsFor("seller").map((s) => turn(s.key, s.key === "businessType"));
    expect(nextStep("seller", "performingLoanPreference", all)).toBeNull();
    expect(previousStep("buyer", "businessType")!.key).toBe("company");
    expect(previousStep("buyer", "company")).toBeNull();
  });

  it("shows the conversation up to the question asked, each step as last answered, and counts real answers", () => {
    const transcript = [turn("company"), turn("businessType", true), { ...turn("company"), answer: "Renamed" }, turn("buyerType")];
    const shown = conversationSoFar("buyer", "buyerType", transcript);
    expect(shown.map((t) => [t.step, t.answer])).toEqual([
      ["company", "Renamed"],
      ["businessType", "Skipped"],
    ]);
    expect(answeredCount(transcript)).toBe(2);
  });
});

describe("each question's form", () => {
  it("needs a company name; the website is optional but must be a URL", () => {
    expect(errorsOf("buyer", "company", { intent: "answer" })).toMatchObject({ customerName: ["Required."] });
    expect(errorsOf("buyer", "company", { intent: "answer", customerName: "Acme", website: "not a url" })).toMatchObject({ website: ["Invalid URL."] });
    expect(post("buyer", "company", { intent: "answer", customerName: "Acme Credit" })).toMatchObject({
      status: "success",
      value: { intent: "answer", step: "company", customerName: "Acme Credit", website: "" },
    });
    // the company cannot be skipped
    expect(errorsOf("buyer", "company", { intent: "skip" })).toMatchObject({ intent: expect.any(Array) });
  });

  it("validates the criteria with the /preferences rules: listed options, 14 industries, 3 states, an answer must say something", () => {
    expect(errorsOf("buyer", "statePreferences", { intent: "answer", statePreferences: ["New York", "Texas", "Ohio", "Iowa"] })).toMatchObject({
      statePreferences: ["Choose at most 3 states."],
    });
    expect(errorsOf("buyer", "industryPreferences", { intent: "answer", industryPreferences: OPTIONS.industries.slice(0, 15) })).toMatchObject({
      industryPreferences: ["Choose at most 14 industries."],
    });
    expect(errorsOf("buyer", "industryPreferences", { intent: "answer", industryPreferences: "Mining" })).toMatchObject({
      industryPreferences: ["Choose one of the listed options."],
    });
    // an optional question answered with nothing passes: the action takes it as its Skip
    expect(post("buyer", "industryPreferences", { intent: "answer" }).status).toBe("success");
    expect(errorsOf("buyer", "buyerType", { intent: "answer", buyerType: "Whale" })).toMatchObject({ buyerType: ["Choose one of the listed options."] });
    expect(errorsOf("seller", "businessType", { intent: "answer", businessType: "Pirate" })).toMatchObject({ businessType: ["Choose one of the listed options."] });
    expect(errorsOf("buyer", "performingLoanPreference", { intent: "answer", performingLoanPreference: "Sometimes" })).toBeTruthy();
    expect(post("buyer", "performingLoanPreference", { intent: "answer", performingLoanPreference: "Either" }).status).toBe("success");
    expect(post("buyer", "investmentCriteria", { intent: "answer", investmentCriteria: "Senior secured only" }).status).toBe("success");
  });

  it("takes Skip and Back without an answer, and refuses an answer posted for another question", () => {
    expect(post("buyer", "industryPreferences", { intent: "skip" }).status).toBe("success");
    expect(post("buyer", "industryPreferences", { intent: "back" }).status).toBe("success");
    const other = parseWithZod(form({ intent: "answer", step: "buyerType", buyerType: "Retail Investor" }), {
      schema: stepSchema(stepOf("buyer", "industryPreferences")!, OPTIONS),
    });
    expect(other.status).toBe("error");
  });
});

describe("what an answer writes", () => {
  const value = (entries: Record<string, unknown>) => ({ intent: "answer", ...entries }) as AnswerValues;

  it("says the answer as the chat bubble shows it", () => {
    expect(answerText(stepOf("buyer", "company")!, value({ step: "company", customerName: "Acme", website: "https://acme.test" }))).toBe("Acme (https://acme.test)");
    expect(answerText(stepOf("buyer", "statePreferences")!, value({ step: "statePreferences", statePreferences: ["Ohio", "Iowa"] }))).toBe("Ohio, Iowa");
  });

  it("changes only the answered criterion, and the investor type only when the company is the member's own or has none", () => {
    const current = { criteria: { ...EMPTY_CRITERIA, industryPreferences: ["Retail"] }, buyerType: "Accredited Investor" };
    const states = criteriaAfter(stepOf("buyer", "statePreferences")!, value({ step: "statePreferences", statePreferences: ["Ohio"] }), current, { createdCustomer: false });
    expect(states).toMatchObject({ industryPreferences: ["Retail"], statePreferences: ["Ohio"], buyerType: "Accredited Investor" });
    const type = (createdCustomer: boolean, buyerType: string) =>
      criteriaAfter(stepOf("buyer", "buyerType")!, value({ step: "buyerType", buyerType: "Retail Investor" }), { ...current, buyerType }, { createdCustomer }).buyerType;
    expect(type(false, "Accredited Investor")).toBe("Accredited Investor");
    expect(type(false, "")).toBe("Retail Investor");
    expect(type(true, "Accredited Investor")).toBe("Retail Investor");
    expect(mayWriteProfile({ createdCustomer: false, current: "Admin's name" })).toBe(false);
  });
});
