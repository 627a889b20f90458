import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Component, type ReactNode } from "react";

export const NOT_FOUND_TEXT = "This page could not be found";

/** Status and message of whatever a route threw (spec §8). */
export function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: NOT_FOUND_TEXT };
    const data = error.data as unknown;
    const message =
      typeof data === "string" && data
        ? data
        : typeof data === "object" && data && "error" in data && typeof data.error === "string"
          ? data.error
          : error.statusText || "Something went wrong";
    return { status: error.status, message };
  }
  if (error && typeof error === "object") {
    const e = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown }; message?: unknown };
    const status = [e.status, e.statusCode, e.response?.status].find((s) => typeof s === "number") as
      | number
      | undefined;
    // Remix replaces server error messages with "Unexpected Server Error" in production
    const message = typeof e.message === "string" && e.message ? e.message : "Something went wrong";
    return { status: status ?? 500, message };
  }
  return { status: 500, message: "Something went wrong" };
}

function HomeLink() {
  return (
    <Link to="/" className="btn-primary mt-6">
      Go back to home
    </Link>
  );
}

export function ErrorPage({ error }: { error: unknown }) {
  const { status, message } = describeError(error);
  return (
    <div className="card text-center" role="alert">
      <p className="text-5xl font-bold text-primary">{status}</p>
      <h1 className="mt-4 text-xl font-semibold" data-testid="error-message">
        {message}
      </h1>
      <HomeLink />
    </div>
  );
}

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

export function GeneralErrorBoundary() {
  const error = useRouteError();
  return (
    <ErrorPageGuard>
      <ErrorPage error={error} />
    </ErrorPageGuard>
  );
}
