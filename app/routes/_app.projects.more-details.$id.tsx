import { useLoaderData, type MetaFunction } from "@remix-run/react";
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/.server/auth";
import { loadTeaser } from "~/.server/teaser";
import { TeaserView } from "~/components/teaser";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName ?? "Project") }];

/** A company before the NDA (spec: more-details). */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args);
  return loadTeaser(services, { id: user.id, role }, Number(args.params.id));
}

export default function MoreDetailsPage() {
  return <TeaserView project={useLoaderData<typeof loader>().project} />;
}
