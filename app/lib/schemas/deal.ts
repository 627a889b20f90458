import { z } from "zod";
import { FEEDBACK_REASONS } from "../deal";
import { field, messages } from "../validation";

/** Typing one's name and ticking the box is the signature. */
export const signNdaSchema = z.object({
  signerName: field.text({ min: 3, max: 120 }),
  agree: z.literal("on", { error: "Tick the box to agree to the NDA." }),
});

export const messageSchema = z.object({
  body: field.text({ max: 4000 }),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The terms of a letter of intent: the buyer's offer, a revision, or the seller's counter. */
export const offerTermsSchema = z.object({
  price: field.decimal({ min: 1, max: 100_000_000_000, thousands: true }),
  structure: field.text({ max: 200 }),
  conditions: field.optionalText({ max: 2000 }),
  dueDiligenceDays: field.integer({ min: 0, max: 365 }),
  expiresOn: z
    .string({ error: messages.required })
    .trim()
    .refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)), "Enter a date as YYYY-MM-DD.")
    .refine((v) => v >= new Date().toISOString().slice(0, 10), "The offer cannot expire in the past."),
  note: field.optionalText({ max: 1000 }),
});

export const rejectNdaSchema = z.object({
  contractId: field.integer({ min: 1 }),
  reason: field.text({ min: 5, max: 500 }),
});

export const feedbackSchema = z.object({
  reasons: z
    .array(z.enum(FEEDBACK_REASONS, { error: "Choose from the list." }), { error: "Choose at least one reason." })
    .min(1, "Choose at least one reason."),
  comment: field.optionalText({ max: 2000 }),
});
