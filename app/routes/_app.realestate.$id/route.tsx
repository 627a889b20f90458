import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { loadTeaser } from "~/models/teaser.server";
import { projectSummaryMarkup } from "~/components/project-facts.server";
import { TeaserView } from "~/components/teaser";
import { pageTitle } from "~/lib/meta";
import { idParam, onlyAsks } from "~/.server/http";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName ?? "Real estate") }];

/** A real estate listing before the NDA; other kinds are not found here. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: ["buyer", "seller", "admin"] });
  const teaser = await loadTeaser(services, { id: user.id, role, roles: user.roles, customerId: user.customerId }, idParam(args.params), { kind: "real_estate", counted: !onlyAsks(args.request) });
  return { ...teaser, summary: projectSummaryMarkup(teaser.project) };
}

export default function RealEstatePage() {
  return <TeaserView {...useLoaderData<typeof loader>()} />;
}
