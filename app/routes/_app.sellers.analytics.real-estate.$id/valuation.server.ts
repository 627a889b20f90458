import { parseWithZod } from "@conform-to/zod/v4";
import { defaultInputs, FALLBACK_MARKET, valueProperty, type ValuationInputs } from "~/lib/real-estate-valuation";
import { valuationQuerySchema } from "~/lib/schemas/real-estate";
import type { ownRealEstate } from "~/models/real-estate.server";
import { propertyTypeOf, storedPropertyOf } from "~/models/real-estate.server";

type Found = NonNullable<Awaited<ReturnType<typeof ownRealEstate>>>;

function withDefaults<R extends { initialValue?: Record<string, unknown> | null }>(reply: R, inputs: ValuationInputs): R {
  const given = reply.initialValue ?? {};
  return { ...reply, initialValue: { ...Object.fromEntries(Object.entries(inputs).map(([key, value]) => [key, String(value)])), ...given } };
}

/**
 * The valuation of one project: the defaults from the listing and system data, any
 * assumption the query changes, and where each default came from. A query that does
 * not parse values on the defaults and shows its errors on the form.
 */
export function valuationOf({ project, market }: Found, search: URLSearchParams) {
  const stored = storedPropertyOf(project);
  const defaults = defaultInputs(stored, market);
  const submission = parseWithZod(search, { schema: valuationQuerySchema() });
  const given = submission.status === "success" ? submission.value : {};
  const inputs: ValuationInputs = { ...defaults };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) inputs[key as keyof ValuationInputs] = value;
  const percent = (v: number) => `${v}%`;
  const sources: Record<keyof ValuationInputs, string> = {
    rent:
      stored.noi != null
        ? `Not stored by the listing: backed out of its NOI with the market expense ratio (${percent((market ?? FALLBACK_MARKET).expenseRatio)}).`
        : "Not stored by the listing, which has no NOI either: enter the rent.",
    vacancy:
      stored.occupancy != null
        ? `100% less the listing's occupancy (${percent(stored.occupancy)}).`
        : market
          ? "System data for the type and region."
          : "No system data for this type: a middle-of-the-market guess.",
    expenses: "Not stored by the listing: the market expense ratio of the income after vacancy.",
    capRate: market ? `System data: ${market.propertyType}, ${market.region}.` : "No system data for this type: a middle-of-the-market guess.",
    spread: "Assumed: the value range's cap rates either side of the market rate.",
    loan: stored.loanAmount != null ? "The listing's loan amount." : "Not stored by the listing.",
    rate: stored.waInterest != null ? "The listing's weighted average interest rate." : "Not stored by the listing.",
    amortization: "Not stored by the listing: assumed; 0 for interest only.",
  };
  return {
    property: {
      id: project.id,
      projectName: project.projectName || "Untitled draft",
      propertyType: propertyTypeOf(project),
      region: project.location,
      state: project.state,
      city: String(project.details.city ?? ""),
      address: String(project.details.address ?? ""),
      listedNoi: stored.noi ?? null,
    },
    defaults,
    inputs,
    sources,
    valuation: valueProperty(inputs),
    // the form shows what was sent; an assumption the address did not name shows its default, not an empty field
    result: submission.status === "success" ? null : withDefaults(submission.reply(), inputs),
  };
}
