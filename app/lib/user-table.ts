import { backWithin } from "./table-back";
import { ROLE_NAMES } from "./roles";

/** The admin user table (/admin/users): its columns, in table order, and its filters. */
export const USER_COLUMNS = [
  { value: "id", label: "ID", enabled: false },
  { value: "name", label: "Name", enabled: true },
  { value: "email", label: "E-mail", enabled: true },
  { value: "company", label: "Company", enabled: true },
  { value: "phone", label: "Phone", enabled: false },
  { value: "role", label: "Role", enabled: true },
  { value: "status", label: "Status", enabled: true },
  { value: "lastLoginAt", label: "Last login", enabled: true },
  { value: "createdAt", label: "Created", enabled: false },
  { value: "actions", label: "Actions", enabled: true, sortable: false },
] as const satisfies ReadonlyArray<{ value: string; label: string; enabled: boolean; sortable?: boolean }>;
export type UserColumn = (typeof USER_COLUMNS)[number]["value"];

/**
 * An account's state as the tables show and filter it. "company": its company keeps the member from
 * signing in (deleted, disabled or locked, as sign-in asks it), whatever their own switches say, but a
 * member disabled of their own is shown Disabled (Enable is what they need first) unless the company is
 * deleted. Then disabled wins over company, company over locked.
 */
export const USER_STATES = ["active", "locked", "disabled", "company"] as const;
export type UserState = (typeof USER_STATES)[number];
export const USER_STATE_LABELS: Record<UserState, string> = { active: "Active", locked: "Locked", disabled: "Disabled", company: "Kept out by their company" };

/** role is a ROLE_* name the account holds (ROLE_AGENT too). */
export const USER_FILTERS = { q: "", role: "Any", status: "Any" } as const;
export type UserFilters = { -readonly [K in keyof typeof USER_FILTERS]?: string };
export const USER_ROLE_FILTERS = ROLE_NAMES;

/** A customer's members on /admin/customers/{id}: the user table's columns that matter there. */
export const MEMBER_COLUMNS = [
  { value: "name", label: "Name", enabled: true },
  { value: "email", label: "E-mail", enabled: true },
  { value: "role", label: "Role", enabled: true },
  { value: "phone", label: "Phone", enabled: false },
  { value: "status", label: "Status", enabled: true },
  { value: "lastLoginAt", label: "Last sign-in", enabled: true },
  { value: "createdAt", label: "Added", enabled: false },
  { value: "actions", label: "Actions", enabled: true, sortable: false },
] as const satisfies ReadonlyArray<{ value: UserColumn; label: string; enabled: boolean; sortable?: boolean }>;
export const MEMBER_FILTERS = { q: "", status: "Any" } as const;

/**
 * The users table as the admin left it (its search, filters, sort and page), which its Edit link names in the
 * edit page's `?back=`: where the page's link and a save go back to. Only a view of that table; anything else
 * (a link made up elsewhere) is the table itself. A save went back to the bare table, the admin's place lost.
 */
export const usersTableBack = (search: string) => backWithin(search, ["/admin/users"]);

/** The edit page of a member, from the users table at `at`. */
export const userEditHref = (id: number, at: { pathname: string; search: string }) => `/admin/users/edit/${id}?${new URLSearchParams({ back: at.pathname + at.search })}`;
