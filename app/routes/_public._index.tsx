import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { isPreview } from "~/.server/preview";
import { allowAnyone } from "~/auth/guards.server";
import { Landing } from "~/components/landing";
import { publicMeta } from "~/lib/seo";

export const meta: MetaFunction<typeof loader> = (args) =>
  publicMeta(args, { path: "/", title: "Home", description: args.data?.settings?.hero.text });

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await allowAnyone(args);
  // the front door opens with its own words when the CMS cannot be reached and no copy is kept
  const settings = await services.content.siteSettings({ preview: await isPreview(services, args.request) }).catch(() => null);
  return { settings };
}

export default function IndexPage() {
  return <Landing settings={useLoaderData<typeof loader>().settings} />;
}
