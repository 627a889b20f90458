import { eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import type { SavedMeanwhile } from "~/.server/replies";
import { systemSettings, users } from "~/.server/db/schema";
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

/** When the questions were last saved (ms; null: never, the defaults): the page's save is weighed against it. */
export async function botQuestionsSavedAt(db: Database): Promise<number | null> {
  const [row] = await db.select({ at: systemSettings.updatedAt }).from(systemSettings).where(eq(systemSettings.key, QUESTIONS_KEY)).limit(1);
  return row ? row.at.getTime() : null;
}

/**
 * An admin's questions: stored as given (whole, ordered) and audited. `opened`: when the questions the
 * page showed were saved (null: never); another admin's save since then is not overwritten unseen, and
 * the save is refused with who saved and when. Without it (an older page) the questions are written.
 */
export async function saveBotQuestions(
  db: Database,
  { questions, actor, address, opened }: { questions: BotQuestion[]; actor: NonNullable<AuditEntry["actor"]>; address?: string; opened?: number | null },
): Promise<true | SavedMeanwhile> {
  const value = botQuestionsFrom(questions);
  const now = new Date();
  // written only over the save the page was opened on (the look and the write are one statement)
  const unchanged = opened === undefined ? undefined : opened === null ? sql`0` : eq(systemSettings.updatedAt, new Date(opened));
  // the questions as they were, read in the write's own batch: the audit's "before" is what the save replaced
  const [[stored], written] = await db.batch([
    db.select({ value: systemSettings.value, updatedAt: systemSettings.updatedAt, by: users.name }).from(systemSettings).leftJoin(users, eq(users.id, systemSettings.updatedBy)).where(eq(systemSettings.key, QUESTIONS_KEY)).limit(1),
    db
      .insert(systemSettings)
      .values({ key: QUESTIONS_KEY, value, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now, updatedBy: actor.id }, setWhere: unchanged })
      .returning({ key: systemSettings.key }),
  ]);
  if (written.length === 0) {
    // the questions stored are these already (the same Save sent twice): saved, not refused over the admin's own save
    if (JSON.stringify(botQuestionsFrom(stored!.value)) === JSON.stringify(value)) return true;
    return { savedAt: stored!.updatedAt.getTime(), by: stored!.by };
  }
  await recordAudit(db, {
    actor,
    action: "matchmaking.questions",
    subjectType: "system",
    subjectId: QUESTIONS_KEY,
    detail: value.map((q) => `${q.key}${q.enabled ? "" : " (off)"}`).join(", "),
    address,
    changes: changedFields(asFields(botQuestionsFrom(stored?.value)), asFields(value)),
  });
  return true;
}
