import { describe, expect, it } from "vitest";
import { SEED_DOCUMENTS } from "../../cms/seed/documents";
import { ContentService } from "~/.server/content";
import { localContentSource } from "~/.server/content/sources";
import { criteriaOptions } from "~/models/buyer-criteria.server";
import { stateNamesByCode } from "~/models/criteria-vocabulary.server";
import { EMPTY_CRITERIA } from "./buyer-criteria";
import { botQuestionsFrom, DEFAULT_BOT_QUESTIONS, openingQuestion, ruleBasedBrain, sizeRange, understand, type BotOptions, type BotTurn } from "./matchmaking-bot";

// the lists as the criteria forms offer them, from the seed dataset
const options: BotOptions = {
  ...(await criteriaOptions(new ContentService(localContentSource(() => SEED_DOCUMENTS)))),
  stateCodes: stateNamesByCode(),
};

describe("the rule-based brain understands plain words", () => {
  it("reads loan pools in Texas under $5M, performing", () => {
    const { changes, refused } = understand("loan pools in Texas under $5M, performing", options);
    expect(refused).toBeNull();
    expect(changes).toEqual({
      statePreferences: ["Texas"],
      transactionScalePreferences: ["<$1m", "$1-$5m"],
      performingLoanPreference: "Performing",
      investmentPref: ["Debt (loans)"],
      transactionPref: ["Trading Loans"],
    });
  });

  it("tells non-performing from performing, and both as either", () => {
    expect(understand("non-performing only", options).changes.performingLoanPreference).toBe("Non-Performing");
    expect(understand("NPLs", options).changes.performingLoanPreference).toBe("Non-Performing");
    expect(understand("performing or non-performing", options).changes.performingLoanPreference).toBe("Either");
    expect(understand("either", options, { asked: "performing" }).changes.performingLoanPreference).toBe("Either");
  });

  it("reads state codes as written, regions, and West Virginia as a state only", () => {
    expect(understand("TX and OH, Midwest", options).changes).toMatchObject({ statePreferences: ["Texas", "Ohio"], borrowerLocationPreferences: ["Midwest"] });
    const wv = understand("West Virginia", options).changes;
    expect(wv.statePreferences).toEqual(["West Virginia"]);
    expect(wv.borrowerLocationPreferences).toBeUndefined();
    // lower-case "in" or "or" are words, not Indiana or Oregon
    expect(understand("loans in or near cities", options).changes.statePreferences).toBeUndefined();
  });

  it("reads industries, and any industry as No Preferred Industry", () => {
    expect(understand("Healthcare and tech", options).changes.industryPreferences).toEqual(["Healthcare", "Technology"]);
    expect(understand("any industry", options).changes.industryPreferences).toEqual(["No Preferred Industry"]);
  });

  it("reads size ranges into the spec's bands", () => {
    expect(sizeRange("between $5m and $25m")).toEqual({ min: 5e6, max: 25e6 });
    expect(sizeRange("$5-10m")).toEqual({ min: 5e6, max: 10e6 });
    expect(sizeRange("over $300 million")).toEqual({ min: 300e6, max: Infinity });
    expect(sizeRange("14 industries")).toBeNull();
    // thousands commas, as people write dollars: "$1,000,000" was one dollar
    expect(sizeRange("deals of $1,000,000")).toEqual({ min: 1e6, max: 1e6 });
    expect(sizeRange("$5,000,000 to $10,000,000")).toEqual({ min: 5e6, max: 10e6 });
    expect(sizeRange("under $2,500,000.50")).toEqual({ min: 0, max: 2_500_000.5 });
    expect(sizeRange("$1,5m")).toEqual({ min: 1.5e6, max: 1.5e6 });
    expect(understand("around $7,500,000", options).changes.transactionScalePreferences).toEqual(["$5-$10m"]);
    expect(understand("$10M to $25M", options).changes.transactionScalePreferences).toEqual(["$10-$25m"]);
    expect(understand("over $300m", options).changes.transactionScalePreferences).toEqual(["$300-$500m", "Above $500m"]);
    expect(understand("about $7m", options).changes.transactionScalePreferences).toEqual(["$5-$10m"]);
  });

  it("takes the whole answer as notes on the free-text question only", () => {
    expect(understand("Only first-lien loans", options, { asked: "freeText" }).changes.investmentCriteria).toBe("Only first-lien loans");
    expect(understand("Only first-lien loans", options).changes.investmentCriteria).toBeUndefined();
    expect(understand("no", options, { asked: "freeText" }).changes).toEqual({});
  });

  it("refuses more than 3 states or 14 industries with the spec's message (§5)", () => {
    expect(understand("Texas, Ohio, Iowa and Utah", options)).toEqual({ changes: {}, refused: "Choose at most 3 states." });
    const fifteen = options.industries.filter((i) => i !== "No Preferred Industry" && i !== "Other").slice(0, 15).join(", ");
    expect(understand(fifteen, options)).toEqual({ changes: {}, refused: "Choose at most 14 industries." });
  });
});

