import { and, desc, eq, isNull, sql, type AnyColumn, type Placeholder } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { customers, notifications, users } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { siteOrigin } from "~/.server/mailer";
import { sendEmail } from "./outbox.server";
import type { NotificationKind } from "~/lib/deal";

/** The services deal-flow changes need, with the origin that links in e-mails point to. */
export type DealServices = Services & { origin: string };
export function dealServices(services: Services): DealServices {
  return { ...services, origin: siteOrigin(services) };
}

export type Notice = {
  kind: NotificationKind;
  message: string;
  /** An in-site path the notification opens. */
  link: string;
  /** The e-mail copy; the notification's link is added to its body. */
  email?: { subject: string; body: string; secrets?: Record<string, string> };
};

/** Tells a member in the app and, when an e-mail is given, through the outbox. */
export async function notify(services: DealServices, userId: number, notice: Notice) {
  await services.db.insert(notifications).values({ userId, kind: notice.kind, message: notice.message, link: notice.link });
  if (!notice.email) return;
  const to = await mailableAddress(services.db, userId);
  if (to) {
    const body = `${notice.email.body}\n\n${services.origin}${notice.link}`;
    await sendEmail(services, { to, subject: notice.email.subject, body, secrets: notice.email.secrets });
  }
}

/**
 * The address a member's deal and listing e-mail goes to; null while they may not sign in. As the saved-search
 * alerts (decision 020): mail goes to a member who may sign in and follow its link, so none while the account or
 * their company is disabled or locked; a notification waits in the app for their return.
 */
export async function mailableAddress(db: Database, userId: number) {
  const [user] = await db
    .select({ email: users.email, enabled: users.enabled, companyLetsIn: sql<number | null>`${customers.enabled} = 1 and ${customers.locked} = 0` })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, userId))
    .limit(1);
  return user?.enabled && user.companyLetsIn !== 0 ? user.email : null;
}

/** The inbox shows a member's notifications this many at a time, the latest first. */
const NOTIFICATIONS_SHOWN = 50;

/** A member's latest notifications, newest first. */
export async function listNotifications(db: Database, userId: number) {
  return (await notificationsPage(db, userId)).rows;
}

/**
 * One page of a member's notifications, newest first, and whether older ones follow: a member with
 * more than a page had no way to the older ones.
 */
export async function notificationsPage(db: Database, userId: number, page = 1) {
  const found = await latestNotifications(db).all({ userId, limit: NOTIFICATIONS_SHOWN + 1, offset: (page - 1) * NOTIFICATIONS_SHOWN });
  return { rows: found.slice(0, NOTIFICATIONS_SHOWN), older: found.length > NOTIFICATIONS_SHOWN, page };
}

// the inbox's list, built once (building a query costs more than D1 running this one)
const latestNotifications = preparedQuery((db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder("userId")))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

// every member page's header shows it
/** A member's unread notifications; the member is a placeholder, or a column of an outer query. */
export function unreadNoticesQuery(db: Database, userId: Placeholder | AnyColumn) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

const unreadCount = preparedQuery((db) => unreadNoticesQuery(db, sql.placeholder("userId")).prepare());

export async function unreadNotificationCount(db: Database, userId: number) {
  const [row] = await unreadCount(db).all({ userId });
  return row?.count ?? 0;
}

/**
 * A notification opened from the inbox: read from then on (its first reading's time kept), and where it leads.
 * Only the member's own: null for any other id. Opening one left it "new", and the count in the header with it,
 * until "Mark all as read".
 */
export async function openNotification(db: Database, { userId, id }: { userId: number; id: number }) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${Date.now()})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ link: notifications.link });
  return row?.link ?? null;
}

export async function markNotificationsRead(db: Database, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
