import { describe, expect, it, vi } from "vitest";
import { EMPTY_CRITERIA } from "~/lib/buyer-criteria";
import { botQuestionsFrom, ruleBasedBrain, type BotContext } from "~/lib/matchmaking-bot";
import { botBrainFor, httpBrain } from "./bot-brain";

const context: BotContext = {
  turns: [{ from: "member", text: "Texas", at: "" }],
  criteria: EMPTY_CRITERIA,
  questions: botQuestionsFrom(null),
  options: {
    industries: ["Healthcare"],
    states: ["Texas", "Ohio", "Iowa", "Utah"],
    locations: ["Midwest"],
    transactionScales: ["$1-$5m"],
    investmentTypes: ["Debt (loans)"],
    transactionTypes: ["Trading Loans"],
    investorTypes: [],
    stateCodes: { TX: "Texas" },
  },
};
const answering = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("the language-model provider behind BotBrain", () => {
  it("is used only when MATCHMAKING_BOT_URL is set", () => {
    expect(botBrainFor({})).toBe(ruleBasedBrain);
    expect(botBrainFor({ MATCHMAKING_BOT_URL: "http://127.0.0.1:9/bot" })).not.toBe(ruleBasedBrain);
  });

  it("posts the conversation with the key and keeps only listed values of what it proposes", async () => {
    const fetcher = answering(200, { message: "Texas it is.", asks: "size", proposedCriteria: { statePreferences: ["Texas", "Atlantis"], industryPreferences: ["Healthcare"] } });
    const reply = await httpBrain({ url: "http://127.0.0.1:9/bot", apiKey: "k", fetcher }).reply(context);
    expect(reply).toEqual({ message: "Texas it is.", asks: "size", proposedCriteria: { ...EMPTY_CRITERIA, statePreferences: ["Texas"], industryPreferences: ["Healthcare"] } });
    const [, init] = (fetcher as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]!;
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer k");
    expect(JSON.parse(String(init.body)).turns).toHaveLength(1);
  });

  it("proposes nothing past the spec's limits, and falls back to the rules when the provider fails", async () => {
    const tooMany = answering(200, { message: "ok", proposedCriteria: { statePreferences: ["Texas", "Ohio", "Iowa", "Utah"] } });
    expect((await httpBrain({ url: "http://x", fetcher: tooMany }).reply(context)).proposedCriteria).toBeNull();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = await httpBrain({ url: "http://x", fetcher: answering(500, {}) }).reply(context);
    expect(broken).toEqual(await ruleBasedBrain.reply(context));
    warn.mockRestore();
  });
});
