import type { ActionFunctionArgs } from "@remix-run/server-runtime";
import { receiveBeacon } from "~/.server/analytics/beacon";
import { getServices } from "~/.server/services";

/** The Node server's door to the beacon endpoint; on Workers worker/index.ts answers before Remix. */
export async function action({ request, context }: ActionFunctionArgs) {
  const services = await getServices(context);
  return receiveBeacon(services, request, services.recordPageSession);
}

export async function loader() {
  return new Response(JSON.stringify({ error: "Method not allowed" }), { status: 405, headers: { "Content-Type": "application/json" } });
}
