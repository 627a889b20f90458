import { useLoaderData } from "@remix-run/react";
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { contentPageData } from "~/models/content-pages.server";
import { renderContentPage } from "~/components/content-page.server";
import { ContentPage, contentPageMeta } from "~/components/content-page";

export const meta = contentPageMeta("/terms");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await allowAnyone(args);
  return renderContentPage(await contentPageData(services, args.request, "terms"));
}

export default function Page() {
  return <ContentPage {...useLoaderData<typeof loader>()} />;
}
