import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { robotsTxt } from "~/lib/seo";
import { getServices } from "~/services.server";

/** For crawlers: the public pages are theirs, members' pages and links with tokens are not. */
export async function loader({ context }: LoaderFunctionArgs) {
  const services = await getServices(context);
  return new Response(robotsTxt(services.env.APP_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
