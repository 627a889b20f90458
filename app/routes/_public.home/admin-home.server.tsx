import type { Database } from "~/.server/db";
import { staticMarkupOf } from "~/components/static-html.server";
import { dailyChart } from "~/lib/charts";
import { adminAttention, weekActivity } from "~/models/admin-dashboard.server";
import type { PublicUser } from "~/models/users.server";
import { AdminDashboard } from "./admin-dashboard";

/**
 * The admin's home: what waits for action and the week's activity, drawn here to markup (it only
 * shows and links), so the page receives HTML and SVG and none of the code that draws them.
 */
export async function adminHome(db: Database, { user, now }: { user: Pick<PublicUser, "name" | "company">; now: Date }) {
  const [attention, week] = await Promise.all([adminAttention(db), weekActivity(db, { now })]);
  // kept by what it shows: the charts' geometry is computed only when the numbers change
  return staticMarkupOf(["admin-home", user.name, user.company, attention, week], () => {
    const charts = [
      dailyChart("Sign-ups", week.days, [{ label: "Sign-ups", values: week.signups }]),
      dailyChart("NDAs", week.days, [
        { label: "Requested", values: week.ndasRequested },
        { label: "Signed", values: week.ndasSigned },
      ]),
      dailyChart("Offers", week.days, [{ label: "Offers made", values: week.offers }]),
    ];
    return <AdminDashboard user={{ name: user.name, company: user.company }} home={{ attention, charts }} />;
  });
}