describe("ruleBasedBrain.reply", () => {
  const turn = (from: BotTurn["from"], text: string, asks?: BotTurn["asks"]): BotTurn => ({ from, text, asks, at: "" });
  const questions = botQuestionsFrom(null);

  it("proposes the whole criteria after an answer and asks the next question", async () => {
    const reply = await ruleBasedBrain.reply({
      turns: [turn("bot", questions[0]!.text, "industry"), turn("member", "Healthcare")],
      criteria: { ...EMPTY_CRITERIA, statePreferences: ["Ohio"] },
      questions,
      options,
    });
    expect(reply.proposedCriteria).toEqual({ ...EMPTY_CRITERIA, statePreferences: ["Ohio"], industryPreferences: ["Healthcare"] });
    // the states are known already: not asked again
    expect(reply.asks).toBe("size");
    expect(reply.message).toContain("industries Healthcare");
    expect(reply.message).toContain(questions[2]!.text);
  });

  it("opens with the first question the saved criteria leave open, or with what they say when none is", () => {
    expect(openingQuestion(questions, null)).toMatchObject({ key: "industry" });
    const onBoarded = { ...EMPTY_CRITERIA, industryPreferences: ["Healthcare"], statePreferences: ["Texas"], transactionScalePreferences: ["$1-$5m"] };
    expect(openingQuestion(questions, onBoarded)).toEqual({ key: "performing", text: questions[3]!.text });
    const whole = { ...onBoarded, performingLoanPreference: "Performing" as const, investmentPref: ["Debt (loans)"], investmentCriteria: "Senior secured only" };
    const summary = openingQuestion(questions, whole)!;
    expect(summary.key).toBeNull();
    expect(summary.text).toMatch(/^Your criteria: industries Healthcare; states Texas; size \$1-\$5m; investment types Debt \(loans\); performing loans; notes “Senior secured only”\. Tell me anything you would change/);
    expect(openingQuestion(questions.map((q) => ({ ...q, enabled: false })), whole)).toBeNull();
  });

  it("asks the same question again after a refusal, proposing nothing", async () => {
    const reply = await ruleBasedBrain.reply({
      turns: [turn("bot", "Which states?", "location"), turn("member", "TX OH IA UT")],
      criteria: EMPTY_CRITERIA,
      questions,
      options,
    });
    expect(reply).toMatchObject({ proposedCriteria: null, asks: "location" });
    expect(reply.message).toMatch(/^Choose at most 3 states\./);
  });

  it("skips questions an admin turned off and closes after the last", async () => {
    const onlyTwo = questions.map((q) => ({ ...q, enabled: q.key === "industry" || q.key === "size" }));
    const first = await ruleBasedBrain.reply({ turns: [turn("bot", "", "industry"), turn("member", "Energy")], criteria: EMPTY_CRITERIA, questions: onlyTwo, options });
    expect(first.asks).toBe("size");
    const last = await ruleBasedBrain.reply({
      turns: [turn("bot", "", "industry"), turn("member", "Energy"), turn("bot", "", "size"), turn("member", "under $1m")],
      criteria: EMPTY_CRITERIA,
      questions: onlyTwo,
      options,
    });
    expect(last.asks).toBeNull();
    expect(last.message).toContain("That is all my questions");
  });
});

describe("botQuestionsFrom", () => {
  it("keeps the stored order, text and switches, and fills in what is missing", () => {
    const stored = [{ key: "size", text: "How big?", enabled: false }, { key: "industry", text: "" }, { key: "bogus" }];
    const q = botQuestionsFrom(stored);
    expect(q.map((x) => x.key)).toEqual(["size", "industry", "location", "performing", "types", "freeText"]);
    expect(q[0]).toEqual({ key: "size", text: "How big?", enabled: false });
    expect(q[1]!.text).toBe(DEFAULT_BOT_QUESTIONS[0]!.text);
  });
});
