import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { safeRedirect } from "~/lib/redirect";

/**
 * The landing after sign-in: greets the member and forwards to the page wanted,
 * or /home. The greeting is set here, not by the sign-in action, so that it is
 * still there when the page wanted renders (with JavaScript, root's loader also
 * runs for this hop and would consume an earlier flash).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "member" });
  const wanted = new URL(args.request.url).searchParams.get("redirect");
  return redirectWithNotification(services, args.request, safeRedirect(wanted), `Welcome back, ${user.name}.`);
}
