import * as z from "zod/mini";
import { askSchema } from "./inbound";
import { FEEDBACK_REASONS } from "../deal";
import { projectBuyersIntentSchema } from "./project-buyers";
import { field, DAY_FORMAT, isCalendarDay, messages, byIntent } from "../validation";
import { marketToday } from "../days";
import { DESK_INTENTS } from "~/lib/deal";
import { once } from "~/lib/once";
export { DESK_INTENTS };

/** Typing one's name and ticking the box is the signature. */
export const signNdaSchema = once(() => z.object({
  signerName: field.text({ min: 3, max: 120 }),
  agree: z.literal("on", { error: "Tick the box to agree to the NDA." }),
}));

export const messageSchema = once(() => z.object({
  body: field.text({ max: 4000 }),
  // `key`: the form's one-time key (decision 083); a post without it (an older page, a client) is stored as before
  key: z.optional(z.string().check(z.maxLength(100))),
}));

/** The inbox's forms: mark every notification as read, or open one unread (read from then on). */
export const markReadSchema = once(() => byIntent([
  z.object({ intent: z.literal("mark-read") }),
  z.object({ intent: z.literal("open-notice"), id: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)) }),
]));

/** The terms of a letter of intent: the buyer's offer, a revision, or the seller's counter. */
export const offerTermsSchema = once(() => z.object({
  price: field.decimal({ min: 1, max: 100_000_000_000, thousands: true, cents: true }),
  structure: field.text({ max: 200 }),
  conditions: field.optionalText({ max: 2000 }),
  dueDiligenceDays: field.integer({ min: 0, max: 365 }),
  expiresOn: z.string({ error: messages.required }).check(
    z.trim(),
    z.refine(isCalendarDay, DAY_FORMAT),
    // an offer lasts to the end of its day in New York, for both sides (decision 121; offers.server isExpired)
    z.refine((v) => v >= marketToday(), "The offer cannot expire in the past: days are counted in New York time."),
  ),
  note: field.optionalText({ max: 1000 }),
}));

export const feedbackSchema = once(() => z.object({
  reasons: z
    .array(z.enum(FEEDBACK_REASONS, { error: "Choose from the list." }), { error: "Choose at least one reason." })
    .check(z.minLength(1, "Choose at least one reason.")),
  comment: field.optionalText({ max: 2000 }),
}));

/** A record's id, from a hidden field. */
/** A record a form names (hidden): anything but a whole number from 1 names none (posted by hand, it said "Invalid input: expected number, received NaN"). */
const NO_RECORD = "No such record.";
const id = () => z.coerce.number({ error: NO_RECORD }).check(z.int({ error: NO_RECORD }), z.positive({ error: NO_RECORD }));
/** A file from a file input; what it must be (present, not too large, its type by content) is checked where it is stored. */
const upload = () => field.optionalFile();

const onContract = <I extends string>(intent: I) => z.object({ intent: z.literal(intent), contractId: id() });
/**
 * The revision of the offer the page showed (decision 007: a step applies only to the terms its
 * actor saw); a form without it (an older page, a client) acts on the offer as it stands.
 */
const seenRevision = () => z.optional(id());
/** A one-button step on an offer; a note, if one is sent, is kept short. */
const onOffer = <I extends string>(intent: I) =>
  z.object({ intent: z.literal(intent), offerId: id(), revision: seenRevision(), note: z.pipe(z.optional(z.string()), z.transform((v: string | undefined) => (v ?? "").slice(0, 1000))) });

/** The teaser's forms (a buyer or broker before the NDA): open an NDA envelope, or pass on the project; any member: ask a question. */
export const teaserIntentSchema = once(() => byIntent([
  z.object({ intent: z.literal("request-nda") }),
  z.object({ intent: z.literal("pass") }),
  askSchema(),
]));

/** What a buyer does in the workspace: write to the seller, make, revise, accept or withdraw an offer. */
export const workspaceIntentSchema = once(() => byIntent([
  z.extend(messageSchema(), { intent: z.literal("message") }),
  z.extend(offerTermsSchema(), { intent: z.literal("offer") }),
  z.extend(offerTermsSchema(), { intent: z.literal("revise"), offerId: id(), revision: seenRevision() }),
  z.object({ intent: z.literal("accept"), offerId: id(), revision: seenRevision() }),
  z.object({ intent: z.literal("withdraw"), offerId: id() }),
]));
export type WorkspaceIntent = z.output<ReturnType<typeof workspaceIntentSchema>>;

/** A rejected NDA's reason, which the buyer reads: the desk's form carries the bounds too. */
export const NDA_REJECTION_REASON = { min: 5, max: 500 };

/**
 * The deal desk's forms (the seller's and the admin's project pages): NDAs, the
 * data room, the NDA template, answers to offers. Each page's union adds its own.
 */
export const deskIntentSchema = once(() => byIntent([
  onContract("approve-nda"),
  z.object({ intent: z.literal("reject-nda"), contractId: id(), reason: field.text(NDA_REJECTION_REASON) }),
  onContract("block"),
  onContract("unblock"),
  z.object({ intent: z.literal("auto-approve"), autoApprove: z.pipe(z.optional(z.string()), z.transform((v: string | undefined) => v === "on")) }),
  z.object({ intent: z.literal("upload-document"), file: upload() }),
  z.object({ intent: z.literal("delete-document"), documentId: id() }),
  z.object({ intent: z.literal("nda-template"), file: upload() }),
  z.extend(offerTermsSchema(), { intent: z.literal("counter"), offerId: id(), revision: seenRevision() }),
  onOffer("accept-offer"),
  onOffer("reject-offer"),
]));
export type DeskIntent = z.output<ReturnType<typeof deskIntentSchema>>;

const withdrawIntent = once(() => z.object({ intent: z.literal("withdraw") }));
/** A listing under offer: the sale went through, or the deal fell through (decision 091). */
const saleIntent = once(() => z.object({ intent: z.enum(["mark-sold", "fell-through"]) }));

/** The seller's project page: the desk, withdrawing the listing and closing its sale. */
export const sellerProjectSchema = once(() => byIntent([deskIntentSchema(), withdrawIntent(), saleIntent()]));

/** The admin's project page: the desk, the review (publish, return to the seller with a reason, withdraw, close a sale) and the buyer table. */
export const adminProjectSchema = once(() => byIntent([
  deskIntentSchema(),
  projectBuyersIntentSchema(),
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("reject"), reason: field.text({ min: 10, max: 1000 }) }),
  withdrawIntent(),
  saleIntent(),
]));
export type AdminProjectIntent = z.output<ReturnType<typeof adminProjectSchema>>;

/** The admin's data room permissions: close or open the data room to one buyer. */
export const dataRoomAccessSchema = once(() => byIntent([onContract("block"), onContract("unblock")]));
