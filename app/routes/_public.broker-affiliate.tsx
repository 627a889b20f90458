import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/.server/auth";
import { ProsePage } from "~/components/prose-page";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("Broker affiliate program");

export async function loader(args: LoaderFunctionArgs) {
  await allowAnyone(args);
  return null;
}

export default function Page() {
  return (
    <ProsePage title="Broker affiliate program">
      <p>
        Brokers who introduce sellers or buyers to the marketplace share in the fees of the transactions they bring.
        Affiliates get their own search, follow their clients&apos; deals and are paid on closing.
      </p>
      <p>To join the program, create a broker account or contact our team.</p>
    </ProsePage>
  );
}
