/** Role names as the API and the database carry them. */
export const ROLE_NAMES = [
  "ROLE_BUYER",
  "ROLE_SELLER",
  "ROLE_ADMIN",
  "ROLE_BROKER",
  "ROLE_AGENT",
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Each role as the account form and its messages name it. */
export const ROLE_TEXT: Record<RoleName, string> = {
  ROLE_BUYER: "Buyer",
  ROLE_SELLER: "Seller",
  ROLE_ADMIN: "Admin",
  ROLE_BROKER: "Broker",
  ROLE_AGENT: "Agent",
};

/** The role a user acts as: the section of the site that is theirs. */
export type Role = "buyer" | "seller" | "admin" | "broker";

/** When a user holds several roles, the first of these wins (spec §3). */
const PRECEDENCE: ReadonlyArray<[RoleName, Role]> = [
  ["ROLE_BUYER", "buyer"],
  ["ROLE_SELLER", "seller"],
  ["ROLE_ADMIN", "admin"],
  ["ROLE_BROKER", "broker"],
];

export function primaryRole(roles: readonly string[]): Role | null {
  for (const [name, role] of PRECEDENCE) if (roles.includes(name)) return role;
  return null;
}

export function isAgent(roles: readonly string[]): boolean {
  return roles.includes("ROLE_AGENT");
}

export function hasScope(scope: readonly string[], wanted: string): boolean {
  return scope.includes(wanted);
}

/** Roles a person may choose for themselves on /join. */
export const JOINABLE_ROLES = [
  { value: "buyer", label: "Buyer", roleName: "ROLE_BUYER" },
  { value: "seller", label: "Seller", roleName: "ROLE_SELLER" },
  { value: "broker", label: "Broker", roleName: "ROLE_BROKER" },
] as const;

export const ROLE_LABELS: Record<Role, string> = {
  buyer: "Buyer",
  seller: "Seller",
  admin: "Admin",
  broker: "Broker",
};
