import * as z from "zod/mini";
import { field } from "../validation";
import { once } from "~/lib/once";

/**
 * The valuation's assumptions as query parameters (a GET form, a shareable link):
 * each optional, a missing one taking its default from the listing or system data.
 */
export const valuationQuerySchema = once(() => z.object({
  rent: z.optional(field.decimal({ min: 0, max: 1e10, thousands: true })),
  vacancy: z.optional(field.decimal({ min: 0, max: 100, percent: true })),
  expenses: z.optional(field.decimal({ min: 0, max: 1e10, thousands: true })),
  capRate: z.optional(field.decimal({ min: 0.5, max: 25, percent: true })),
  spread: z.optional(field.integer({ min: 0, max: 500 })),
  loan: z.optional(field.decimal({ min: 0, max: 1e11, thousands: true })),
  rate: z.optional(field.decimal({ min: 0, max: 30, percent: true })),
  amortization: z.optional(field.integer({ min: 0, max: 40 })),
}));
export type ValuationQuery = z.output<ReturnType<typeof valuationQuerySchema>>;
