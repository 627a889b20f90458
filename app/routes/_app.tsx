import { Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary, MEMBER_HOME_LINK } from "~/components/error-boundary";

/** Signed-in pages stay out of search engines (root renders robots noindex). */
export const handle = { noindex: true };

function MembersFrame({ children }: { children: ReactNode }) {
  return <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">{children}</main>;
}

/** The default layout for members' pages. */
export default function DefaultLayout() {
  return (
    <MembersFrame>
      <Outlet />
    </MembersFrame>
  );
}

/** A members' page without a boundary of its own fails here: below the site navigation, back to the dashboard. */
export function ErrorBoundary() {
  return (
    <MembersFrame>
      <div className="mx-auto max-w-3xl py-8">
        <GeneralErrorBoundary back={MEMBER_HOME_LINK} />
      </div>
    </MembersFrame>
  );
}
