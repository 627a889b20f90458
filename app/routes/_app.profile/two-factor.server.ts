import { mustEnrolTwoFactor } from "~/auth/guards.server";
import { currentSessionId, redirectWithNotification } from "~/auth/session.server";
import type { User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { enrolmentQr } from "~/.server/two-factor";
import { answer, refuse, type Replier } from "~/.server/replies";
import { UNKNOWN_REQUEST } from "~/lib/action-result";
import type { ProfileIntent } from "~/lib/schemas/account";
import { currentPasswordCheckRefused, isCurrentPassword } from "~/models/users.server";
import {
  confirmTotpEnrolment,
  disableTotp,
  pendingTotpSecret,
  replaceRecoveryCodes,
  startTotpEnrolment,
  unusedRecoveryCodeCount,
} from "~/models/two-factor.server";

const isAdmin = (user: User) => user.roles.includes("ROLE_ADMIN");

/** What the profile page shows: the secret only while enrolment waits for its first code, never after. */
export async function twoFactorState(services: Services, user: User) {
  const required = mustEnrolTwoFactor(user);
  if (user.totpEnabledAt) {
    return {
      status: "on" as const,
      since: user.totpEnabledAt.toISOString(),
      recoveryCodesLeft: await unusedRecoveryCodeCount(services.db, user.id),
      canTurnOff: !isAdmin(user),
      required,
    };
  }
  const secret = await pendingTotpSecret(services.db, services.env.SESSION_SECRET, user.id);
  if (secret) {
    const { svg } = enrolmentQr(secret, user.email);
    return { status: "pending" as const, svg, secret: secret.match(/.{1,4}/g)!.join(" "), required };
  }
  return { status: "off" as const, required };
}

/** Every answer of the profile page says which recovery codes to show once: none, unless they were just made. */
export const NO_CODES = { recoveryCodes: null as string[] | null };

/** The answer when the member's password, asked again, is not given or may not be checked now; null when it is right. */
async function passwordRefusal(services: Services, user: User, submission: Replier, currentPassword: string) {
  const hide = { hideFields: ["currentPassword"] };
  const refused = await currentPasswordCheckRefused(services.db, user.id);
  if (refused) return answer(submission.reply({ fieldErrors: { currentPassword: [refused] }, ...hide }), 429, NO_CODES);
  if (await isCurrentPassword(services.db, user.id, currentPassword)) return null;
  return answer(submission.reply({ fieldErrors: { currentPassword: ["The current password is not correct."] }, ...hide }), 400, NO_CODES);
}

/** The steps of two-factor sign-in, as the profile page's union read them. */
export async function twoFactorAction(
  services: Services,
  request: Request,
  user: User,
  submission: Replier,
  step: Extract<ProfileIntent, { intent: `totp-${string}` }>,
) {
  const key = services.env.SESSION_SECRET;
  switch (step.intent) {
    case "totp-start": {
      await startTotpEnrolment(services.db, key, user.id);
      return redirectWithNotification(services, request, "/profile#two-factor", "Scan the code with your authenticator app.", "info");
    }
    case "totp-confirm": {
      const notChecked = await passwordRefusal(services, user, submission, step.currentPassword);
      if (notChecked) return notChecked;
      // this browser stays signed in: without JavaScript the page with the codes is rendered in this
      // same request, with the cookie it sent, so a new session would be one its page never saw
      const keepSession = await currentSessionId(services, request);
      const recoveryCodes = await confirmTotpEnrolment(services.db, key, user.id, step.code, { keepSession });
      const hide = { hideFields: ["code", "currentPassword"] };
      if (!recoveryCodes) {
        const wrong = { code: ["This code is not correct. Enter the code your app shows now."] };
        return answer(submission.reply({ fieldErrors: wrong, ...hide }), 400, NO_CODES);
      }
      return answer(submission.reply(hide), 200, { recoveryCodes });
    }
    case "totp-recovery-codes": {
      if (!user.totpEnabledAt) return refuse(submission, UNKNOWN_REQUEST, 400, { extra: NO_CODES });
      // a session left open is not enough: the new codes would replace the member's own and sign in with the password
      const notChecked = await passwordRefusal(services, user, submission, step.currentPassword);
      if (notChecked) return notChecked;
      return answer(submission.reply({ hideFields: ["currentPassword"] }), 200, { recoveryCodes: await replaceRecoveryCodes(services.db, user.id) });
    }
    case "totp-disable": {
      if (!user.totpEnabledAt || isAdmin(user)) return refuse(submission, UNKNOWN_REQUEST, 400, { extra: NO_CODES });
      const notChecked = await passwordRefusal(services, user, submission, step.currentPassword);
      if (notChecked) return notChecked;
      await disableTotp(services.db, user.id);
      return redirectWithNotification(services, request, "/profile", "Two-factor sign-in is off.");
    }
  }
}
