import { redirect, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/.server/auth";
import { safeRedirect } from "~/lib/redirect";

/** The landing after sign-in: forwards to the page that was wanted, or /home. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const wanted = new URL(args.request.url).searchParams.get("redirect");
  return redirect(safeRedirect(wanted));
}
