import { and, eq, sql } from "drizzle-orm";
import type { Services } from "~/.server/services";
import { siteOrigin } from "~/.server/mailer";
import { unsubscribeToken } from "~/.server/unsubscribe-token";
import type { Database } from "~/.server/db";
import { inList } from "~/.server/db/in-list";
import { customers, projectInvitations, users, type Project } from "~/.server/db/schema";
import { teaserPathFor } from "~/lib/access";
import { formatCompactCurrency } from "~/lib/format-figures";
import { primaryRole } from "~/lib/roles";
import { recordAudit, type AuditEntry } from "./audit.server";
import { sendEmail } from "./outbox.server";
import { suppressedAmong } from "./suppressions.server";
import { recomputeInvitedResponsiveness } from "./responsiveness.server";
import { matchable } from "./matches.server";

/** A company is invited to a project at most once in this long, however often an admin presses the button. */
export const INVITATION_INTERVAL_MS = 86_400_000;

export const INVITE_BUYERS_ONLY = "Only enabled buyer companies can be invited to view a project.";

/**
 * Whether every company chosen is one matches are computed for (a buyer or broker, enabled, not
 * deleted): a posted id is whatever the form sent, and a disabled, deleted or seller company's
 * members were e-mailed the teaser all the same.
 */
export async function allInvitable(db: Database, customerIds: readonly number[]) {
  const ids = [...new Set(customerIds)];
  const found = await db.select({ id: customers.id }).from(customers).where(and(inList(customers.id, ids), matchable));
  return found.length === ids.length;
}

type InviteServices = Pick<Services, "db" | "env" | "waitUntil">;

export type InvitationOutcome = {
  /** Companies whose members were e-mailed. */
  invited: string[];
  /** Companies invited to this project within the last day: nothing sent again. */
  already: string[];
  /** Companies without an enabled member to write to (or all of them unsubscribed). */
  unreachable: string[];
};

/**
 * The teaser offered to a member who did not ask for it: marketing, so (like a campaign's e-mail) it carries the
 * address's unsubscribe link at its foot and in the RFC 8058 headers. Without them the one way to stop these was
 * to write to us, though an address that unsubscribed from campaigns was already skipped here.
 */
async function teaserMail(env: InviteServices["env"], project: Project, link: string, to: string) {
  const facts = [project.industry, project.location, project.size ? formatCompactCurrency(project.size) : ""].filter(Boolean).join(" · ");
  const unsubscribe = `${siteOrigin({ env })}/unsubscribe/${await unsubscribeToken(env.SESSION_SECRET, to)}`;
  return {
    subject: `Invitation to view: ${project.projectName}`,
    body:
      `Our team thinks this opportunity fits what your company buys:\n\n${project.projectName}\n${facts}\n\nRead the teaser and sign the NDA to open the data room:\n${link}\n` +
      `\n--\nTo stop receiving these e-mails, unsubscribe: ${unsubscribe}\n`,
    headers: { "List-Unsubscribe": `<${unsubscribe}/one-click>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * "Invite to view" (admin project page): each chosen buyer company's enabled members
 * get the project's teaser through the outbox (a communication of that company), the
 * invitation is audited and becomes an ask of the company's responsiveness. The row
 * is claimed before anything is sent, in one conditional insert, so two admins at
 * once cannot invite a company twice within INVITATION_INTERVAL_MS.
 */
export async function inviteToView(
  services: InviteServices,
  { project, customerIds, actor, address }: { project: Project; customerIds: readonly number[]; actor: NonNullable<AuditEntry["actor"]>; address?: string },
  now = Date.now(),
): Promise<InvitationOutcome> {
  const { db } = services;
  const outcome: InvitationOutcome = { invited: [], already: [], unreachable: [] };
  const origin = siteOrigin(services);
  const invitedIds: number[] = [];
  for (const customerId of [...new Set(customerIds)]) {
    // one disabled or deleted since the action looked is passed over
    const [company] = await db.select({ id: customers.id, name: customers.name, locked: customers.locked }).from(customers).where(and(eq(customers.id, customerId), matchable)).limit(1);
    if (!company) continue;
    // a locked company's members cannot sign in to read the teaser: they were mailed a link that let them nowhere
    if (company.locked) {
      outcome.unreachable.push(company.name);
      continue;
    }
    const enabled = await db
      .select({ email: users.email, roles: users.roles })
      .from(users)
      .where(and(eq(users.customerId, customerId), eq(users.enabled, true)));
    // an address that unsubscribed or bounced gets no invitations either
    const suppressed = await suppressedAmong(db, { channel: "email", addresses: enabled.map((m) => m.email) });
    const members = enabled.filter((m) => !suppressed.has(m.email.toLowerCase()));
    if (!members.length) {
      outcome.unreachable.push(company.name);
      continue;
    }
    const claimed = await db
      .insert(projectInvitations)
      .select(
        sql`select null, ${project.id}, ${customerId}, ${actor.id}, ${members.length}, ${now}
          where not exists (select 1 from project_invitations i where i.project_id = ${project.id} and i.customer_id = ${customerId} and i.invited_at > ${now - INVITATION_INTERVAL_MS})`,
      )
      .returning({ id: projectInvitations.id });
    if (!claimed.length) {
      outcome.already.push(company.name);
      continue;
    }
    for (const member of members) {
      await sendEmail(services, { to: member.email, ...(await teaserMail(services.env, project, `${origin}${teaserPathFor(primaryRole(member.roles), project)}`, member.email)) });
    }
    await recordAudit(db, {
      actor,
      action: "project.invite",
      subjectType: "customer",
      subjectId: customerId,
      detail: `${company.name} invited to view ${project.projectName} (project ${project.id}); ${members.length} member${members.length === 1 ? "" : "s"} e-mailed`,
      address,
    });
    outcome.invited.push(company.name);
    invitedIds.push(customerId);
  }
  // each invitation is a new ask of the company
  await recomputeInvitedResponsiveness(db, { projectId: project.id, customerIds: invitedIds }, now);
  return outcome;
}

const names = (list: string[]) => (list.length > 3 ? `${list.slice(0, 3).join(", ")} and ${list.length - 3} more` : list.join(", "));

/** The notification after "Invite to view": who got it, and who did not and why. */
export function invitationNotice(o: InvitationOutcome) {
  const parts: string[] = [];
  if (o.invited.length) parts.push(`Invited ${o.invited.length} compan${o.invited.length === 1 ? "y" : "ies"} to view the project: ${names(o.invited)}.`);
  if (o.already.length) parts.push(`Not sent again (invited within the last day): ${names(o.already)}.`);
  if (o.unreachable.length) parts.push(`No member to write to: ${names(o.unreachable)}.`);
  return parts.join(" ") || "Nobody was invited.";
}
