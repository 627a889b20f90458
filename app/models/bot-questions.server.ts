import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { systemSettings } from "~/.server/db/schema";
import { botQuestionsFrom, type BotQuestion } from "~/lib/matchmaking-bot";
import { recordAudit, type AuditEntry } from "./audit.server";

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

/** An admin's questions: stored as given (whole, ordered) and audited. */
export async function saveBotQuestions(
  db: Database,
  { questions, actor, address }: { questions: BotQuestion[]; actor: NonNullable<AuditEntry["actor"]>; address?: string },
) {
  const value = botQuestionsFrom(questions);
  const now = new Date();
  await db
    .insert(systemSettings)
    .values({ key: QUESTIONS_KEY, value, updatedAt: now, updatedBy: actor.id })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now, updatedBy: actor.id } });
  await recordAudit(db, {
    actor,
    action: "matchmaking.questions",
    subjectType: "system",
    subjectId: QUESTIONS_KEY,
    detail: value.map((q) => `${q.key}${q.enabled ? "" : " (off)"}`).join(", "),
    address,
  });
}
