import { createSession, redirect, type Session } from "@remix-run/server-runtime";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "~/.server/db/schema";
import type { FlashData, NotificationType, Services, SessionData } from "~/.server/services";
import { signedSessionCookieOf } from "~/.server/session-cookie";
import { memberFor } from "./guessed-member.server";
import { ttlCache } from "~/.server/ttl-cache";
import { findUserById, type SigninResult } from "~/models/users.server";
import { endSession, startSession, userForSession } from "~/models/sessions.server";
import { checkPassword } from "./signin.server";
import { readForm } from "~/.server/body";

/** remix-auth does the credential check; sessions are ours (sessions table + cookie). */
export function signinAuthenticator(services: Services) {
  const authenticator = new Authenticator<SigninResult>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) =>
      checkPassword(services, request, String(form.get("email") ?? ""), String(form.get("password") ?? "")),
    ),
    "form",
  );
  return authenticator;
}

/**
 * The browser's cookie session. A page reads it three times (the member, the flash message, the
 * preview), and every read checked the signature and decoded the value again: Remix's decoding
 * escapes the value a character at a time, some 6% of a page's CPU in the Worker. What a signed
 * value says never changes, so its data is remembered by that value (and the secret it was
 * checked with); each read still gets a session of its own, which it may change.
 */
async function readCookieSession(services: Services, request: Request): Promise<Session<SessionData, FlashData>> {
  const signed = signedSessionCookieOf(request);
  const key = signed && `${services.env.SESSION_SECRET}\n${signed}`;
  const known = key ? decodedCookies.get(key) : undefined;
  // Remix builds its session from the decoded data the same way, into a map of its own (Partial: a cookie may name none of it)
  if (known) return createSession<SessionData, FlashData>(known as SessionData);
  const session = await services.sessionStorage.getSession(request.headers.get("Cookie"));
  // `data` is a fresh object, taken before any read consumes a flash message
  if (key) decodedCookies.set(key, session.data);
  return session;
}
const decodedCookies = ttlCache<string, Session<SessionData, FlashData>["data"]>({ ttlMs: 10 * 60_000 });

/**
 * The signed-in user for this request, looked up once however many loaders ask. Remix hands each
 * loader its own copy of the request but the same load context, so a page's loaders share by
 * context and cookie. An action is looked up by its own request: the loaders that run after it in
 * the same request must see what it changed.
 */
const userCache = new WeakMap<object, Map<string, Promise<User | null>>>();
export function currentUser(services: Services, request: Request, context?: object): Promise<User | null> {
  const key = context && (request.method === "GET" || request.method === "HEAD") ? context : request;
  const cookie = request.headers.get("Cookie") ?? "";
  let byCookie = userCache.get(key);
  if (!byCookie) userCache.set(key, (byCookie = new Map()));
  let pending = byCookie.get(cookie);
  if (!pending) {
    const lookUp = () =>
      readCookieSession(services, request).then((session) => {
        const id = session.get("sessionId");
        return id ? userForSession(services.sessionDb, id, Date.now(), services.recordSessionTouch) : null;
      });
    // a Worker's GET may start from the member this cookie named before (decision 040)
    pending = context && key === context ? memberFor(context, request, lookUp) : lookUp();
    byCookie.set(cookie, pending);
  }
  return pending;
}

/**
 * The page-session beacon's member: the signed cookie names the session, and who holds it
 * is remembered for a minute, so a member's beacons cost no database read after the first.
 * It is remembered by the signed cookie itself: a cookie verified once need not be verified
 * again (the signature check was the beacon's largest cost after that read).
 * A session ended elsewhere (sign-out on another device, an admin locking the account)
 * stops counting within that minute; signing out here forgets it at once.
 */
const LIVE_SESSION_MS = 60_000;
const liveSessions = ttlCache<string, { sessionId: string; user: User | null }>({ ttlMs: LIVE_SESSION_MS });
// a session ended here, whichever of its cookies a beacon brings (a flash message changes the cookie)
const endedHere = ttlCache<string, true>({ ttlMs: LIVE_SESSION_MS });
export async function beaconMember(services: Services, request: Request): Promise<User | null> {
  const signed = signedSessionCookieOf(request);
  if (!signed) return null;
  const known = liveSessions.get(signed);
  if (known !== undefined && !endedHere.get(known.sessionId)) return known.user;
  const sessionId = (await readCookieSession(services, request)).get("sessionId");
  if (!sessionId) return null;
  const user = await userForSession(services.db, sessionId, Date.now(), services.recordSessionTouch);
  liveSessions.set(signed, { sessionId, user });
  return user;
}

/** The id of the session this browser's cookie names, if it names one. */
export async function currentSessionId(services: Services, request: Request) {
  return (await readCookieSession(services, request)).get("sessionId") ?? null;
}

/** A sign-in ends whatever session the browser had before. */
async function endPreviousSession(services: Services, request: Request) {
  const previousId = await currentSessionId(services, request);
  if (previousId) {
    await endSession(services.db, previousId);
    endedHere.set(previousId, true);
  }
}

export async function signIn(
  services: Services,
  request: Request,
  userId: number,
  { redirectTo, notification, notificationType = "success" }: { redirectTo: string; notification?: string; notificationType?: NotificationType },
) {
  await endPreviousSession(services, request);
  // a brand-new cookie session: nothing from before sign-in carries over
  const session = await services.sessionStorage.getSession();
  session.set("sessionId", await startSession(services.db, userId));
  if (notification) session.flash("notification", { message: notification, type: notificationType });
  return redirect(redirectTo, {
    headers: { "Set-Cookie": await services.sessionStorage.commitSession(session) },
  });
}

