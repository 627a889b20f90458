import { z } from "zod";
import { field } from "../validation";

/**
 * The valuation's assumptions as query parameters (a GET form, a shareable link):
 * each optional, a missing one taking its default from the listing or system data.
 */
export const valuationQuerySchema = z.object({
  rent: field.decimal({ min: 0, max: 1e10, thousands: true }).optional(),
  vacancy: field.decimal({ min: 0, max: 100 }).optional(),
  expenses: field.decimal({ min: 0, max: 1e10, thousands: true }).optional(),
  capRate: field.decimal({ min: 0.5, max: 25 }).optional(),
  spread: field.integer({ min: 0, max: 500 }).optional(),
  loan: field.decimal({ min: 0, max: 1e11, thousands: true }).optional(),
  rate: field.decimal({ min: 0, max: 30 }).optional(),
  amortization: field.integer({ min: 0, max: 40 }).optional(),
});
export type ValuationQuery = z.output<typeof valuationQuerySchema>;
