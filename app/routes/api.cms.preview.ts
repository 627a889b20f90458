import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { timingSafeEqual } from "~/.server/crypto";
import { notFound } from "~/.server/http";
import { previewCookie } from "~/.server/preview";
import { primaryRole } from "~/lib/roles";
import { safeRedirect } from "~/lib/redirect";
import { readForm } from "~/.server/body";

function secretMatches(given: string | null, expected: string | undefined) {
  if (!given || !expected) return false;
  const encoder = new TextEncoder();
  return timingSafeEqual(encoder.encode(given), encoder.encode(expected));
}

/**
 * The studio's "Open on site" link: /api/cms/preview?secret=…&redirect=/path turns
 * draft preview on for this browser. A signed-in admin needs no secret.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const url = new URL(args.request.url);
  const admin = user && primaryRole(user.roles) === "admin";
  if (!admin && !secretMatches(url.searchParams.get("secret"), services.env.SANITY_PREVIEW_SECRET)) throw notFound();
  return redirect(safeRedirect(url.searchParams.get("redirect"), "/"), {
    headers: { "Set-Cookie": await previewCookie(services, args.request, true) },
  });
}

/** Form posts: `preview=on` (admins) or `preview=off` (anyone who has it on). */
export async function action(args: ActionFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const form = await readForm(args.request);
  const on = form.get("preview") === "on";
  if (on && !(user && primaryRole(user.roles) === "admin")) throw notFound();
  return redirect(safeRedirect(form.get("redirect"), "/"), {
    headers: { "Set-Cookie": await previewCookie(services, args.request, on) },
  });
}
