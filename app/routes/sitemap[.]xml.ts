import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { sitemapUrls, sitemapXml } from "~/lib/seo";
import { getServices } from "~/services.server";

/** The public pages, the CMS's public pages and its open jobs, on the public origin (APP_URL). */
export async function loader({ context }: LoaderFunctionArgs) {
  const services = await getServices(context);
  const content = await services.content.sitemap();
  return new Response(sitemapXml(services.env.APP_URL, sitemapUrls(content)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
