import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { fileResponse, idParam, notFound } from "~/.server/http";
import { DOCUMENT_CONTENT_TYPES } from "~/lib/deal";
import { findCustomer } from "~/models/customer-accounts.server";

/** A customer's on-boarding evidence (accreditation or QIB document): admins only. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const customer = await findCustomer(services.db, { customerId: idParam(args.params) });
  if (!customer?.evidenceKey || !customer.evidenceName) throw notFound();
  const bytes = await services.files.get(customer.evidenceKey);
  if (!bytes) throw notFound();
  const type = customer.evidenceName.toLowerCase().endsWith(".docx") ? "docx" : "pdf";
  return fileResponse(bytes, DOCUMENT_CONTENT_TYPES[type], customer.evidenceName);
}
