import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { sql } from "drizzle-orm";
import { apiJson } from "~/auth/api.server";
import { getServices } from "~/services.server";

/** For the start script and load balancers: the services boot and the database answers. */
export async function loader({ context }: LoaderFunctionArgs) {
  const services = await getServices(context);
  await services.db.run(sql`select 1`);
  return apiJson(services, { ok: true });
}
