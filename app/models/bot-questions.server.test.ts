import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { auditLog } from "~/.server/db/schema";
import { DEFAULT_BOT_QUESTIONS } from "~/lib/matchmaking-bot";
import { matchmakingPageSchema, questionsFromForm, type BotQuestionValues } from "~/lib/schemas/matchmaking";
import { makeUser } from "~/seed/factories";
import { botQuestions, saveBotQuestions } from "./bot-questions.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const form = (over: Record<string, string | undefined> = {}) => ({
  intent: "questions",
  ...Object.fromEntries(DEFAULT_BOT_QUESTIONS.flatMap((q, i) => [[`text_${q.key}`, q.text], [`order_${q.key}`, String(i + 1)], [`enabled_${q.key}`, "on"]])),
  ...over,
});

describe("the assistant's questions", () => {
  it("are the defaults until an admin sets them", async () => {
    expect(await botQuestions(t.db)).toEqual(DEFAULT_BOT_QUESTIONS);
  });

  it("take an admin's words, order and switches from the form, audited", async () => {
    const parsed = matchmakingPageSchema().safeParse(form({ text_size: "How big a deal?", order_size: "1", order_industry: "2", enabled_freeText: undefined }));
    expect(parsed.success).toBe(true);
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    await saveBotQuestions(t.db, { questions: questionsFromForm(parsed.data as BotQuestionValues), actor: admin });
    const saved = await botQuestions(t.db);
    expect(saved.map((q) => q.key)).toEqual(["size", "industry", "location", "performing", "types", "freeText"]);
    expect(saved[0]).toEqual({ key: "size", text: "How big a deal?", enabled: true });
    expect(saved.at(-1)!.enabled).toBe(false);
    const [entry] = await t.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "matchmaking.questions", subjectType: "system" });
  });

  it("refuse an empty question or an order out of range with the spec's messages", () => {
    const parsed = matchmakingPageSchema().safeParse(form({ text_types: "", order_types: "9" }));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message).sort()).toEqual(["Exceeds maximum value of 6.", "Required."]);
  });
});
