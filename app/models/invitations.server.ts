import { and, desc, eq, gt, isNull, not, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { customers, invitations, outbox, passwordResets, users, WITHOUT_SECRETS } from "~/.server/db/schema";
import { randomToken, sha256 } from "~/.server/crypto";
import { siteOrigin } from "~/.server/mailer";
import { hashPassword } from "~/.server/password";
import type { Services } from "~/.server/services";
import { recordAudit, type AuditEntry } from "./audit.server";
import { deliverDueMessages, outboxRow, secretPlaceholder } from "./outbox.server";
import { DUPLICATE, unlessDuplicate } from "~/.server/db/errors";
import { endedByNewPassword, ofDeletedCustomer } from "./new-password.server";
import { normalizeEmail } from "./users.server";
import { formatDateTime } from "~/lib/format";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const INVITATION_SUBJECT = "You are invited to the Secondary Marketplace";

type Actor = NonNullable<AuditEntry["actor"]>;
type InviteServices = Pick<Services, "db" | "env" | "waitUntil">;

export type InviteResult = { ok: true; userId: number } | { ok: false; field: "email" | "customerId"; message: string };

export const EMAIL_TAKEN_MESSAGE = "An account with this e-mail exists already.";

/** A statement a caller writes in the invitation's batch (the colleague's grants). */
type BatchItem = Parameters<Database["batch"]>[0][number];

/**
 * Creates the account without a usable password (a random one nobody knows) and
 * e-mails a single-use link, valid 7 days, to choose one. The account, the link, the
 * e-mail (through the outbox) and `alongside`'s rows for the new account (`newUser`, its
 * id as a query) are one batch: a failure or a cut request between them left an account
 * without its link or its grants, and its e-mail taken, so it could not be invited again.
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
    alongside = () => [],
  }: {
    name: string;
    email: string;
    roles: string[];
    customerId?: number | null;
    company?: string;
    phone?: string;
    actor: Actor;
    address?: string;
    alongside?: (newUser: SQL<number>) => BatchItem[];
  },
): Promise<InviteResult> {
  const db = services.db;
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(randomToken(24));
  // the batch stops at the account's insert when the address is taken: what follows names no one else
  const newUser = sql<number>`(select ${users.id} from ${users} where ${users.email} = ${normalized})`;
  const { writes: link } = await invitationWrites(services, { userId: newUser, to: { email: normalized, name, company }, actor });
  const written = await unlessDuplicate(
    db.batch([
      db.insert(users).values({ email: normalized, name, company, phone, customerId, roles, passwordHash }).returning({ id: users.id, email: users.email }),
      ...link,
      ...alongside(newUser),
    ]),
  );
  if (written === DUPLICATE) return { ok: false, field: "email", message: EMAIL_TAKEN_MESSAGE };
  const [user] = written[0];
  services.waitUntil(deliverDueMessages(db, services.env));
  await recordAudit(db, {
    actor,
    action: "user.invite",
    subjectType: "user",
    subjectId: user!.id,
    detail: `${user!.email}: ${roles.join(", ")}${customerId ? ` (customer ${customerId})` : ""}`,
    address,
  });
  return { ok: true, userId: user!.id };
}

/** Adds a member to a customer (spec /admin/customer/buyer/add) and invites them. */
export async function inviteMember(
  services: InviteServices,
  input: { customerId: number; name: string; email: string; roles: string[]; actor: Actor; address?: string; alongside?: (newUser: SQL<number>) => BatchItem[] },
): Promise<InviteResult> {
  const customer = await services.db.query.customers.findFirst({ where: eq(customers.id, input.customerId) });
  if (!customer || customer.anonymisedAt) return { ok: false, field: "customerId", message: "Choose one of the listed options." };
  return inviteUser(services, { ...input, company: customer.name });
}

/** A new link for an existing account (an earlier one stays valid until it expires or is used). */
export async function sendInvitation(services: InviteServices, { userId, actor, now = Date.now() }: { userId: number; actor: Actor | null; now?: number }) {
  const user = await services.db.query.users.findFirst({ columns: WITHOUT_SECRETS, where: eq(users.id, userId) });
  if (!user) return false;
  const [link, mail] = (await invitationWrites(services, { userId, to: user, actor, now })).writes;
  await services.db.batch([link, mail]);
  services.waitUntil(deliverDueMessages(services.db, services.env));
  return true;
}

/** How soon after an invitation (or a password reset) another to the same person is taken for the same one sent twice. */
export const RESEND_INTERVAL_MS = 60_000;

/** A link sent a moment ago, and not again: when, and by whom (null: not known). */
export type SentJustNow = { sentAt: number; by: string | null };

/** What an admin (or a seller's lead) is told of a link not sent again: which, to whom, when and by whom. */
export function sentJustNowNotice(what: "An invitation" | "A password-reset e-mail", email: string, sent: SentJustNow) {
  return `${what} went to ${email} at ${formatDateTime(sent.sentAt)}${sent.by ? `, sent by ${sent.by}` : ""}, less than a minute ago: nothing more was sent.`;
}

/**
 * "Resend invitation": a new link, unless one went to the account less than a minute ago (a double click without
 * JavaScript, two admins at once): both were mailed, each link working. The look and the link are one statement and
 * the e-mail is written in the same batch, dropped there unless this link is the one written; so of two at once one mails.
 */
export async function resendInvitation(services: InviteServices, { userId, actor, now = Date.now() }: { userId: number; actor: Actor; now?: number }): Promise<true | SentJustNow | false> {
  const { db } = services;
  const user = await db.query.users.findFirst({ columns: WITHOUT_SECRETS, where: eq(users.id, userId) });
  if (!user) return false;
  const { writes, tokenHash } = await invitationWrites(services, { userId, to: user, actor, now, unlessSentSince: now - RESEND_INTERVAL_MS });
  const [claimed] = await db.batch([...writes, dropUnlessClaimed(db, user.email, invitations, tokenHash)]);
  if (claimed.length) {
    services.waitUntil(deliverDueMessages(db, services.env));
    return true;
  }
  const [last] = await db
    .select({ at: invitations.createdAt, by: users.name })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.userId, userId))
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return { sentAt: last?.at.getTime() ?? now, by: last?.by ?? null };
}

