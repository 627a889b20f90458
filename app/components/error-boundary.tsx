import { Link, isRouteErrorResponse, useParams, useRouteError, type Params } from "@remix-run/react";
import type { HeadersFunction } from "@remix-run/server-runtime";
import { Component, type ReactNode } from "react";
import { titleMeta } from "~/lib/meta";

export const NOT_FOUND_TEXT = "This page could not be found";
export const FORBIDDEN_TEXT = "You do not have access to this page";
export const SERVER_ERROR_TEXT = "Something went wrong";
export const METHOD_NOT_ALLOWED_TEXT = "Method not allowed.";
/** The title of a 503 page (content unreachable): its heading is the whole sentence. */
export const UNAVAILABLE_TITLE = "Temporarily unavailable";

/** Status and message of whatever a route threw (spec §8). */
export function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: NOT_FOUND_TEXT };
    if (error.status === 405) return { status: 405, message: METHOD_NOT_ALLOWED_TEXT };
    // the router's own refusals carry a note for the developer ("You made a POST request to ... but did
    // not provide an `action`"), not for the visitor
    const internal = (error as { internal?: unknown }).internal === true;
    const data = internal ? null : (error.data as unknown);
    const message =
      typeof data === "string" && data
        ? data
        : typeof data === "object" && data && "error" in data && typeof data.error === "string"
          ? data.error
          : error.statusText || SERVER_ERROR_TEXT;
    return { status: error.status, message };
  }
  if (error && typeof error === "object") {
    const e = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown }; message?: unknown };
    const status = [e.status, e.statusCode, e.response?.status].find((s) => typeof s === "number") as
      | number
      | undefined;
    // Remix replaces server error messages with "Unexpected Server Error" in production
    const message = typeof e.message === "string" && e.message ? e.message : SERVER_ERROR_TEXT;
    return { status: status ?? 500, message };
  }
  return { status: 500, message: SERVER_ERROR_TEXT };
}

/**
 * The title of an error page, as its heading says (a 404 is "Page not found", as a missing content
 * page's). Remix gives a route's meta the `error` when the page is an error page: the root's meta
 * takes it (the layouts' boundaries have no meta of their own), and so does the meta of a route
 * with its own boundary, whose loader data is missing then.
 */
export function errorMeta(error: unknown) {
  const { status, message } = describeError(error);
  return titleMeta(
    status === 404 ? "Page not found" : status === 403 ? FORBIDDEN_TEXT : status === 500 ? SERVER_ERROR_TEXT : status === 503 ? UNAVAILABLE_TITLE : message,
  );
}

/**
 * The `headers` of a route whose boundary shows a thrown answer: Remix keeps a thrown Response's
 * headers only for the boundary route's own `headers`, and a 503's `Retry-After` was lost. The rest
 * is what the parent routes set, as without the export.
 */
export const errorPageHeaders: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** Where the error page sends the reader: home, unless the boundary knows a better place. */
export type BackLink = { to: string; label: string };
export const HOME_LINK: BackLink = { to: "/", label: "Go back to home" };

export function ErrorCard({
  status,
  title,
  detail,
  back = HOME_LINK,
}: {
  status: number;
  title: string;
  detail?: string | null;
  back?: BackLink;
}) {
  return (
    <div className="card text-center" role="alert" data-testid="error-page" data-status={status}>
      <p className="text-5xl font-bold text-primary">{status}</p>
      <h1 className="mt-4 text-xl font-semibold" data-testid="error-message">
        {title}
      </h1>
      {detail ? <p className="mt-2 text-sm text-slate-600">{detail}</p> : null}
      <Link to={back.to} className="btn-primary mt-6">
        {back.label}
      </Link>
    </div>
  );
}

/** The error page of the root boundary: status and message, a link home. */
export function ErrorPage({ error, back }: { error: unknown; back?: BackLink }) {
  const { status, message } = describeError(error);
  return <ErrorCard status={status} title={message} back={back} />;
}

/**
 * What a status handler is given: the thrown error, its status and message, the route's
 * params and the boundary's way back. Handlers are called, not mounted: hooks belong in
 * the components they return.
 */
export type ErrorInfo = { error: unknown; status: number; message: string; params: Params; back: BackLink };
export type StatusHandler = (info: ErrorInfo) => ReactNode;

/** A message worth showing beneath a generic heading (not the heading again, not Remix's placeholder). */
const detailOf = (message: string, heading: string) =>
  message === heading || message === "Unexpected Server Error" || /^(Forbidden|Internal Server Error)$/.test(message) ? null : message;

/** The pages every boundary shows unless it is given its own: 404, 403, 500. */
export const DEFAULT_STATUS_HANDLERS: Readonly<Record<number, StatusHandler>> = {
  404: ({ back }) => <ErrorCard status={404} title={NOT_FOUND_TEXT} back={back} />,
  403: ({ message, back }) => <ErrorCard status={403} title={FORBIDDEN_TEXT} detail={detailOf(message, FORBIDDEN_TEXT)} back={back} />,
  500: ({ message, back }) => <ErrorCard status={500} title={SERVER_ERROR_TEXT} detail={detailOf(message, SERVER_ERROR_TEXT)} back={back} />,
};

/** Any other status (400, 413, ...): its own message. */
export const fallbackStatusHandler: StatusHandler = ({ status, message, back }) => <ErrorCard status={status} title={message} back={back} />;

/** If rendering the error page throws, this is what is left to show. */
export class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="card text-center" role="alert">
        <h1 className="text-xl font-semibold">An error occurred while showing the error page</h1>
        <a href="/" className="btn-primary mt-6">
          Go back to home
        </a>
      </div>
    );
  }
}

/**
 * The error page of a route: picks the handler for the thrown status (`statusHandlers`, then
 * the defaults for 404, 403 and 500, then `defaultStatusHandler`). It renders where the
 * route's component would have, so the layouts above it stay on the page. It uses no
 * effects, so the server renders it as the browser does.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = fallbackStatusHandler,
  back = HOME_LINK,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  defaultStatusHandler?: StatusHandler;
  back?: BackLink;
}) {
  const error = useRouteError();
  const params = useParams();
  const { status, message } = describeError(error);
  const handler = statusHandlers?.[status] ?? DEFAULT_STATUS_HANDLERS[status] ?? defaultStatusHandler;
  return <ErrorPageGuard>{handler({ error, status, message, params, back })}</ErrorPageGuard>;
}

export const MEMBER_HOME_LINK: BackLink = { to: "/home", label: "Go back to home" };

/**
 * The boundary of a page inside the members' layout that knows the list it belongs to: the error
 * shows in place of the page, with a link back to that list. Route modules re-export it.
 */
export function ListPageErrorBoundary({ back }: { back: BackLink }) {
  return (
    <div className="mx-auto max-w-3xl py-8">
      <GeneralErrorBoundary back={back} />
    </div>
  );
}
