import { Link, useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { formatCurrency } from "~/lib/format";
import { formatCompactCurrency } from "~/lib/format-figures";
import { titleMeta } from "~/lib/meta";
import { STATUS_LABELS } from "~/lib/project-kinds";
import { ownRealEstateValuations } from "~/models/real-estate.server";
import { StaticHtml } from "~/components/static-html";
import { realEstateMap } from "./map.server";
import { pageNumber } from "~/lib/query-params";

export const meta = () => titleMeta("Real-estate analytics");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"));
  const valuing = ownRealEstateValuations(services.db, { sellerId: user.id, page });
  const drawing = realEstateMap(services, { sellerId: user.id, places: valuing.then((v) => v.places), total: valuing.then((v) => v.total) });
  const [{ places: _places, ...valuations }, map] = await Promise.all([valuing, drawing]);
  return { ...valuations, map };
}

const ratio = (v: number | null, digits: number, suffix = "") => (v === null ? "—" : `${v.toFixed(digits)}${suffix}`);

export default function RealEstateAnalyticsPage() {
  const { rows, total, page, pageSize, map } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title="Real-estate analytics" />
      <p className="max-w-3xl text-sm text-slate-600">
        Your real-estate projects valued by direct capitalisation: the NOI you listed at the market cap rate for the property type and region
        (system data), ±50 basis points. Open one to change the assumptions.
      </p>
      <SimpleTable
        caption="Your real-estate projects and their valuation"
        headers={["Project", "Status", "Property type", "Region", "NOI", "Value range", "LTV", "DSCR"]}
        count={rows.length}
        empty="You have no real-estate projects."
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <Link to={`/sellers/analytics/real-estate/${r.id}`} className="link">
                {r.projectName}
              </Link>
            </td>
            <td>{STATUS_LABELS[r.status]}</td>
            <td>{r.propertyType || "—"}</td>
            <td>{r.region || "—"}</td>
            <td>{formatCurrency(r.noi)}</td>
            <td data-testid="value-range">
              {r.value.mid > 0 ? `${formatCompactCurrency(r.value.low)} – ${formatCompactCurrency(r.value.high)}` : "—"}
            </td>
            <td>{ratio(r.ltv, 1, "%")}</td>
            <td>{ratio(r.dscr, 2, "×")}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={pageSize} total={total} noun="projects" testId="real-estate-count" />
      {/* a block, not `contents`: the page's spacing sets its top margin as it did the figure's */}
      {map ? <StaticHtml markup={map} className="block" /> : null}
    </div>
  );
}