/**
 * The e-mail just written in a batch, deleted there again unless its link (`tokenHash` in `table`) was written too: the
 * outbox's newest row to the address is this batch's own (a batch is one transaction), and nobody sees it come and go.
 */
export function dropUnlessClaimed(db: Database, recipient: string, table: typeof invitations | typeof passwordResets, tokenHash: string) {
  return db
    .delete(outbox)
    .where(
      and(
        eq(outbox.id, sql`(select max(${outbox.id}) from ${outbox} where ${outbox.recipient} = ${recipient})`),
        sql`not exists (select 1 from ${table} where ${table.tokenHash} = ${tokenHash})`,
      ),
    );
}

/** The link's row and the e-mail that carries it, to be written together: a link no one was sent, or an e-mail with a link that works nowhere, is of no use. */
async function invitationWrites(
  services: InviteServices,
  {
    userId,
    to,
    actor,
    now = Date.now(),
    unlessSentSince,
  }: { userId: number | SQL<number>; to: { email: string; name: string; company: string }; actor: Actor | null; now?: number; unlessSentSince?: number },
) {
  const token = randomToken();
  const tokenHash = await sha256(token);
  const mail = await outboxRow(
    services.env,
    {
      channel: "email",
      recipient: to.email,
      subject: INVITATION_SUBJECT,
      body:
        `Hello ${to.name},\n\n${actor ? `${actor.name} invited you` : "You are invited"} to the Secondary Marketplace` +
        `${to.company ? ` as a member of ${to.company}` : ""}.\n` +
        `Open this link to choose your password (it works once, for 7 days):\n` +
        `${siteOrigin(services)}/uobs/invite/${secretPlaceholder("token")}\n`,
      secrets: { token },
    },
    now,
  );
  const row = { tokenHash, userId, invitedBy: actor?.id ?? null, createdAt: new Date(now), expiresAt: new Date(now + INVITATION_TTL_MS) };
  // the link written only when none went to the account since `unlessSentSince` (the look and the write one statement)
  const link =
    unlessSentSince === undefined
      ? services.db.insert(invitations).values(row).returning({ userId: invitations.userId })
      : services.db
          .insert(invitations)
          .select(
            sql`select ${tokenHash}, ${userId}, ${row.invitedBy}, ${now}, ${now + INVITATION_TTL_MS}, null
              where not exists (select 1 from ${invitations} where ${invitations.userId} = ${userId} and ${invitations.createdAt} > ${unlessSentSince})`,
          )
          .returning({ userId: invitations.userId });
  return { writes: [link, services.db.insert(outbox).values(mail)] as const, tokenHash };
}

export async function findUsableInvitation(db: Database, token: string, now = Date.now()) {
  if (!token) return undefined;
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, await sha256(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date(now)), not(ofDeletedCustomer(invitations.userId))))
    .limit(1);
  return invitation;
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
