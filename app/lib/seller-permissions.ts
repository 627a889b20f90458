/**
 * What a seller's colleague may do on the team's projects (issue #15 item 5). Every
 * permission includes seeing the project: a colleague who may answer offers must read them.
 */
export const SELLER_PERMISSIONS = ["view", "edit", "ndas", "dataRoom", "offers"] as const;
export type SellerPermission = (typeof SELLER_PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<SellerPermission, string> = {
  view: "View",
  edit: "Edit the listing",
  ndas: "Approve NDAs",
  dataRoom: "Manage the data room",
  offers: "Negotiate and answer offers",
};

/** A member's grants: for every project of the team, and per project (project id → permissions). */
export type SellerGrants = { all: SellerPermission[]; projects: Record<string, SellerPermission[]> };

export const NO_GRANTS: SellerGrants = { all: [], projects: {} };

/** The permissions a member holds on one project: what holds for all, and what was given for it. */
export function permissionsOn(grants: SellerGrants, projectId: number): Set<SellerPermission> {
  const held = new Set<SellerPermission>([...grants.all, ...(grants.projects[String(projectId)] ?? [])]);
  if (held.size) held.add("view");
  return held;
}

/**
 * A form that showed some projects' rows (one page of the team's): the permissions for all and on
 * the projects it showed are as chosen; a project it did not show keeps what it had, whatever the
 * form says of it.
 */
export function withShownReplaced(before: SellerGrants, chosen: SellerGrants, shown: readonly string[]): SellerGrants {
  const onForm = new Set(shown);
  const kept = Object.entries(before.projects).filter(([id]) => !onForm.has(id));
  const given = Object.entries(chosen.projects).filter(([id]) => onForm.has(id));
  return { all: chosen.all, projects: { ...Object.fromEntries(kept), ...Object.fromEntries(given) } };
}

export const everyPermission = () => new Set<SellerPermission>(SELLER_PERMISSIONS);

/** For the page: a yes or no for each permission. */
export function permissionFlags(held: Set<SellerPermission>) {
  return Object.fromEntries(SELLER_PERMISSIONS.map((p) => [p, held.has(p)])) as Record<SellerPermission, boolean>;
}

/** Keeps the known names, each once, in the list's order. */
export const cleanPermissions = (names: readonly string[]) => SELLER_PERMISSIONS.filter((p) => names.includes(p));
