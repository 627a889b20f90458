import { useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { LoanForm, PoolForm } from "~/components/loan-pricing-form";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { pricingOptions, sellerPools } from "~/models/loan-pricing.server";

export const meta = () => titleMeta("Loan pricing");

/** The query string pre-fills the forms: "Change the inputs" on a result comes back here with them. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const [options, pools] = await Promise.all([pricingOptions(services), sellerPools(services.db, { sellerId: user.id })]);
  const defaults = Object.fromEntries(new URL(args.request.url).searchParams);
  return { options, pools, defaults };
}

export default function LoanPricingPage() {
  const { options, pools, defaults } = useLoaderData<typeof loader>();
  const pool = "projectId" in defaults;
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title="Loan pricing" />
      <p className="text-sm text-slate-600">
        A price as a percent of par from monthly cash flows: prepayment and default at annual rates, losses at the severity, discounted at the
        benchmark curve at the loan&apos;s average life plus a spread for its risk, or at the yield you give.
      </p>
      <LoanForm options={options} defaults={pool ? undefined : defaults} />
      <PoolForm pools={pools} defaults={pool ? defaults : undefined} />
    </div>
  );
}
