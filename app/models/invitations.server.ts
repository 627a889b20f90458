import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { customers, invitations, users, WITHOUT_SECRETS } from "~/.server/db/schema";
import { randomToken, sha256 } from "~/.server/crypto";
import { siteOrigin } from "~/.server/mailer";
import { hashPassword } from "~/.server/password";
import type { Services } from "~/.server/services";
import { recordAudit, type AuditEntry } from "./audit.server";
import { secretPlaceholder, sendEmail } from "./outbox.server";
import { endedByNewPassword } from "./new-password.server";
import { normalizeEmail } from "./users.server";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const INVITATION_SUBJECT = "You are invited to the Secondary Marketplace";

type Actor = NonNullable<AuditEntry["actor"]>;
type InviteServices = Pick<Services, "db" | "env" | "waitUntil">;

export type InviteResult = { ok: true; userId: number } | { ok: false; field: "email" | "customerId"; message: string };

export const EMAIL_TAKEN_MESSAGE = "An account with this e-mail exists already.";

/**
 * Creates the account without a usable password (a random one nobody knows) and
 * e-mails a single-use link, valid 7 days, to choose one. The account, the link
 * and the e-mail are written before anything is reported; the e-mail goes through the outbox.
 */
export async function inviteUser(
  services: InviteServices,
  {
    name,
    email,
    roles,
    customerId = null,
    company = "",
    phone = "",
    actor,
    address,
  }: { name: string; email: string; roles: string[]; customerId?: number | null; company?: string; phone?: string; actor: Actor; address?: string },
): Promise<InviteResult> {
  const passwordHash = await hashPassword(randomToken(24));
  const [user] = await services.db
    .insert(users)
    .values({ email: normalizeEmail(email), name, company, phone, customerId, roles, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) return { ok: false, field: "email", message: EMAIL_TAKEN_MESSAGE };
  await sendInvitation(services, { userId: user.id, actor });
  await recordAudit(services.db, {
    actor,
    action: "user.invite",
    subjectType: "user",
    subjectId: user.id,
    detail: `${user.email}: ${roles.join(", ")}${customerId ? ` (customer ${customerId})` : ""}`,
    address,
  });
  return { ok: true, userId: user.id };
}

/** Adds a member to a customer (spec /admin/customer/buyer/add) and invites them. */
export async function inviteMember(
  services: InviteServices,
  input: { customerId: number; name: string; email: string; roles: string[]; actor: Actor; address?: string },
): Promise<InviteResult> {
  const customer = await services.db.query.customers.findFirst({ where: eq(customers.id, input.customerId) });
  if (!customer || customer.anonymisedAt) return { ok: false, field: "customerId", message: "Choose one of the listed options." };
  return inviteUser(services, { ...input, company: customer.name });
}

/** A new link for an existing account (an earlier one stays valid until it expires or is used). */
export async function sendInvitation(services: InviteServices, { userId, actor, now = Date.now() }: { userId: number; actor: Actor | null; now?: number }) {
  const user = await services.db.query.users.findFirst({ columns: WITHOUT_SECRETS, where: eq(users.id, userId) });
  if (!user) return false;
  const token = randomToken();
  await services.db.insert(invitations).values({
    tokenHash: await sha256(token),
    userId,
    invitedBy: actor?.id ?? null,
    createdAt: new Date(now),
    expiresAt: new Date(now + INVITATION_TTL_MS),
  });
  await sendEmail(services, {
    to: user.email,
    subject: INVITATION_SUBJECT,
    body:
      `Hello ${user.name},\n\n${actor ? `${actor.name} invited you` : "You are invited"} to the Secondary Marketplace` +
      `${user.company ? ` as a member of ${user.company}` : ""}.\n` +
      `Open this link to choose your password (it works once, for 7 days):\n` +
      `${siteOrigin(services)}/uobs/invite/${secretPlaceholder("token")}\n`,
    secrets: { token },
  });
  return true;
}

export async function findUsableInvitation(db: Database, token: string, now = Date.now()) {
  if (!token) return undefined;
  return db.query.invitations.findFirst({
    where: and(eq(invitations.tokenHash, await sha256(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date(now))),
  });
}

/**
 * Sets the first password and spends the link in one batch (as password resets do):
 * a link works once. Returns the user id, or null when the link is spent or expired.
 */
export async function acceptInvitation(db: Database, { token, password, now = Date.now() }: { token: string; password: string; now?: number }) {
  const invitation = await findUsableInvitation(db, token, now);
  if (!invitation) return null;
  const passwordHash = await hashPassword(password);
  // a link sent twice at once: the one that lost writes nothing, nor ends the session the other just began
  const spentHere = sql`exists (select 1 from ${invitations} where ${invitations.tokenHash} = ${invitation.tokenHash} and ${invitations.usedAt} = ${now})`;
  const [spent] = await db.batch([
    db
      .update(invitations)
      .set({ usedAt: new Date(now) })
      .where(and(eq(invitations.tokenHash, invitation.tokenHash), isNull(invitations.usedAt)))
      .returning({ userId: invitations.userId }),
    db
      .update(users)
      .set({ passwordHash, locked: false, failedSignins: 0, lastFailedSigninAt: null, updatedAt: new Date(now) })
      .where(and(eq(users.id, invitation.userId), spentHere)),
    // other links to the same account are spent with it, reset links too
    ...endedByNewPassword(db, invitation.userId, new Date(now), spentHere),
  ]);
  return spent.length ? invitation.userId : null;
}
