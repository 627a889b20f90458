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
import { memberAsFound } from "~/auth/guessed-member.server";
import { isPreview } from "~/.server/preview";
import { siteShellFor } from "~/models/site-shell.server";
import { previewBannerMarkup, siteHeaderMarkup } from "~/components/site-header.server";
import { useNonce } from "~/lib/nonce";
import { pageTitle } from "~/lib/meta";
import { StaticHtml } from "~/components/static-html";
import { closeMenuOnEscape } from "~/components/site-header";
import { Snackbar, useFocusOnNewPage } from "~/components/snackbar";
import { errorMeta, GeneralErrorBoundary } from "~/components/error-boundary";
import { usePageSessions } from "~/lib/analytics/use-page-sessions";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) => (error ? errorMeta(error) : [{ title: pageTitle("Home") }]);

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const { notification, headers } = await takeNotification(services, args.request);
  const preview = await isPreview(services, args.request);
  const url = new URL(args.request.url);
  const [settings, { user: member, inbox, header }] = await Promise.all([services.content.siteSettings({ preview }).catch(() => null), siteShellFor(services.db, user, memberAsFound(args.context, user))]);
  const data = {
    user: member,
    inbox,
    // the header is drawn here for the path being opened (the root's data follows every navigation)
    headerMarkup: siteHeaderMarkup({ user: member, inbox, header, pathname: url.pathname }),
    notification,
    previewBanner: preview ? previewBannerMarkup(url.pathname + url.search) : null,
    footerLinks: settings?.footerLinks ?? [],
    // canonical URLs are on the public origin, whatever Host the request came with
    origin: services.env.APP_URL,
  };
  // an object is passed on to the page as it is; a Response only when a cookie goes with it
  return headers ? json(data, { headers }) : data;
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
  const { user, headerMarkup, notification, previewBanner } = useLoaderData<typeof loader>();
  // signed-in members are tracked per page; admins are not (spec §4, §6)
  usePageSessions(user?.id ?? null, Boolean(user && user.role && user.role !== "admin"));
  useFocusOnNewPage();
  return (
    <Document>
      {previewBanner ? <StaticHtml markup={previewBanner} /> : null}
      <StaticHtml markup={headerMarkup} onKeyDown={closeMenuOnEscape} />
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
      <ErrorPageHeader />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-16 outline-none">
        <GeneralErrorBoundary />
      </main>
    </Document>
  );
}

/** The header above an error page: as drawn for the page when the root's data arrived, else the name alone. */
function ErrorPageHeader() {
  const markup = useRouteLoaderData<typeof loader>("root")?.headerMarkup;
  if (markup) return <StaticHtml markup={markup} onKeyDown={closeMenuOnEscape} />;
  return (
    <header className="bg-primary px-4 py-3 text-white shadow">
      <a href="/" className="text-lg font-bold tracking-tight">
        Secondary Marketplace
      </a>
    </header>
  );
}
