import { USER_STATE_LABELS, userState } from "~/lib/user-table";

/**
 * The users table's Status cell: a member of a deleted customer is that, whatever their own switch says
 * (they cannot sign in). Here, not in lib/user-table: the customer page's members table never shows one.
 */
export const userStatusLabel = (u: { enabled: boolean; locked: boolean; customerDeleted?: boolean }) =>
  u.customerDeleted ? "Deleted with their company" : USER_STATE_LABELS[userState(u)];
