import { Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";

function LoginFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-12 sm:py-20">
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}

/** The login layout: one narrow card in the middle of the page. */
export default function LoginLayout() {
  return (
    <LoginFrame>
      <Outlet />
    </LoginFrame>
  );
}

/** A sign-in page that fails (an unknown reset link, ...) shows its error in the same card. */
export function ErrorBoundary() {
  return (
    <LoginFrame>
      <GeneralErrorBoundary />
    </LoginFrame>
  );
}
