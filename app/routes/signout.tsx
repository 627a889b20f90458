import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { signOut } from "~/auth/session.server";

/** Sign-out is a POST (a link could be triggered by another site); a GET just goes home. */
export async function loader(args: LoaderFunctionArgs) {
  await allowAnyone(args);
  return redirect("/home");
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await allowAnyone(args);
  return signOut(services, args.request);
}
