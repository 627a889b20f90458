import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { applySecurityHeaders } from "~/.server/security-headers";
import { LOAN_TAPE_TEMPLATE } from "~/lib/loan-tape";

/** The loan tape template sellers fill in. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "seller" });
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="loan-tape-template.csv"',
      "Cache-Control": "private, max-age=3600",
    }),
    services.env,
  );
  return new Response(LOAN_TAPE_TEMPLATE, { headers });
}
