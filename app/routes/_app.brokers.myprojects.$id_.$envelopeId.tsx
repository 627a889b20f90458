import type { MetaFunction } from "@remix-run/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import { signingAction, signingLoader } from "~/routes/_app.buyers.myprojects.$id_.$envelopeId/queries.server";
import { SigningPage } from "~/routes/_app.buyers.myprojects.$id_.$envelopeId/signing";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("Sign the NDA") }];

/** The signing page of an NDA envelope (spec: /{section}/myprojects/{id}/{envelopeid}). */
export const loader = (args: LoaderFunctionArgs) => signingLoader(args);
export const action = (args: ActionFunctionArgs) => signingAction(args);

export default SigningPage;

export { DealErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
