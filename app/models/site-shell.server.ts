import type { Database } from "~/.server/db";
import type { User } from "~/.server/db/schema";
import { headerFor } from "~/lib/navigation";
import { primaryRole } from "~/lib/roles";
import { unreadMessageCount } from "./negotiations.server";
import { unreadNotificationCount } from "./notifications.server";
import { inboxCountsLoadedWith } from "./sessions.server";
import { sellerReachOf } from "./seller-permissions.server";
import { toPublicUser } from "./users.server";

/** Unread messages in the threads the member reads; a seller's include their team's as their permissions say. */
async function unreadMessagesOf(db: Database, user: User, asBuyer: number | undefined) {
  const role = primaryRole(user.roles);
  if (role !== "seller" && role !== "admin" && asBuyer !== undefined) return asBuyer;
  const reach = role === "seller" ? await sellerReachOf(db, user) : undefined;
  return unreadMessageCount(db, user, role, reach);
}

/**
 * What every page's shell shows whoever is asking: who they are, the header's links for their role
 * and their inbox count. Here, not in root.tsx, so the browser's root module imports none of it.
 */
export async function siteShellFor(db: Database, user: User | null, asFound: Promise<User | null> = Promise.resolve(user)) {
  if (!user) return { user: null, header: headerFor(null), inbox: 0 };
  const member = toPublicUser(user);
  // a buyer's counts usually came with their session (one query); a seller's depend on their team.
  // As this request's look-up found them: the member may be a guess from the page before (decision 040)
  const known = inboxCountsLoadedWith((await asFound) ?? user);
  const [notices, unreadMessages] = await Promise.all([
    known?.unreadNotices ?? unreadNotificationCount(db, user.id),
    unreadMessagesOf(db, user, known?.unreadAsBuyer),
  ]);
  // unread notifications include one per new message; the larger figure counts each thing once
  return { user: member, header: headerFor(member), inbox: Math.max(notices, unreadMessages) };
}
