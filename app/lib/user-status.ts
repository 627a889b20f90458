import { USER_STATE_LABELS, type UserState } from "./user-table";

// Apart from lib/user-table, whose filters the customer page's script loads: that page's Status cells come from its loader.

/** What the member's company is, when it keeps them from signing in (null: no company, or one that lets them in). */
export type CompanyBlock = "deleted" | "disabled" | "locked";
/** The Status cell of a member kept out by their company. */
export const COMPANY_BLOCK_LABELS: Record<CompanyBlock, string> = { deleted: "Deleted with their company", disabled: "Company disabled", locked: "Company locked" };
type StateOf = { enabled: boolean; locked: boolean; companyBlock?: CompanyBlock | null };
/** An account's state as the tables show and filter it (lib/user-table's USER_STATES). */
export const userState = (u: StateOf): UserState =>
  u.companyBlock === "deleted" ? "company" : !u.enabled ? "disabled" : u.companyBlock ? "company" : u.locked ? "locked" : "active";
/** The Status cell: the state, or for "company" what the company is. */
export const userStateLabel = (u: StateOf) => {
  const state = userState(u);
  return state === "company" && u.companyBlock ? COMPANY_BLOCK_LABELS[u.companyBlock] : USER_STATE_LABELS[state];
};
