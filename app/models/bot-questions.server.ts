import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { systemSettings } from "~/.server/db/schema";
import { botQuestionsFrom, type BotQuestion } from "~/lib/matchmaking-bot";
import { changedFields, recordAudit, type AuditEntry } from "./audit.server";

const QUESTIONS_KEY = "matchmakingBotQuestions";

/** The matchmaking assistant's questions, in the order asked (system data, set at /admin/system/matchmaking-bot). */
// a buyer's home and search pages read them: built once
const storedQuestions = preparedQuery((db) =>
  db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, QUESTIONS_KEY)).limit(1).prepare(),
);

export async function botQuestions(db: Database): Promise<BotQuestion[]> {
  const [row] = await storedQuestions(db).all();
  return botQuestionsFrom(row?.value);
}

/** The questions as the audit compares them: their order, and each one's wording and whether it is asked. */
const asFields = (questions: BotQuestion[]): Record<string, string> => ({
  order: questions.map((q) => q.key).join(", "),
  ...Object.fromEntries(questions.flatMap((q) => [[`${q.key} asked`, q.enabled ? "yes" : "no"], [`${q.key} text`, q.text]])),
});

/** An admin's questions: stored as given (whole, ordered) and audited. */
export async function saveBotQuestions(
  db: Database,
  { questions, actor, address }: { questions: BotQuestion[]; actor: NonNullable<AuditEntry["actor"]>; address?: string },
) {
  const value = botQuestionsFrom(questions);
  const now = new Date();
  // the questions as they were, read in the write's own batch: the audit's "before" is what the save replaced
  const [[stored]] = await db.batch([
    db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, QUESTIONS_KEY)).limit(1),
    db
      .insert(systemSettings)
      .values({ key: QUESTIONS_KEY, value, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now, updatedBy: actor.id } }),
  ]);
  await recordAudit(db, {
    actor,
    action: "matchmaking.questions",
    subjectType: "system",
    subjectId: QUESTIONS_KEY,
    detail: value.map((q) => `${q.key}${q.enabled ? "" : " (off)"}`).join(", "),
    address,
    changes: changedFields(asFields(botQuestionsFrom(stored?.value)), asFields(value)),
  });
}
