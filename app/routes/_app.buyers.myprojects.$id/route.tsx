import type { MetaFunction } from "@remix-run/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import { workspaceAction, workspaceLoader } from "~/routes/_app.buyers.myprojects.$id/queries.server";
import { WorkspacePage } from "~/routes/_app.buyers.myprojects.$id/workspace";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName ?? "Project") }];

/** The buyers workspace of a project: with an approved NDA only; spec §2 sends everyone else on. */
export const loader = (args: LoaderFunctionArgs) => workspaceLoader(args, "buyers");
export const action = (args: ActionFunctionArgs) => workspaceAction(args, "buyers");

export default WorkspacePage;

export { DealErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
