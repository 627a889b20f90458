import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/.server/auth";
import { ProsePage } from "~/components/prose-page";
import { titleMeta } from "~/lib/meta";

export const meta = () => titleMeta("Privacy policy");

export async function loader(args: LoaderFunctionArgs) {
  await allowAnyone(args);
  return null;
}

export default function Page() {
  return (
    <ProsePage title="Privacy policy">
      <p>
        We keep the personal data members give us (name, company, e-mail, phone) to run their accounts and to put
        buyers and sellers in touch. We record which listings members view so that sellers and our team can follow
        interest in a listing; administrators are not tracked.
      </p>
      <p>Sessions use one strictly necessary cookie. To have your data corrected or erased, contact us.</p>
    </ProsePage>
  );
}
