import type { AppLoadContext, SessionStorage } from "@remix-run/server-runtime";
import { servicesFor } from "#platform";
import type { Database } from "./db";
import type { ContentService } from "./content";
import type { Env } from "./env";
import type { FileStore } from "./files/store";
import type { pageSessions } from "./db/schema";

export type PageSessionRow = typeof pageSessions.$inferInsert;
import type { Notification } from "~/lib/notification";
export type { NotificationType } from "~/lib/notification";

export type SessionData = {
  sessionId: string;
  /** Draft preview of CMS content, for this browser. */
  preview: boolean;
  /** The password was right; the second-factor code is still to come (never a session). */
  pendingSignin: { userId: number; redirectTo: string; expiresAt: number };
};
export type FlashData = { notification: Notification };

/** Everything server code needs, built from the Workers env or from process.env on Node. */
export interface Services {
  env: Env;
  db: Database;
  sessionStorage: SessionStorage<SessionData, FlashData>;
  /** Pages, job postings, site settings and the dropdown lists: Sanity or the local dataset. */
  content: ContentService;
  /** Data room files, signed NDAs and LOIs. */
  files: FileStore;
  /** Stores a page session after the response: batched on Node, through waitUntil on Workers. */
  recordPageSession(row: PageSessionRow): void;
  /** Keep work going after the response (Workers' waitUntil; a tracked promise on Node). */
  waitUntil(promise: Promise<unknown>): void;
}

export function getServices(context: AppLoadContext): Promise<Services> {
  return servicesFor(context);
}
