import * as z from "zod/mini";
import { field, messages, byIntent } from "../validation";
import { AFFILIATE_STATUSES, COMMISSION_STATUSES } from "../affiliates";
import { once } from "~/lib/once";

const id = once(() => z.coerce.number({ error: messages.required }).check(z.int(), z.positive()));

/** /admin/marketing/affiliates: an affiliate application becomes a partner. */
export const approveAffiliateSchema = once(() => z.object({ inquiryId: field.integer({ min: 1 }), commissionPercent: field.decimal({ min: 0, max: 100, percent: true }) }));

/** /admin/marketing/affiliates/{id}: where one referral's commission stands. */
export const commissionSchema = once(() => z.object({
  referralId: id(),
  status: field.listed(COMMISSION_STATUSES),
  // where the page showed it: a change made meanwhile (paid by another admin) is not moved back unseen
  from: z.optional(z.enum(COMMISSION_STATUSES)),
}));

/**
 * /admin/marketing/affiliates/{id}: a referral's commission, or the partner itself switched
 * off (its link then brings sign-ups that are not attributed) or on again.
 */
export const affiliatePageSchema = once(() => byIntent([
  z.extend(commissionSchema(), { intent: z.literal("commission") }),
  z.object({ intent: z.literal("partner"), status: field.listed(AFFILIATE_STATUSES) }),
]));
