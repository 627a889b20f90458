import { PERMISSION_LABELS, type SellerGrants } from "~/lib/seller-permissions";

/** One line a person reads: what holds for all projects, and on how many projects more was given. */
export function summarizeGrants(grants: SellerGrants) {
  const all = grants.all.length ? `All projects: ${grants.all.map((p) => PERMISSION_LABELS[p]).join(", ")}` : "";
  const count = Object.keys(grants.projects).length;
  const per = count ? `${count} project${count === 1 ? "" : "s"} with their own permissions` : "";
  return [all, per].filter(Boolean).join("; ") || "No permissions yet";
}
