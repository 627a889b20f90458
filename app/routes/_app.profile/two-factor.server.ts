import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/server-runtime";
import { mustEnrolTwoFactor } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import type { User } from "~/.server/db/schema";
import { verifyPassword } from "~/.server/password";
import type { Services } from "~/.server/services";
import { enrolmentQr } from "~/.server/two-factor";
import { disableTotpSchema, enrolTotpSchema } from "~/lib/schemas/account";
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
  const secret = await pendingTotpSecret(services.env.SESSION_SECRET, user);
  if (secret) {
    const { svg } = enrolmentQr(secret, user.email);
    return { status: "pending" as const, svg, secret: secret.match(/.{1,4}/g)!.join(" "), required };
  }
  return { status: "off" as const, required };
}

export async function twoFactorAction(services: Services, request: Request, user: User, formData: FormData) {
  const intent = formData.get("intent");
  const key = services.env.SESSION_SECRET;
  if (intent === "totp-start") {
    await startTotpEnrolment(services.db, key, user.id);
    return redirectWithNotification(services, request, "/profile#two-factor", "Scan the code with your authenticator app.", "info");
  }
  if (intent === "totp-confirm") {
    const submission = parseWithZod(formData, { schema: enrolTotpSchema });
    if (submission.status !== "success") {
      return json({ twoFactor: true, intent, result: submission.reply({ hideFields: ["code"] }), recoveryCodes: null }, { status: 400 });
    }
    const recoveryCodes = await confirmTotpEnrolment(services.db, key, user, submission.value.code);
    if (!recoveryCodes) {
      return json(
        {
          twoFactor: true,
          intent,
          result: submission.reply({ fieldErrors: { code: ["This code is not correct. Enter the code your app shows now."] }, hideFields: ["code"] }),
          recoveryCodes: null,
        },
        { status: 400 },
      );
    }
    return json({ twoFactor: true, intent, result: null, recoveryCodes });
  }
  if (intent === "totp-recovery-codes" && user.totpEnabledAt) {
    return json({ twoFactor: true, intent, result: null, recoveryCodes: await replaceRecoveryCodes(services.db, user.id) });
  }
  if (intent === "totp-disable" && user.totpEnabledAt && !isAdmin(user)) {
    const submission = parseWithZod(formData, { schema: disableTotpSchema });
    const hide = ["currentPassword"];
    if (submission.status !== "success") {
      return json({ twoFactor: true, intent, result: submission.reply({ hideFields: hide }), recoveryCodes: null }, { status: 400 });
    }
    if (!(await verifyPassword(submission.value.currentPassword, user.passwordHash))) {
      return json(
        {
          twoFactor: true,
          intent,
          result: submission.reply({ fieldErrors: { currentPassword: ["The current password is not correct."] }, hideFields: hide }),
          recoveryCodes: null,
        },
        { status: 400 },
      );
    }
    await disableTotp(services.db, user.id);
    return redirectWithNotification(services, request, "/profile", "Two-factor sign-in is off.");
  }
  return json({ twoFactor: true, intent: "unknown", result: null, recoveryCodes: null }, { status: 400 });
}
