import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/server-runtime";
import type { MetaFunction } from "@remix-run/react";
import { json } from "@remix-run/server-runtime";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import stylesheet from "~/tailwind.css";
import { allowAnyone } from "~/auth/guards.server";
import { takeNotification } from "~/auth/session.server";
import { isPreview } from "~/.server/preview";
import { PreviewBanner } from "~/components/preview-banner";
import { toPublicUser } from "~/models/users.server";
import { unreadNotificationCount } from "~/models/notifications.server";
import { unreadMessageCount } from "~/models/negotiations.server";
import { sellerReach } from "~/models/seller-permissions.server";
import { primaryRole } from "~/lib/roles";
import type { Database } from "~/.server/db";
import type { User } from "~/.server/db/schema";
import { useNonce } from "~/lib/nonce";
import { pageTitle } from "~/lib/meta";
import { SiteHeader } from "~/components/site-header";
import { Snackbar } from "~/components/snackbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { usePageSessions } from "~/lib/analytics/use-page-sessions";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: pageTitle("Home") }];

/** Unread messages in the threads the member reads; a seller's include their team's as their permissions say. */
async function unreadMessagesOf(db: Database, user: User) {
  const role = primaryRole(user.roles);
  const reach = role === "seller" ? await sellerReach(db, { userId: user.id }) : undefined;
  return unreadMessageCount(db, user, role, reach);
}

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const { notification, headers } = await takeNotification(services, args.request);
  const preview = await isPreview(services, args.request);
  const [settings, notices, unreadMessages] = await Promise.all([
    services.content.siteSettings({ preview }).catch(() => null),
    user ? unreadNotificationCount(services.db, user.id) : 0,
    user ? unreadMessagesOf(services.db, user) : 0,
  ]);
  return json(
    {
      user: user ? toPublicUser(user) : null,
      // unread notifications include one per new message; the larger figure counts each thing once
      inbox: Math.max(notices, unreadMessages),
      notification,
      preview,
      footerLinks: settings?.footerLinks ?? [],
      // canonical URLs are on the public origin, whatever Host the request came with
      origin: services.env.APP_URL,
    },
    { headers },
  );
}


/** The inbox count in the navigation follows every navigation, not only form posts. */
export const shouldRevalidate = () => true;

export function useOptionalUser() {
  const data = useRouteLoaderData<typeof loader>("root");
  return data?.user ?? null;
}

export function useFooterLinks() {
  return useRouteLoaderData<typeof loader>("root")?.footerLinks ?? [];
}

/**
 * Signed-in pages and pages behind a token in their link stay out of search engines:
 * a route says so with `handle: { noindex: true }`, and a signed-in member's view of any page is theirs alone.
 */
function useNoindex() {
  const signedIn = Boolean(useRouteLoaderData<typeof loader>("root")?.user);
  const matches = useMatches();
  return signedIn || matches.some((m) => (m.handle as { noindex?: boolean } | undefined)?.noindex);
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const noindex = useNoindex();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1441a0" />
        {noindex ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a href="#content" className="skip-link">
          Skip to content
        </a>
        {children}
        {/* new pages open at the top; back/forward restores the saved position; a hash wins */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, notification, preview, inbox } = useLoaderData<typeof loader>();
  // signed-in members are tracked per page; admins are not (spec §4, §6)
  usePageSessions(user?.id ?? null, Boolean(user && user.role && user.role !== "admin"));
  return (
    <Document>
      {preview ? <PreviewBanner /> : null}
      <SiteHeader user={user} inbox={inbox} />
      <Snackbar notification={notification} />
      <div id="content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </div>
    </Document>
  );
}

export function ErrorBoundary() {
  return (
    <Document>
      <SiteHeader user={useOptionalUser()} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-16 outline-none">
        <GeneralErrorBoundary />
      </main>
    </Document>
  );
}
