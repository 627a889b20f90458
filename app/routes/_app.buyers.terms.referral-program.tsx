import { useLoaderData } from "@remix-run/react";
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { contentPage } from "~/models/content-pages.server";
import { ContentPage, contentPageMeta } from "~/components/content-page";

export const meta = contentPageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "buyer" });
  return contentPage(services, args.request, "referral-program");
}

export default function ReferralProgramPage() {
  return <ContentPage {...useLoaderData<typeof loader>()} />;
}
