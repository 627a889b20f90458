import { desc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { contactMessages } from "~/.server/db/schema";

export async function saveContactMessage(
  db: Database,
  input: { name: string; email: string; company: string; phone: string; message: string; userId: number | null },
) {
  const [row] = await db.insert(contactMessages).values(input).returning();
  return row!;
}

export async function listContactMessages(db: Database, { limit = 200 } = {}) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(limit);
}

export async function setContactMessageHandled(db: Database, id: number, handled: boolean) {
  await db.update(contactMessages).set({ handled }).where(eq(contactMessages.id, id));
}
