import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { ListPageErrorBoundary, MEMBER_HOME_LINK, type BackLink } from "./error-boundary";
import { StaticHtml, type Markup } from "./static-html";

/** The list each deal page belongs to, by the path's leading segments. */
export const DEAL_LISTS: readonly (BackLink & { prefix: string })[] = [
  { prefix: "/buyers/myprojects/", to: "/buyers/myprojects/index_new", label: "Back to my deals" },
  { prefix: "/brokers/myprojects/", to: "/brokers/myprojects/index_new", label: "Back to my deals" },
  { prefix: "/messages/", to: "/messages", label: "Back to messages" },
];

export function dealListOf(pathname: string): BackLink {
  const list = DEAL_LISTS.find((l) => pathname.startsWith(l.prefix));
  return list ? { to: list.to, label: list.label } : MEMBER_HOME_LINK;
}

/**
 * The boundary of a deal page (workspace, NDA signing, seller's desk, admin's project,
 * message thread, teaser): the error shows inside the members' layout, with a link back to
 * the list the deal came from. Route modules re-export it as their ErrorBoundary. A step refused
 * because its listing left the market brings its own page, drawn on the server: what was typed, to copy.
 */
export function DealErrorBoundary() {
  const { pathname } = useLocation();
  const error = useRouteError();
  const closed = isRouteErrorResponse(error) ? (error.data as { closed?: Markup } | null)?.closed : undefined;
  return closed ? (
    <div className="mx-auto max-w-3xl py-8">
      <StaticHtml markup={closed} />
    </div>
  ) : (
    <ListPageErrorBoundary back={dealListOf(pathname)} />
  );
}