export async function signOut(services: Services, request: Request) {
  const session = await readCookieSession(services, request);
  const id = session.get("sessionId");
  if (id) {
    await endSession(services.db, id);
    endedHere.set(id, true);
  }
  const fresh = await services.sessionStorage.getSession();
  fresh.flash("notification", { message: "You have signed out.", type: "success" });
  return redirect("/signin", {
    headers: { "Set-Cookie": await services.sessionStorage.commitSession(fresh) },
  });
}

/** The longest notice carried to the next page (the session cookie holds it: browsers take 4 KB). */
const NOTICE_MAX_LENGTH = 500;

/** Redirect with a snackbar message that the next page shows once. */
export async function redirectWithNotification(
  services: Services,
  request: Request,
  to: string,
  message: string,
  type: NotificationType = "success",
) {
  const session = await readCookieSession(services, request);
  // a notice names what was typed (a name, an address): kept short enough for the cookie it rides in,
  // which failed to commit past the browser's limit after the work was done
  session.flash("notification", { message: message.length > NOTICE_MAX_LENGTH ? `${message.slice(0, NOTICE_MAX_LENGTH - 1)}…` : message, type });
  return redirect(to, {
    headers: { "Set-Cookie": await services.sessionStorage.commitSession(session) },
  });
}

export const SIGNED_OUT_POST = "You were signed out (in another tab, or your session ended), so what you sent was not saved. Sign in to go back to the page.";
export const SIGNED_OUT_POST_KEPT = "You were signed out (in another tab, or your session ended), so what you sent was not saved. What you typed is below: copy it, sign in, and send it again.";

/** The most of a signed-out form's text kept for the sign-in page, in UTF-8 bytes: it rides in the cookie (4 KB) too. */
const KEPT_MAX_BYTES = 1800;
/** Fields that are the page's, not typed: keys, what the form was opened with, choices by id; and passwords and secrets, never put in a cookie. */
const NOT_TYPED = /password|secret|token|key|opened|seen|revision|intent|redirect|code|^_|id$/i;

/**
 * A form sent by a member no longer signed in goes to sign-in with why, and its longer typed text (a
 * message, a reason, a note: 20 characters or more) kept for the sign-in page to show, since the page it
 * was typed on is gone. Short fields and choices are left out: they are quickly typed again.
 */
export async function signedOutPost(services: Services, request: Request, wanted: string) {
  let texts: string[] = [];
  if (request.headers.get("Content-Type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    try {
      const form = await readForm(request);
      texts = [...form.entries()].flatMap(([name, value]) => (typeof value === "string" && !NOT_TYPED.test(name) && value.trim().length >= 20 ? [value.trim()] : []));
    } catch {
      // unreadable or too large: the member is still told, without the text
    }
  }
  let kept = [...new Set(texts)].join("\n\n");
  const bytes = new TextEncoder().encode(kept);
  if (bytes.byteLength > KEPT_MAX_BYTES) kept = `${new TextDecoder().decode(bytes.slice(0, KEPT_MAX_BYTES)).replace(/\uFFFD$/, "")}…`;
  const session = await readCookieSession(services, request);
  session.flash("notification", kept ? { message: SIGNED_OUT_POST_KEPT, type: "warning", kept } : { message: SIGNED_OUT_POST, type: "warning" });
  return redirect(`/signin?${new URLSearchParams({ redirect: wanted })}`, {
    headers: { "Set-Cookie": await services.sessionStorage.commitSession(session) },
  });
}

/** Where to go back to after a form, and what to tell the person. */
export type Notice = { to: string; message: string; type?: NotificationType };

/** A model's answer to a form: a response, sent as it is, or a notice to redirect with. */
export async function replyOrNotify<O extends Response | Notice>(services: Services, request: Request, outcome: O) {
  if (outcome instanceof Response) return outcome as Exclude<O, Notice>;
  const { to, message, type } = outcome as Notice;
  return redirectWithNotification(services, request, to, message, type);
}

/** Reads (and so consumes) the flash notification; the returned header must be sent. */
export async function takeNotification(services: Services, request: Request) {
  const session = await readCookieSession(services, request);
  const notification = session.get("notification") ?? null;
  return {
    notification,
    headers: notification
      ? { "Set-Cookie": await services.sessionStorage.commitSession(session) }
      : undefined,
  };
}

/** How long the half-way state between the password and the code lasts. */
export const PENDING_SIGNIN_MS = 5 * 60_000;

/**
 * After the right password of a member with two-factor sign-in: the signed cookie
 * holds who is half-way and until when, never a session; only the code starts one.
 */
export async function beginSecondStep(services: Services, request: Request, userId: number, redirectTo: string) {
  const session = await services.sessionStorage.getSession();
  session.set("pendingSignin", { userId, redirectTo, expiresAt: Date.now() + PENDING_SIGNIN_MS });
  await endPreviousSession(services, request);
  return redirect("/signin/code", {
    headers: { "Set-Cookie": await services.sessionStorage.commitSession(session) },
  });
}

/** The member half-way through sign-in, or null when there is none or it has expired. */
export async function pendingSignin(services: Services, request: Request) {
  const pending = (await readCookieSession(services, request)).get("pendingSignin");
  if (!pending || pending.expiresAt <= Date.now()) return null;
  const user = await findUserById(services.db, pending.userId);
  if (!user || !user.enabled || !user.totpEnabledAt) return null;
  return { user, redirectTo: pending.redirectTo };
}

/** Forgets the half-way state (the code step gave up); back to the password with a message. */
export async function abandonSecondStep(services: Services, message: string) {
  const session = await services.sessionStorage.getSession();
  session.flash("notification", { message, type: "error" });
  return redirect("/signin", {
    headers: { "Set-Cookie": await services.sessionStorage.commitSession(session) },
  });
}
