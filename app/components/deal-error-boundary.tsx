import { useLocation } from "@remix-run/react";
import { ListPageErrorBoundary, MEMBER_HOME_LINK, type BackLink } from "./error-boundary";

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
 * message thread): the error shows inside the members' layout, with a link back to
 * the list the deal came from. Route modules re-export it as their ErrorBoundary.
 */
export function DealErrorBoundary() {
  const { pathname } = useLocation();
  return <ListPageErrorBoundary back={dealListOf(pathname)} />;
}
