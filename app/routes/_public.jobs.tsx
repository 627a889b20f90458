import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/.server/auth";
import { ProsePage } from "~/components/prose-page";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("Jobs");

export async function loader(args: LoaderFunctionArgs) {
  await allowAnyone(args);
  return null;
}

export default function Page() {
  return (
    <ProsePage title="Jobs">
      <p>
        We are a small team building the marketplace for private credit and illiquid assets. When we have openings,
        they are listed here; you are welcome to write to us through the contact page at any time.
      </p>
    </ProsePage>
  );
}
