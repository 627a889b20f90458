import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/.server/auth";
import { ProsePage } from "~/components/prose-page";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("Terms of use");

export async function loader(args: LoaderFunctionArgs) {
  await allowAnyone(args);
  return null;
}

export default function Page() {
  return (
    <ProsePage title="Terms of use">
      <p>
        These terms govern the use of the Secondary Marketplace by sellers, buyers, brokers and their agents. Listings
        are offered to qualified members only; nothing on this site is an offer to sell securities to the public.
      </p>
      <p>
        Information a seller shares after a confidentiality agreement is signed stays confidential under that
        agreement. Members are responsible for their own due diligence and for the accuracy of what they list.
      </p>
    </ProsePage>
  );
}
