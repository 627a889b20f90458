import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/.server/auth";
import { Landing } from "~/components/landing";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("Home");

export async function loader(args: LoaderFunctionArgs) {
  await allowAnyone(args);
  return null;
}

export default function IndexPage() {
  return <Landing />;
}
