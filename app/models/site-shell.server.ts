import type { Database } from "~/.server/db";
import type { User } from "~/.server/db/schema";
import { headerFor } from "~/lib/navigation";
import { primaryRole } from "~/lib/roles";
import { unreadMessageCount } from "./negotiations.server";
import { unreadNotificationCount } from "./notifications.server";
import { inboxCountsLoadedWith } from "./sessions.server";
import { sellerReachKindOf } from "./seller-permissions.server";
import { toPublicUser } from "./users.server";

/** Unread messages in the threads a seller or an admin reads; a seller's include their team's as their permissions say. */
async function unreadMessagesOfDesk(db: Database, user: User, role: "seller" | "admin") {
  const reach = role === "seller" ? await sellerReachKindOf(db, user) : undefined;
  return unreadMessageCount(db, user, role, reach);
}

/**
 * What every page's shell shows whoever is asking: who they are, the header's links for their role
 * and their inbox count. Here, not in root.tsx, so the browser's root module imports none of it.
 * The counts are as this request's look-up found them (`asFound`): the member may be a guess from
 * the page before (decision 040).
 */
export async function siteShellFor(db: Database, user: User | null, asFound: Promise<User | null> = Promise.resolve(user)) {
  if (!user) return { user: null, header: headerFor(null), inbox: 0 };
  const member = toPublicUser(user);
  const role = primaryRole(user.roles);
  // a member who buys and sells is a side in their listings' threads too (their inbox lists both sides):
  // the seller's count, one query, holds the threads where they are the buyer as well
  const desk = role === "admin" ? role : role && user.roles.includes("ROLE_SELLER") ? "seller" : null;
  // a seller's and an admin's messages depend on their team: asked at once, so they go with the page's reads
  const deskMessages = desk ? unreadMessagesOfDesk(db, user, desk) : undefined;
  // the rest usually came with the session (one query)
  const known = inboxCountsLoadedWith((await asFound) ?? user);
  const [notices, unreadMessages] = await Promise.all([
    known?.unreadNotices ?? unreadNotificationCount(db, user.id),
    deskMessages ?? known?.unreadAsBuyer ?? unreadMessageCount(db, user, role, undefined),
  ]);
  // unread notifications include one per new message; the larger figure counts each thing once
  return { user: member, header: headerFor(member), inbox: Math.max(notices, unreadMessages) };
}
