import { useLoaderData } from "@remix-run/react";
import { json, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { idParam, notFound } from "~/.server/http";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { ownRealEstate } from "~/models/real-estate.server";
import { AssumptionsForm } from "./assumptions-form";
import { ValuationSummary } from "./valuation-summary";
import { valuationOf } from "./valuation.server";

export const meta = () => titleMeta("Real-estate valuation");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const found = await ownRealEstate(services.db, { sellerId: user.id, projectId: idParam(args.params) });
  if (!found) throw notFound();
  const page = valuationOf(found, new URL(args.request.url).searchParams);
  // assumptions that do not parse: the page on the defaults with the form's messages, answered as the mistake it is
  return json(page, { status: page.result ? 400 : 200 });
}

export default function RealEstateValuationPage() {
  const { property, defaults, inputs, sources, valuation, result } = useLoaderData<typeof loader>();
  const place = [property.address, property.city, property.state].filter(Boolean).join(", ");
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={property.projectName} />
      <p className="text-sm text-slate-600">
        {property.propertyType || "Property type not given"} · {property.region || "Region not given"}
        {place ? ` · ${place}` : ""}
      </p>
      <ValuationSummary valuation={valuation} inputs={inputs} listedNoi={property.listedNoi} />
      <AssumptionsForm inputs={inputs} defaults={defaults} sources={sources} result={result} />
    </div>
  );
}
