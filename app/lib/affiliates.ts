export const AFFILIATE_STATUSES = ["active", "inactive"] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const COMMISSION_STATUSES = ["pending", "approved", "paid"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** Partner codes: 8 characters without look-alikes (0/O, 1/I), so a code read aloud or typed works. */
export const AFFILIATE_CODE = /^[A-HJ-NP-Z2-9]{8}$/;
/** A buyer's own code: their id in base 36, a dash, and 8 hex digits of a MAC (so codes cannot be guessed). */
export const MEMBER_CODE = /^([0-9a-z]{1,8})-([0-9a-f]{8})$/;

/** The link a code is shared as. */
export const referralLink = (origin: string, code: string) => `${origin}/join?${new URLSearchParams({ ref: code })}`;
