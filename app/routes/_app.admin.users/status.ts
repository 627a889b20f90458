import { COMPANY_BLOCK_LABELS, userStateLabel, type CompanyBlock } from "~/lib/user-status";

/**
 * The users table's Status cell: a member of a deleted customer is that, whatever their own switch says
 * (they cannot sign in); a member of a disabled or locked customer is shown so (sign-in refuses them
 * too), unless disabled of their own.
 */
export const userStatusLabel = (u: { enabled: boolean; locked: boolean; customerDeleted?: boolean; companyBlock?: CompanyBlock | null }) =>
  u.customerDeleted ? COMPANY_BLOCK_LABELS.deleted : userStateLabel(u);
