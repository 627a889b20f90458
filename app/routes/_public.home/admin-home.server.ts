import type { Database } from "~/.server/db";
import { dailyChart } from "~/lib/charts";
import { adminAttention, weekActivity } from "~/models/admin-dashboard.server";

/**
 * The admin's home: what waits for action and the week's activity. The charts are
 * drawn here, on the server, so the page receives path strings and d3 stays out of
 * the browser bundle.
 */
export async function adminHome(db: Database, { now }: { now: Date }) {
  const [attention, week] = await Promise.all([adminAttention(db), weekActivity(db, { now })]);
  return {
    attention,
    charts: [
      dailyChart("Sign-ups", week.days, [{ label: "Sign-ups", values: week.signups }]),
      dailyChart("NDAs", week.days, [
        { label: "Requested", values: week.ndasRequested },
        { label: "Signed", values: week.ndasSigned },
      ]),
      dailyChart("Offers", week.days, [{ label: "Offers made", values: week.offers }]),
    ],
  };
}

export type AdminHome = Awaited<ReturnType<typeof adminHome>>;
