import type { User } from "~/.server/db/schema";
import { siteOrigin } from "~/.server/mailer";
import { secretPlaceholder, sendEmail } from "~/models/outbox.server";
import type { Services } from "~/.server/services";
import { ACCOUNT_UNLOCK_TTL_MS, createAccountUnlock } from "~/models/account-unlocks.server";
import { verifySecondFactor, type SecondFactorResult } from "~/models/two-factor.server";
import { verifySignin, type SigninResult } from "~/models/users.server";
import { activateOnSignin, customerAllowsSignin } from "~/models/customer-accounts.server";

/** A member of a disabled or locked customer (company) is refused like a disabled account. */
async function throughCustomer(services: Services, result: SigninResult): Promise<SigninResult> {
  if (!result.ok) return result;
  if (!(await customerAllowsSignin(services.db, { customerId: result.user.customerId }))) return { ok: false, reason: "disabled" };
  return result;
}

/** The attempt that locks an account e-mails its owner the unlock link; nobody else learns of the lock. */
async function tellOwnerOfLock(services: Services, request: Request, user: User | null) {
  if (!user) return;
  const token = await createAccountUnlock(services.db, user.id);
  const hours = ACCOUNT_UNLOCK_TTL_MS / 3_600_000;
  await sendEmail(services, {
    to: user.email,
    subject: "Your Secondary Marketplace account is locked",
    body:
      `Hello ${user.name},\n\nthere were too many failed attempts to sign in to your account, so it no longer accepts ` +
      `its password. If that was you, open this link to unlock it (it works once, for ${hours} hours):\n` +
      `${siteOrigin(services)}/uobs/unlock/${secretPlaceholder("token")}\n\n` +
      `If it was not you, someone may know or be guessing your e-mail address: your password has not been given away, ` +
      `and you may want to choose a new one with "Forgot your password?".\n`,
    secrets: { token },
  });
}

export async function checkPassword(services: Services, request: Request, email: string, password: string) {
  const result = await verifySignin(services.db, email, password);
  if (!result.ok && result.reason === "locked") await tellOwnerOfLock(services, request, result.justLocked);
  const checked = await throughCustomer(services, result);
  if (checked.ok && !checked.secondFactor) await activateOnSignin(services.db, { customerId: checked.user.customerId });
  return checked;
}

export async function checkSecondFactor(services: Services, request: Request, user: User, code: string): Promise<SecondFactorResult | { ok: false; reason: "disabled" }> {
  const result = await verifySecondFactor(services.db, services.env.SESSION_SECRET, user, code);
  if (!result.ok && result.reason === "locked") await tellOwnerOfLock(services, request, result.justLocked);
  if (!result.ok) return result;
  // the customer was asked at the password, minutes ago: an admin may have disabled or locked it since
  if (!(await customerAllowsSignin(services.db, { customerId: result.user.customerId }))) return { ok: false, reason: "disabled" };
  await activateOnSignin(services.db, { customerId: result.user.customerId });
  return result;
}
